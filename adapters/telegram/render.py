"""What the bot writes: a player's table, what happened, the list of games — as plain text.

Everything a player is shown is built from their ``PlayerView`` (``service.words.position``) and public
events (``service.words.news`` only ever tells of cards that were face up), so the opponent's hidden
cards cannot appear: there is nothing here that could name them.  Every sentence is in the
reader's language (``tr``).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from zoneinfo import ZoneInfo

from service.delivery.notices import Line
from service.game import events as game_events
from service.game.codec import LogEvent
from service.game.events import GameId, PlayerId
from service.game.status import GameStatus
from service.game.stored import StoredEvent
from service.game.talk_events import TALK_EVENTS
from service.language.translation import ENGLISH, Translator
from service.ports.protocols import GameSummary
from service.rules.cards import Card
from service.rules.seats import Phase, Seat
from service.rules.variants import Variant
from service.rules.view import PlayerView
from service.words.cast import Cast, named
from service.words.news import news
from service.words.position import position

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
    """The position as ``view.seat`` sees it (``service.words.position``) under the game's short id,
    and by when they must decide, in ``tr``'s language."""
    seen = position(view, named(names, tr, view.seat), tr)
    lines = [tr.gettext("Game {game}", game=short(game_id)), *seen.all_lines]
    if due is not None and view.phase is not Phase.OVER:
        lines.append(tr.gettext("Deadline: {when}", when=due))
    return "\n".join(lines)


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


TOLD = (
    game_events.PlayerJoined,
    game_events.GameCancelled,
    game_events.RematchOffered,
    game_events.RematchAccepted,
    game_events.TurnTimedOut,
    game_events.WinClaimed,
    game_events.DeadlineExtended,
    game_events.ClockPaused,
    game_events.ClockResumed,
)
"""The game events a chat is told of besides the moves (not the opening, the deals' commitments
or standing instructions)."""


def worth_telling(event: LogEvent, player: bool = True) -> bool:
    """Whether a group (``player`` False) or a player's chat is told of ``event``."""
    return is_told(type(event), player)


def is_told(
    kind: type[LogEvent], player: bool = True, doer: Seat | None = None, reader: Seat | None = None
) -> bool:
    """Whether a chat is told of events of ``kind``: the moves and the game events in ``TOLD``;
    talk at the table only a player's own chat (``player``), and a standing instruction only
    the chat of the ``reader`` who gave it (its ``doer``: what it will show the opponent is said
    where it is turned on)."""
    if issubclass(kind, game_events.PRIVATE_EVENTS) and not issubclass(kind, TALK_EVENTS):
        return reader is not None and doer is reader
    if issubclass(kind, TALK_EVENTS):
        return player
    return not issubclass(kind, game_events.GAME_EVENTS) or issubclass(kind, TOLD)


def told_lines(lines: Sequence[Line], seat: Seat, tr: Translator = ENGLISH) -> list[str]:
    """The sentences of a notice's ``lines`` a player's chat is told (``seat``: the player's),
    a rematch the opponent offers with the command that accepts it."""
    return [
        _hinted(line.text, tr)
        if line.kind is game_events.RematchOffered and line.doer is not seat
        else line.text
        for line in lines
        if is_told(line.kind, True, line.doer, seat) and line.text
    ]


def happened(
    events: Sequence[StoredEvent],
    variant: Variant,
    cast: Cast,
    tr: Translator = ENGLISH,
    center: Card | None = None,
    told: int | None = None,
) -> list[str]:
    """The news (``service.words.news``) of the events a group is told among ``events[:told]``
    (a player's chat is told the lines of their ``Notice``, ``told_lines``); the later events
    only name a forced card."""
    logged = [one.event for one in events]
    said = news(logged, variant, cast, tr, center, told)
    return [
        line
        for event, line in zip(logged, said, strict=False)
        if worth_telling(event, player=False) and line
    ]


def _hinted(line: str, tr: Translator) -> str:
    """The line of a rematch offered to the reader, with the command that accepts it."""
    hint = tr.gettext("Send /rematch to accept.")
    return f"{line} {hint}"


RECENT = 4
"""How many lines of news a waiting board shows above its table (issue 34): the latest; the
whole story is the board's one-line record once it is put away."""


def recent(lines: Sequence[str], keep: int = RECENT) -> list[str]:
    """The last ``keep`` of ``lines``, an ellipsis standing for the rest."""
    return list(lines) if len(lines) <= keep else ["…", *lines[-keep:]]


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
    for line in sorted(lines, key=lambda s: (s.to_act != me, s.status != GameStatus.PLAYING)):
        opponent = next((p for p in line.players if p is not None and p != me), None)
        against = (
            tr.gettext("waiting for an opponent")
            if opponent is None
            else tr.gettext("vs {name}", name=names.get(opponent, opponent))
        )
        out.append(f"{short(line.game_id)} {against} · {_state(line, me, tr)}")
    return "\n".join(out)


def _state(line: GameSummary, me: PlayerId, tr: Translator) -> str:
    if line.status == GameStatus.OVER:
        return tr.pgettext("game", "over")
    if line.status == GameStatus.OPEN:
        return tr.pgettext("game", "open")
    if line.to_act == me:
        return tr.gettext("your turn")
    return tr.gettext("their turn")
