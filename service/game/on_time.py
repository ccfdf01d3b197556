"""Decisions on a deadline that passed: the waiting player claims the win, or gives more time.

They are the game decider's (``game_decide``), not the worker's: a player asks for them, and
they hold only while the opponent is to act and overdue.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from service.game.codec import LogEvent
from service.game.errors import DeadlineNotPassed, NotWaiting
from service.game.events import DeadlineExtended, WinClaimed
from service.game.state import Game
from service.game.status import GameStatus
from service.rules.actions import Forfeit
from service.rules.decide import decide
from service.rules.seats import Seat

LONGEST_EXTENSION = timedelta(days=30)
"""An extension is counted from now; more than this would leave the game waiting for good."""


def claimed(game: Game, seat: Seat, now: datetime, due_at: datetime | None) -> list[LogEvent]:
    """``seat`` claims the win because the opponent's deadline has passed."""
    _check_overdue(game, seat, now, due_at)
    return [WinClaimed(seat), *decide(game.rules, Forfeit(seat.other, "claimed"))]


def extended(
    game: Game, seat: Seat, now: datetime, due_at: datetime | None, until: datetime
) -> list[LogEvent]:
    """``seat`` gives the opponent until ``until`` for the decision whose deadline passed."""
    _check_overdue(game, seat, now, due_at)
    if until <= now:
        raise DeadlineNotPassed(due=until)
    return [DeadlineExtended(seat, until)]


def _check_overdue(game: Game, seat: Seat, now: datetime, due_at: datetime | None) -> None:
    if game.status is not GameStatus.PLAYING or game.rules.to_act != seat.other:
        raise NotWaiting()
    if due_at is None or now < due_at:
        raise DeadlineNotPassed(due=due_at)
