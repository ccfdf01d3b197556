"""A game as folded from its log: who plays, the rules state, the fairness record, the rematch.

``fold(stored)`` is the only way a ``Game`` is made, so a game's state is always its log's.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import NamedTuple, TypeVar

from service.game.codec import is_rules_event
from service.game.events import (
    ClockPaused,
    ClockResumed,
    DeadlineExtended,
    DealCommitted,
    DealRevealed,
    GameCancelled,
    GameId,
    GameOpened,
    InstructionGiven,
    InstructionWithdrawn,
    PlayerId,
    PlayerJoined,
    QuietHoursSet,
    RematchAccepted,
    RematchOffered,
    TimeControl,
    TurnTimedOut,
)
from service.game.lessons import Lessons, learnt
from service.game.status import GameStatus
from service.game.stored import StoredEvent, UnknownGame
from service.game.talk_events import TALK_EVENTS
from service.game.talk_state import Talk, talk_after
from service.rules.events import (
    DECISION_BOUNDARIES,
    CardRefused,
)
from service.rules.evolve import evolve
from service.rules.legal import only_pass
from service.rules.seats import Phase, Seat
from service.rules.state import GameState, initial_state
from service.rules.variants import MatchTerms, Variant


class Pause(NamedTuple):
    since: datetime
    until: datetime


class Clocks(NamedTuple):
    """What the time control needs to know beyond when the current decision began."""

    reserve_used: tuple[int, int] = (0, 0)
    """Seconds of its reserve (bank) each seat has spent on slow decisions."""
    timeouts_in_row: tuple[int, int] = (0, 0)
    paused: tuple[Pause | None, Pause | None] = (None, None)
    """Each seat's latest vacation pause (it may lie in the past)."""
    extended_until: datetime | None = None
    """The current decision's deadline as extended by the waiting player."""
    instructions: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    """Each seat's standing instructions, in the order given."""
    deciding: Seat | None = None
    """Whose decision the clock runs for (None between deals and once the match is over)."""
    quiet: tuple[tuple[str, str], tuple[str, str]] = (("UTC", ""), ("UTC", ""))
    """Each seat's time zone and quiet hours for its current decision's deadline."""
    quiet_set: tuple[tuple[str, str], tuple[str, str]] = (("UTC", ""), ("UTC", ""))
    """Each seat's time zone and quiet hours as last recorded (``QuietHoursSet``): in force from
    the next decision, so setting quiet hours never moves a deadline already running."""
    timed_out: Seat | None = None
    """The seat whose decision just timed out, until the move made for it ends that decision
    (kept here, not in a local, so a log folds the same however it is cut)."""


PASSES_COUNTED = 3
"""How many passes where passing was all a seat could do ``Game.only_passes`` counts: as many as
``instructions.suggests_auto_pass`` needs.  Counting on would cost every later refusal a look at
the legal moves whenever a game is folded (a fifth of a replay's time, measured)."""


class Game(NamedTuple):
    id: GameId
    host: PlayerId
    players: tuple[PlayerId | None, PlayerId | None]
    invitation: str
    variant: Variant
    terms: MatchTerms
    time_control: TimeControl
    rematch_of: GameId | None
    rules: GameState
    version: int
    """How many events the game has: the expected version of the next append."""
    commitments: tuple[DealCommitted, ...]
    revealed: tuple[int, ...]
    """Deal numbers whose salt has been revealed."""
    rematch_offer: PlayerId | None
    rematch: GameId | None
    opened_at: datetime
    updated_at: datetime
    turn_since: datetime
    """When the current decision (or status) began: what deadlines and game lists count from."""
    clocks: Clocks
    cancelled: bool = False
    """The host called the game off before anyone joined."""
    rated: bool | None = None
    """The host's choice of rated or casual (``GameOpened.rated``); a rematch keeps it."""
    talk: Talk = Talk()
    """The standing offer, the mutes and the messages (``talk_state``)."""
    only_passes: tuple[int, int] = (0, 0)
    """How often each seat passed where passing was all it could do (``legal.only_pass``), up
    to ``PASSES_COUNTED``: what suggests ``auto pass`` to a player once
    (``instructions.suggests_auto_pass``)."""
    lessons: Lessons | None = None
    """A practice game's lessons (``lessons``); None in any other game."""

    @property
    def practice(self) -> bool:
        """The guided first deal (``GameOpened.practice``)."""
        return self.lessons is not None

    @property
    def status(self) -> GameStatus:
        if self.players[1] is None:
            return GameStatus.CANCELLED if self.cancelled else GameStatus.OPEN
        return GameStatus.OVER if self.rules.phase is Phase.OVER else GameStatus.PLAYING

    def seat_of(self, player: PlayerId) -> Seat | None:
        for seat in Seat:
            if self.players[seat] == player:
                return seat
        return None

    @property
    def to_act(self) -> PlayerId | None:
        seat = self.rules.to_act
        return None if seat is None else self.players[seat]

    @property
    def current_commitment(self) -> DealCommitted | None:
        return self.commitments[-1] if self.commitments else None


def fold(stored: Iterable[StoredEvent]) -> Game:
    """The game whose log is ``stored``; raises ``UnknownGame`` for an empty log."""
    events = iter(stored)
    first = next(events, None)
    if first is None:
        raise UnknownGame("no such game")
    return apply_all(opened(first), events)


def opened(first: StoredEvent) -> Game:
    event = first.event
    if not isinstance(event, GameOpened):
        raise ValueError(f"a game's log starts with GameOpened, not {type(event).__name__}")
    return Game(
        id=event.game_id,
        host=event.host,
        players=(event.host, None),
        invitation=event.invitation,
        variant=event.variant,
        terms=event.terms,
        time_control=event.time_control,
        rematch_of=event.rematch_of,
        rules=initial_state(),
        version=first.seq,
        commitments=(),
        revealed=(),
        rematch_offer=None,
        rematch=None,
        opened_at=first.at,
        updated_at=first.at,
        turn_since=first.at,
        clocks=Clocks(),
        rated=event.rated,
        lessons=Lessons() if event.practice else None,
    )


def apply(game: Game, stored: StoredEvent) -> Game:
    """The game after one more stored event."""
    return apply_all(game, (stored,))


def apply_all(game: Game, stored: Iterable[StoredEvent]) -> Game:
    """The game after ``stored``, in order.

    One loop over local variables that builds the ``Game`` once at the end: rebuilding the
    tuple for every event cost more than the rules' own ``evolve`` (measured: folding a finished
    game took three times as long as replaying its rules events).
    """
    players, commitments, revealed = game.players, game.commitments, game.revealed
    offer, rematch, rules, clocks = game.rematch_offer, game.rematch, game.rules, game.clocks
    version, updated_at, turn_since = game.version, game.updated_at, game.turn_since
    cancelled, talk, only_passes = game.cancelled, game.talk, game.only_passes
    lessons = game.lessons
    rules_evolve = evolve
    for one in stored:
        version, updated_at = one.seq, one.at
        event = one.event
        if is_rules_event(event):
            if (
                type(event) is CardRefused
                and only_passes[event.seat] < PASSES_COUNTED
                and only_pass(rules, event.seat)
            ):
                only_passes = _set(only_passes, event.seat, only_passes[event.seat] + 1)
            rules = rules_evolve(rules, event)
            if isinstance(event, DECISION_BOUNDARIES):
                if lessons is not None:
                    lessons = learnt(lessons, rules)
                deciding = clocks.deciding
                if deciding is not None:  # that seat's decision is over: charge its clock
                    used = _seconds_used(clocks, deciding, turn_since, one.at)
                    clocks = _decided(clocks, deciding, used, game.time_control)
                clocks = clocks._replace(deciding=rules.to_act, quiet=clocks.quiet_set)
                turn_since = one.at
                if talk.offer is not None:  # the position changed: the offer lapses
                    talk = talk._replace(offer=None)
            continue
        if isinstance(event, TALK_EVENTS):
            talk = talk_after(talk, event, one.seq, one.at)
            continue
        match event:
            case PlayerJoined(player=player, seat=seat):
                players = (player, players[1]) if seat is Seat.FIRST else (players[0], player)
                turn_since = one.at
            case DealCommitted() as committed:
                commitments = (*commitments, committed)
            case DealRevealed(number=number):
                revealed = (*revealed, number)
            case GameCancelled():
                cancelled = True
            case RematchOffered(player=player):
                offer = player
            case RematchAccepted(game_id=new_game):
                rematch = new_game
            case TurnTimedOut(seat=seat):
                clocks = clocks._replace(timed_out=seat)
            case DeadlineExtended(until=until):
                clocks = clocks._replace(extended_until=until)
            case ClockPaused(seat=seat, until=until):
                clocks = clocks._replace(paused=_set(clocks.paused, seat, Pause(one.at, until)))
            case ClockResumed(seat=seat):
                pause = clocks.paused[seat]
                if pause is not None and pause.until > one.at:
                    clocks = clocks._replace(
                        paused=_set(clocks.paused, seat, Pause(pause.since, one.at))
                    )
            case QuietHoursSet(seat=seat, timezone=timezone, quiet=quiet):
                record = (timezone, quiet)
                clocks = clocks._replace(quiet_set=_set(clocks.quiet_set, seat, record))
            case InstructionGiven() | InstructionWithdrawn():
                clocks = clocks._replace(instructions=standing(clocks.instructions, event))
            case GameOpened():
                raise ValueError("a game is opened once")
    return game._replace(
        players=players,
        commitments=commitments,
        revealed=revealed,
        rematch_offer=offer,
        rematch=rematch,
        rules=rules,
        version=version,
        updated_at=updated_at,
        turn_since=turn_since,
        clocks=clocks,
        cancelled=cancelled,
        talk=talk,
        only_passes=only_passes,
        lessons=lessons,
    )


Standing = tuple[tuple[str, ...], tuple[str, ...]]


def standing(instructions: Standing, event: InstructionGiven | InstructionWithdrawn) -> Standing:
    """Each seat's standing instructions after ``event`` (a repeated one is kept once)."""
    seat, text = event.seat, event.instruction
    kept = tuple(one for one in instructions[seat] if one != text)
    if isinstance(event, InstructionGiven):
        kept = instructions[seat] if text in instructions[seat] else (*kept, text)
    return _set(instructions, seat, kept)


def paused_seconds(pause: Pause | None, start: datetime, end: datetime) -> float:
    """How much of ``[start, end]`` a pause covered."""
    if pause is None:
        return 0.0
    overlap = min(end, pause.until) - max(start, pause.since)
    return max(overlap.total_seconds(), 0.0)


def _seconds_used(clocks: Clocks, seat: Seat, start: datetime, end: datetime) -> float:
    return (end - start).total_seconds() - paused_seconds(clocks.paused[seat], start, end)


def _decided(clocks: Clocks, seat: Seat, used: float, control: TimeControl) -> Clocks:
    """A decision of ``seat`` is over: time beyond the move allowance comes out of the reserve; a
    decision made in time ends a run of timeouts; any extension was for this decision only."""
    over = max(int(used) - control.move_seconds, 0)
    spent = min(clocks.reserve_used[seat] + over, control.reserve_seconds)
    in_row = clocks.timeouts_in_row[seat] + 1 if clocks.timed_out == seat else 0
    return clocks._replace(
        reserve_used=_set(clocks.reserve_used, seat, spent),
        timeouts_in_row=_set(clocks.timeouts_in_row, seat, in_row),
        extended_until=None,
        timed_out=None,
    )


T = TypeVar("T")


def _set(pair: tuple[T, T], seat: Seat, value: T) -> tuple[T, T]:
    return (value, pair[1]) if seat is Seat.FIRST else (pair[0], value)
