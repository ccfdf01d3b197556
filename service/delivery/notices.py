"""What a notification tells its player, for any channel to word and lay out.

A notification names a game and a range of its events (``kind`` ``moves``), or a decision that is
due soon (``reminder``).  ``notice`` turns it into a ``Notice``: the news as public sentences, the
player's own view when it is their decision, and the deadline in the player's time zone and in
UTC.  Only the player's view is used (``view_for`` of their seat), and the sentences are the
public narration told to the player, so nothing in a notice shows the opponent's hidden cards.

A notice is all a channel lays out (``delivery/dispatch.py`` hands it to each sender): besides
the news of the notification's range it holds a ``Line`` for every event from an earlier
version on, if a channel asked for one (the start of a chat's board, the reader's last move),
the players' names, the deadline as a time, and whether a rematch may be offered — so no
channel reads the log again to word it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from service.clock.deadlines import ClockSettings, Deadline, in_quiet_hours
from service.game.codec import LogEvent
from service.game.events import (
    PRIVATE_EVENTS,
    DealRevealed,
    GameId,
    PlayerId,
    PlayerJoined,
    QuietHoursSet,
    TurnTimedOut,
)
from service.game.hint_rules import may_hint
from service.game.instructions import suggests_auto_pass
from service.game.state import Game
from service.game.status import GameStatus
from service.game.stored import StoredEvent
from service.game.talk_events import TALK_EVENTS, MessageSaid, OfferMade
from service.game.talk_rules import standing_offer
from service.language.notation import in_faces
from service.language.translation import ENGLISH, Translator
from service.ports.protocols import Notification
from service.rules.events import MatchEnded
from service.rules.seats import Phase, Seat
from service.rules.view import PlayerView, view_for
from service.words.cast import Cast, cast_of
from service.words.lessons import lessons_now, prompt_text
from service.words.news import forced_card, news
from service.words.talk_news import heard

NOT_MOVES = (QuietHoursSet, TurnTimedOut, *PRIVATE_EVENTS, *TALK_EVENTS)
"""Events with a ``seat`` that are not that seat's move: a record of settings, a timeout (news
to the player who ran out of time), a standing instruction, talk at the table."""


@dataclass(frozen=True, slots=True)
class Line:
    """One event of the log as a notice's reader is told it."""

    seq: int
    kind: type[LogEvent]
    """What the event is: a channel may tell some kinds only (a chat no deal commitments)."""
    text: str
    """Its sentence for the reader; empty when they are told nothing of it (a muted message)."""
    doer: Seat | None
    """Whose doing it is (the seat it names), if anyone's."""


@dataclass(frozen=True, slots=True)
class Notice:
    game_id: GameId
    player: PlayerId
    kind: str
    """``moves`` or ``reminder``, as the notification's."""
    news: tuple[str, ...]
    """A public sentence per event of the notification's range (none for a reminder), but none
    for a deal's revealed salt: a string of hex in every list of news helps nobody; the ending
    links to the replay, which checks every deal against its commitment (issue 34)."""
    view: PlayerView
    """The player's own view of the game as it stands now."""
    version: int
    """The game's version now: what a reply or a button sends back."""
    your_turn: bool
    deadline: str | None
    """When the player's decision falls due, in their time zone and in UTC; None when the game
    waits for the opponent or for nobody."""
    language: str = "en"
    """The player's language, in which ``news`` and ``deadline`` are written: a channel words the
    rest of the notice in it too (``service.language.translation.translator``)."""
    answer_offer: bool = False
    """An offer of the opponent's (a draw, an adjournment) waits for the player's answer."""
    overtaken: bool = False
    """The game moved on after the notification's events (``moves_on``): a later notification,
    or the player's own move, tells that turn, so no channel tells this one as a turn.  A
    reminder is overtaken once its decision is made."""
    starts_game: bool = False
    """The guest sat down: the host hears of it at once, even when the first decision is the
    guest's (the invitation promised it)."""
    opponent_talks: bool = False
    """The opponent's message or offer is among the news: told when it comes, even while the
    player waits (a muted opponent's words make no notification at all)."""
    suggests_auto_pass: bool = False
    """Passing is all the player can do, for the third time in the game: the notice suggests
    ``auto pass`` this once (``instructions.suggests_auto_pass``)."""
    notification: Notification | None = None
    """The notification this notice tells (one of no events for a channel's own board)."""
    lines: tuple[Line, ...] = ()
    """Every event from version ``since`` on, as the player is told it (``news`` is the
    notification's range of them, the empty sentences left out)."""
    since: int = 1
    status: GameStatus = GameStatus.PLAYING
    names: tuple[str, str] = ("", "")
    """The players' names by seat, as the news calls them."""
    due_at: datetime | None = None
    """When the player's decision falls due (``deadline`` words it), None if not theirs."""
    timezone: str = "UTC"
    """The player's time zone."""
    rematch: bool = True
    """Whether a rematch may be offered to the player (not with an opponent who erased
    themselves)."""
    result: str = ""
    """How the match ended, told to the player, when its end is among ``lines``."""
    own_move: int | None = None
    """The first event after the player's own last move among ``lines`` (None: none there)."""
    news_from: int = 1
    """The first event ``news`` tells: the notification's first, or the talk held back from the
    player in their quiet hours just before it (``held_back``), which is told with it."""
    may_hint: bool = False
    """The player may ask for a hint now (``hint_rules``): a channel offers its button."""
    prompt: str = ""
    """The guided first deal's prompt at this decision (``words/lessons.py``), in the reader's
    language; empty outside a practice game and at a decision of a kind met before.  A channel
    lays it out as one more line."""

    @property
    def asks(self) -> bool:
        """Whether the notice asks the player for a decision now: what is worth a message."""
        return self.view.is_my_decision and self.view.phase is not Phase.OVER

    @property
    def ends_match(self) -> bool:
        """Whether the match is over: every channel tells the end, once."""
        return self.view.phase is Phase.OVER

    @property
    def opponent(self) -> str:
        """What the news calls the player's opponent."""
        return self.names[self.view.seat.other]

    def covers(self, first: int) -> bool:
        """Whether the lines tell every event from version ``first`` on."""
        return first >= self.since

    def between(self, first: int, last: int | None = None) -> list[Line]:
        """The lines of events ``first`` … ``last`` (to the end), which the notice must cover."""
        assert self.covers(first), f"a notice from {self.since} has no news from {first}"
        return [one for one in self.lines if first <= one.seq and (last is None or one.seq <= last)]


def notice(
    game: Game,
    events: Sequence[StoredEvent],
    notification: Notification,
    due: Deadline | None,
    timezone: str = "UTC",
    tr: Translator = ENGLISH,
    faces: str = "",
    cast: Cast | None = None,
    for_good: bool = False,
    now: datetime | None = None,
    rematch: bool = True,
    quiet: ClockSettings | None = None,
    occasion: str = "",
) -> Notice:
    """The notice of ``notification`` on ``game`` as it stands, in the language of ``tr`` (the
    player's), told to the player (``cast``, by default the players' ids as names).  ``events``
    are the game's log from some version up to the notification's first event on (a ``Line``
    each): those after its range only name a forced card.  ``for_good``: the player muted the
    opponent in every game (``muting``); ``now``: an offer that lapsed by then waits for no
    answer; ``rematch``: whether a rematch may be offered to the player; ``quiet``: the player's
    settings, whose quiet hours held talk back from them (``held_back``: the news tells it);
    ``occasion``: a sentence told after the news that the guest sat down (the round of a
    tournament)."""
    seat = game.seat_of(notification.player)
    assert seat is not None, "a notification goes to a player of the game"
    cast = cast or cast_of(game.players, None, tr, notification.player)
    view = in_faces(view_for(game.rules, seat), faces)
    told = 0 if notification.kind == "reminder" else notification.to_seq
    first = notification.from_seq
    if quiet is not None and notification.kind == "moves":
        first = held_back(events, first, lambda one: _doer(one, game) is seat, quiet)
    logged = [one.event for one in events]
    muted = game.talk.muted[seat] or for_good
    said = news(logged, view.variant, cast, tr, forced_card(game.rules), None, muted)
    if occasion:
        said = [
            f"{text}\n{occasion}" if isinstance(event, PlayerJoined) else text
            for event, text in zip(logged, said, strict=False)
        ]
    lines = tuple(
        Line(one.seq, type(one.event), text, _doer(one.event, game))
        for one, text in zip(events, said, strict=False)
    )
    mine = due is not None and due.player == notification.player
    told_now = [one for one in events if notification.from_seq <= one.seq <= told]
    if notification.kind == "reminder":
        overtaken = game.version != notification.to_seq or not view.is_my_decision
    else:
        overtaken = moves_on([one for one in events if one.seq > notification.to_seq])
    offer = game.talk.offer if now is None else standing_offer(game, now)
    return Notice(
        game.id,
        notification.player,
        notification.kind,
        tuple(
            heard(
                line.text
                for line in lines
                if first <= line.seq <= told and line.kind is not DealRevealed  # no salts
            )
        ),
        view,
        game.version,
        mine,
        deadline_text(due.due_at, timezone, tr) if mine and due is not None else None,
        tr.language,
        offer is not None and offer.seat is not seat,
        overtaken,
        any(isinstance(one.event, PlayerJoined) for one in told_now),
        any(
            isinstance(one.event, MessageSaid | OfferMade) and one.event.seat is not seat
            for one in told_now
        ),
        suggests_auto_pass(game, seat),
        notification,
        lines,
        events[0].seq if events else first,
        game.status,
        cast.names,
        due.due_at if mine and due is not None else None,
        timezone,
        rematch,
        next((line.text for line in reversed(lines) if line.kind is MatchEnded), ""),
        _after_own_move(lines, seat, notification.from_seq),
        first,
        may_hint(game, seat),
        prompt_text(lessons_now(game, seat), view, tr),
    )


def held_back(
    events: Sequence[StoredEvent],
    first: int,
    own: Callable[[LogEvent], bool],
    quiet: ClockSettings,
) -> int:
    """Where the news of a notification from version ``first`` begins: at the run of talk just
    before it that was held back from its reader in their ``quiet`` hours (``Journal``: talk
    wakes nobody, it waits for the next notice), else at ``first``.  Going back from ``first``
    through ``events``, the run takes talk said in the quiet hours and what notified nobody (a
    standing instruction, a mute); it ends at anything else, and at the reader's ``own`` doing,
    which they saw.  The quiet hours are the reader's as they are now: hours changed since the
    talk may tell it again or leave it untold."""
    start = first
    for one in reversed([one for one in events if one.seq < first]):
        if own(one.event) or not isinstance(one.event, TALK_EVENTS + PRIVATE_EVENTS):
            break
        if not isinstance(one.event, PRIVATE_EVENTS) and not in_quiet_hours(one.at, quiet):
            break
        start = one.seq
    return start


def _doer(event: LogEvent, game: Game) -> Seat | None:
    """The seat whose doing ``event`` is: the seat it names, or its player's."""
    seat = getattr(event, "seat", None)
    if isinstance(seat, Seat):
        return seat
    player = getattr(event, "player", None)
    return None if player is None else game.seat_of(player)


def _after_own_move(lines: Sequence[Line], seat: Seat, first: int) -> int | None:
    """The first event after ``seat``'s last move before version ``first`` among ``lines``."""
    moves = [
        line.seq
        for line in lines
        if line.seq < first and line.doer is seat and not issubclass(line.kind, NOT_MOVES)
    ]
    return moves[-1] + 1 if moves else None


def moves_on(later: Sequence[StoredEvent]) -> bool:
    """Whether events after a notification's range move the game on: anything but a record of
    quiet hours, a standing instruction or talk at the table, which tell nobody of a turn."""
    return any(
        not isinstance(one.event, (QuietHoursSet, *PRIVATE_EVENTS, *TALK_EVENTS)) for one in later
    )


def deadline_text(due_at: datetime, timezone: str, tr: Translator = ENGLISH) -> str:
    """``Tue 3 Mar, 08:00 Europe/Madrid (07:00 UTC)``: the player's time, then the absolute one,
    with the day and month as the player's language writes them."""
    utc = due_at.astimezone(UTC)
    if timezone == "UTC":
        return tr.gettext("{when} UTC", when=tr.when(utc))
    local = due_at.astimezone(ZoneInfo(timezone))
    return tr.gettext(
        "{when} {zone} ({utc} UTC)", when=tr.when(local), zone=timezone, utc=f"{utc:%H:%M}"
    )
