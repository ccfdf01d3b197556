"""A finished game step by step: the whole game after each event of its log, both hands shown.

This is the omniscient picture (every hand, the stock, the dead cards), so it is given only for a
game that is over, or to an operator of the service: while a game runs its log holds hidden cards.
Each step is folded with ``game.apply``, that is with ``rules.evolve``, exactly as live play folds.
Each step also carries the clock as the log gives it (``StepClock``): how long the decision it
ended took, and both players' clocks after it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from service.game.codec import LogEvent
from service.game.errors import GameNotOver
from service.game.state import Game, apply, fold, opened, paused_seconds
from service.game.status import GameStatus
from service.game.stored import StoredEvent
from service.log.clock_checks import due_at
from service.rules.seats import Seat


@dataclass(frozen=True, slots=True)
class StepClock:
    """The time control at one step, from the log alone (quiet hours are not in it)."""

    took: tuple[Seat, float] | None
    """The seat whose decision the step ended and the seconds it took (a pause not counted)."""
    reserve_left: tuple[int, int]
    """Seconds of reserve each seat has left."""
    to_act: Seat | None
    """The seat whose clock runs after the step (None: nobody's, or a bot's)."""
    due: datetime | None
    """That seat's deadline."""
    left: float | None
    """Seconds from the step to that deadline (negative once it has passed)."""


@dataclass(frozen=True, slots=True)
class Step:
    """Event ``seq`` of the log and the game right after it."""

    seq: int
    at: datetime
    event: LogEvent
    game: Game
    clock: StepClock


def steps(stored: Sequence[StoredEvent], operator: bool = False) -> list[Step]:
    """One step per event; raises ``GameNotOver`` for a running game unless ``operator``."""
    if fold(stored).status is not GameStatus.OVER and not operator:
        raise GameNotOver()
    game = opened(stored[0])
    out = [Step(stored[0].seq, stored[0].at, stored[0].event, game, clock_at(game, game))]
    for one in stored[1:]:
        before, game = game, apply(game, one)
        out.append(Step(one.seq, one.at, one.event, game, clock_at(before, game)))
    return out


def clock_at(before: Game, after: Game) -> StepClock:
    """The clock after the event that turned ``before`` into ``after``."""
    control, clocks = after.time_control, after.clocks
    reserve = tuple(control.reserve_seconds - used for used in clocks.reserve_used)
    seat = before.clocks.deciding
    took = None
    if seat is not None and after.turn_since != before.turn_since:
        pause = before.clocks.paused[seat]
        spent = (after.turn_since - before.turn_since).total_seconds()
        took = (seat, spent - paused_seconds(pause, before.turn_since, after.turn_since))
    due = due_at(after) if after.status is GameStatus.PLAYING else None
    to_act = after.rules.to_act if due is not None else None
    left = None if due is None else (due - after.updated_at).total_seconds()
    return StepClock(took, (reserve[0], reserve[1]), to_act, due, left)


def clock_text(seconds: float) -> str:
    """A duration as ``H:MM:SS`` (hours unbounded, ``-`` once a deadline has passed): the same
    in every language."""
    sign, whole = ("-" if seconds < 0 else ""), int(abs(seconds))
    return f"{sign}{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"
