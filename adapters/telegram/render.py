"""What the bot writes: a player's table, what happened, the list of games — as plain text.

Everything a player is shown is built from their ``PlayerView`` (and public events, which
``service.words.narration`` only ever describes with cards that were face up), so the opponent's hidden
cards cannot appear: there is nothing here that could name them.  Every sentence is in the
reader's language (``tr``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from zoneinfo import ZoneInfo

from service.game.codec import is_rules_event
from service.game.events import (
    ClockPaused,
    ClockResumed,
    DeadlineExtended,
    GameCancelled,
    GameId,
    PlayerId,
    PlayerJoined,
    RematchAccepted,
    RematchOffered,
    TurnTimedOut,
    WinClaimed,
)
from service.language.notation import cards_text
from service.language.translation import ENGLISH, Translator
from service.ports.protocols import GameSummary, StoredEvent
from service.rules.seats import Phase
from service.rules.variants import DeckFaces
from service.rules.view import PlayerView
from service.words.narration import capitalized, center_text, narrate, table_text
from service.words.prompts import options_text

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
    tr: Translator = ENGLISH,
) -> str:
    """The table as ``view.seat`` sees it, what they can do, and by when, in ``tr``'s language."""
    faces = view.variant.deck_faces
    me, them = view.seat, view.opponent
    scores = view.match.scores
    empty = tr.gettext("(empty)")
    lines = [
        tr.gettext(
            "Game {game} · deal {deal} · you are player {number} · score {mine}–{theirs}",
            game=short(game_id),
            deal=view.deal_number,
            number=me.number,
            mine=scores[me],
            theirs=scores[them],
        ),
        tr.ngettext(
            "{name} (player {number}): {table} · {n} card in hand",
            "{name} (player {number}): {table} · {n} cards in hand",
            view.hand_sizes[them],
            name=names[them],
            number=them.number,
            table=table_text(view.tables[them], faces, tr),
        ),
        tr.gettext("You: {table}", table=table_text(view.tables[me], faces, tr)),
    ]
    if view.center is not None and view.source is not None:
        center = center_text(view.center, view.source, view.player, faces, tr, names)
        lines.append(tr.gettext("Center card: {card}", card=center))
    lines.append(
        tr.gettext("Stock: {stock} · dead: {dead}", stock=view.stock_size, dead=view.dead_size)
    )
    if view.dead:
        lines.append(tr.gettext("Dead cards: {cards}", cards=cards_text(view.dead, faces)))
    lines.append(tr.gettext("Your hand: {cards}", cards=cards_text(view.hand, faces) or empty))
    if view.revealed is not None:
        lines.append(
            tr.gettext(
                "{name}'s hand was: {cards}",
                name=names[them],
                cards=cards_text(view.revealed, faces) or empty,
            )
        )
    lines.append(_whose_turn(view, names, tr))
    if due is not None and view.phase is not Phase.OVER:
        lines.append(tr.gettext("Deadline: {when}", when=due))
    return "\n".join(lines)


def _whose_turn(view: PlayerView, names: tuple[str, str], tr: Translator) -> str:
    options = options_text(view, tr, names)
    return tr.gettext("Your turn. {options}", options=options) if view.is_my_decision else options


def due_text(due_at: datetime, timezone: str, now: datetime, tr: Translator = ENGLISH) -> str:
    """``Tue 3 Mar, 09:00 Europe/Madrid (in 23 h)``, in the player's language."""
    try:
        zone = ZoneInfo(timezone)
    except (KeyError, ValueError):
        zone, timezone = ZoneInfo("UTC"), "UTC"
    local = due_at.astimezone(zone)
    left = due_at - now
    hours = int(left.total_seconds() // 3600)
    minutes = int(left.total_seconds() % 3600 // 60)
    if left.total_seconds() <= 0:
        remaining = tr.gettext("passed")
    elif hours:
        remaining = tr.ngettext("in {n} hour", "in {n} hours", hours)
    else:
        remaining = tr.ngettext("in {n} minute", "in {n} minutes", minutes)
    return tr.gettext(
        "{when} {zone} ({remaining})", when=tr.when(local), zone=timezone, remaining=remaining
    )


def happened(
    events: Iterable[StoredEvent],
    names: dict[PlayerId, str],
    seat_names: tuple[str, str],
    faces: DeckFaces,
    tr: Translator = ENGLISH,
) -> list[str]:
    """One public sentence per event worth telling (deal commitments and the like are not),
    cards spelled in the game's deck faces."""
    lines = []
    for stored in events:
        line = public_line(stored, names, seat_names, faces, tr)
        if line:
            lines.append(capitalized(line))
    return lines


def public_line(
    stored: StoredEvent,
    names: dict[PlayerId, str],
    seat_names: tuple[str, str],
    faces: DeckFaces,
    tr: Translator = ENGLISH,
) -> str | None:
    event = stored.event
    if is_rules_event(event):
        return narrate(event, faces, tr, seat_names)
    match event:
        case PlayerJoined(player=player):
            return tr.gettext("{name} joins: the match begins.", name=names.get(player, player))
        case GameCancelled(player=player):
            return tr.gettext("{name} calls the game off.", name=names.get(player, player))
        case RematchOffered(player=player):
            return tr.gettext(
                "{name} offers a rematch (/rematch to accept).", name=names.get(player, player)
            )
        case RematchAccepted(player=player):
            return tr.gettext("{name} accepts the rematch.", name=names.get(player, player))
        case TurnTimedOut(seat=seat):
            return tr.gettext("{name}'s time ran out.", name=seat_names[seat])
        case WinClaimed(seat=seat):
            return tr.gettext("{name} claims the win on time.", name=seat_names[seat])
        case DeadlineExtended(seat=seat):
            return tr.gettext("{name} gives more time.", name=seat_names[seat])
        case ClockPaused(seat=seat):
            return tr.gettext("{name} is away; their clock is paused.", name=seat_names[seat])
        case ClockResumed(seat=seat):
            return tr.gettext("{name} is back.", name=seat_names[seat])
    return None


def clip(text: str, limit: int = TEXT_LIMIT) -> str:
    """``text`` cut to Telegram's limit, the cut marked; the end (the table) is kept."""
    if len(text) <= limit:
        return text
    return "…\n" + text[-(limit - 2) :]


def games_text(
    lines: Sequence[GameSummary],
    me: PlayerId,
    names: dict[PlayerId, str],
    tr: Translator = ENGLISH,
) -> str:
    """``/games``: one line per game, whose turn it is first."""
    if not lines:
        return tr.gettext("You have no games. /new starts one; /new bot plays against the bot.")
    out = [tr.gettext("Your games:")]
    for line in sorted(lines, key=lambda s: (s.to_act != me, s.status != "playing")):
        opponent = next((p for p in line.players if p is not None and p != me), None)
        against = (
            tr.gettext("waiting for an opponent")
            if opponent is None
            else tr.gettext("vs {name}", name=names.get(opponent, opponent))
        )
        out.append(f"{short(line.game_id)} {against} · {_state(line, me, tr)}")
    return "\n".join(out)


def _state(line: GameSummary, me: PlayerId, tr: Translator) -> str:
    if line.status == "over":
        return tr.pgettext("game", "over")
    if line.status == "open":
        return tr.pgettext("game", "open")
    if line.to_act == me:
        return tr.gettext("your turn")
    return tr.gettext("their turn")
