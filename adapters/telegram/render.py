"""What the bot writes: a player's table, what happened, the list of games — as plain text.

Everything a player is shown is built from their ``PlayerView`` (and public events, which
``service.narration`` only ever describes with cards that were face up), so the opponent's hidden
cards cannot appear: there is nothing here that could name them.  English for now.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from zoneinfo import ZoneInfo

from service.codec import is_rules_event
from service.game_events import (
    ClockPaused,
    ClockResumed,
    DeadlineExtended,
    GameId,
    PlayerId,
    PlayerJoined,
    RematchAccepted,
    RematchOffered,
    TurnTimedOut,
    WinClaimed,
)
from service.narration import center_text, narrate, table_text
from service.notation import cards_text
from service.ports import GameSummary, StoredEvent
from service.prompts import options_text
from service.rules.seats import Phase
from service.rules.variants import DeckFaces
from service.rules.view import PlayerView

TEXT_LIMIT = 4096
CAPTION_LIMIT = 1024
SHORT_ID = 6
"""How many characters of a game id the bot shows (``#3fa2c1``); any unique prefix is accepted."""


def short(game_id: GameId) -> str:
    return f"#{game_id[:SHORT_ID]}"


def table_text_for(
    view: PlayerView,
    game_id: GameId,
    names: tuple[str, str],
    due: str | None = None,
) -> str:
    """The table as ``view.seat`` sees it, what they can do, and by when."""
    faces = view.variant.deck_faces
    me, them = view.seat, view.opponent
    match = view.match
    lines = [
        f"Game {short(game_id)} · deal {view.deal_number} · you are player {me.number} · "
        f"score {match.scores[me]}–{match.scores[them]}",
        f"{names[them]} (player {them.number}): {table_text(view.tables[them], faces)}"
        f" · {view.hand_sizes[them]} cards in hand",
        f"You: {table_text(view.tables[me], faces)}",
    ]
    if view.center is not None and view.source is not None:
        center = center_text(view.center, view.source, view.player, faces)
        lines.append(f"Center card: {_named(center, names)}")
    lines.append(f"Stock: {view.stock_size} · dead: {view.dead_size}")
    if view.dead:
        lines.append(f"Dead cards: {cards_text(view.dead, faces)}")
    lines.append(f"Your hand: {cards_text(view.hand, faces) or '(empty)'}")
    if view.revealed is not None:
        lines.append(f"{names[them]}'s hand was: {cards_text(view.revealed, faces) or '(empty)'}")
    lines.append(_whose_turn(view, names))
    if due is not None and view.phase is not Phase.OVER:
        lines.append(f"Deadline: {due}")
    return "\n".join(lines)


def _whose_turn(view: PlayerView, names: tuple[str, str]) -> str:
    options = _named(options_text(view), names)
    return f"Your turn. {options}" if view.is_my_decision else options


def due_text(due_at: datetime, timezone: str, now: datetime) -> str:
    """``Tue 3 Mar 09:00 Europe/Madrid (in 23 h)``."""
    try:
        zone = ZoneInfo(timezone)
    except (KeyError, ValueError):
        zone, timezone = ZoneInfo("UTC"), "UTC"
    local = due_at.astimezone(zone)
    left = due_at - now
    hours = int(left.total_seconds() // 3600)
    minutes = int(left.total_seconds() % 3600 // 60)
    if left.total_seconds() <= 0:
        remaining = "passed"
    elif hours:
        remaining = f"in {hours} h"
    else:
        remaining = f"in {minutes} min"
    return f"{local:%a} {local.day} {local:%b %H:%M} {timezone} ({remaining})"


def happened(
    events: Iterable[StoredEvent],
    names: dict[PlayerId, str],
    seat_names: tuple[str, str],
    faces: DeckFaces,
) -> list[str]:
    """One public sentence per event worth telling (deal commitments and the like are not),
    cards spelled in the game's deck faces."""
    lines = []
    for stored in events:
        line = public_line(stored, names, seat_names, faces)
        if line:
            lines.append(line[0].upper() + line[1:])
    return lines


def public_line(
    stored: StoredEvent, names: dict[PlayerId, str], seat_names: tuple[str, str], faces: DeckFaces
) -> str | None:
    event = stored.event
    if is_rules_event(event):
        return _named(narrate(event, faces), seat_names)
    match event:
        case PlayerJoined(player=player):
            return f"{names.get(player, player)} joins: the match begins."
        case RematchOffered(player=player):
            return f"{names.get(player, player)} offers a rematch (/rematch to accept)."
        case RematchAccepted(player=player):
            return f"{names.get(player, player)} accepts the rematch."
        case TurnTimedOut(seat=seat, policy=policy):
            return f"{seat_names[seat]}'s time ran out ({policy})."
        case WinClaimed(seat=seat):
            return f"{seat_names[seat]} claims the win on time."
        case DeadlineExtended(seat=seat):
            return f"{seat_names[seat]} gives more time."
        case ClockPaused(seat=seat):
            return f"{seat_names[seat]} is away; their clock is paused."
        case ClockResumed(seat=seat):
            return f"{seat_names[seat]} is back."
    return None


def _named(sentence: str, seat_names: tuple[str, str]) -> str:
    """A narration with "player 1" / "Player 2" replaced by the players' names."""
    for number, name in ((1, seat_names[0]), (2, seat_names[1])):
        sentence = sentence.replace(f"Player {number}", name).replace(f"player {number}", name)
    return sentence


def clip(text: str, limit: int = TEXT_LIMIT) -> str:
    """``text`` cut to Telegram's limit, the cut marked; the end (the table) is kept."""
    if len(text) <= limit:
        return text
    return "…\n" + text[-(limit - 2) :]


def games_text(lines: Sequence[GameSummary], me: PlayerId, names: dict[PlayerId, str]) -> str:
    """``/games``: one line per game, whose turn it is first."""
    if not lines:
        return "You have no games. /new starts one; /new bot plays against the bot."
    out = ["Your games:"]
    for line in sorted(lines, key=lambda s: (s.to_act != me, s.status != "playing")):
        opponent = next((p for p in line.players if p is not None and p != me), None)
        against = (
            "waiting for an opponent" if opponent is None else f"vs {names.get(opponent, opponent)}"
        )
        if line.status == "over":
            state = "over"
        elif line.status == "open":
            state = "open"
        elif line.to_act == me:
            state = "your turn"
        else:
            state = "their turn"
        out.append(f"{short(line.game_id)} {against} · {state}")
    return "\n".join(out)
