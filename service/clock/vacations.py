"""Vacations: a player pauses the clocks of all their games for whole days, within a yearly
allowance (``Profile.vacation_days``, 14 by default).

``vacation 3d`` records the vacation in the directory and appends ``ClockPaused(seat, until)`` to
each game the player is playing; both players of each game are told.  While a seat's clock is
paused its deadlines move by the paused time (``deadlines.py``).  The player's next move, in any
of their games, ends the vacation early: ``GameService.act`` puts ``ClockResumed`` before that
move and calls ``end_vacation``, which cuts the vacation short in the directory and resumes the
clocks of their other games.  A move made for the player by a standing instruction, a bot or a
timeout is not theirs and ends nothing.

The allowance counts the vacations that started within the last 365 days, each by the whole days
it lasted (an early-ended one by what was used, rounded up).  A new vacation is refused while one
runs: the folded clocks remember a seat's latest pause only.

Imports the ports and the game; the service only as a type (it calls in here).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from service.game.errors import NoProfile, OnVacation, VacationTooLong
from service.game.events import ClockPaused, ClockResumed, GameId, PlayerId
from service.game.state import Game
from service.ports.protocols import Directory, GameSummary
from service.rules.seats import Seat

if TYPE_CHECKING:
    from service.app.games import GameService, Outcome

YEAR = timedelta(days=365)
DAY = timedelta(days=1)


def start_vacation(
    service: GameService, directory: Directory, player: PlayerId, days: int, now: datetime
) -> tuple[datetime, list[Outcome]]:
    """Start ``player``'s vacation of ``days`` days now: when it ends, and one outcome per game
    it paused."""
    taken = directory.vacations(player)
    if taken and taken[-1][1] > now:
        raise OnVacation(until=taken[-1][1])
    left = allowance(directory, player) - days_used(taken, now)
    if days > left:
        raise VacationTooLong(left=max(left, 0))
    until = now + days * DAY
    directory.add_vacation(player, now, until)
    paused = (service.pause_clock(s.game_id, player, until) for s in _playing(service, player))
    return until, [outcome for outcome in paused if outcome is not None]


def end_vacation(
    service: GameService,
    directory: Directory | None,
    player: PlayerId,
    now: datetime,
    moved_in: GameId,
) -> None:
    """``player`` is back (they moved in ``moved_in``, whose clock that move resumed): cut the
    vacation short and resume the clocks of their other games."""
    if directory is not None:
        directory.end_vacation(player, now)
    for summary in _playing(service, player):
        if summary.game_id != moved_in:
            service.resume_clock(summary.game_id, player)


def allowance(directory: Directory, player: PlayerId) -> int:
    """Vacation days per year, the player's setting; only a registered player has any."""
    try:
        return directory.profile(player).vacation_days
    except KeyError:
        raise NoProfile() from None


def days_used(taken: Sequence[tuple[datetime, datetime]], now: datetime) -> int:
    """Whole days of the vacations that started in the 365 days before ``now``."""
    return sum(math.ceil((end - start) / DAY) for start, end in taken if start > now - YEAR)


def paused(game: Game, seat: Seat, until: datetime) -> ClockPaused | None:
    """The event pausing ``seat``'s clock, if the game is being played."""
    return ClockPaused(seat, until) if game.status == "playing" else None


def resumed(game: Game, seat: Seat, now: datetime) -> ClockResumed | None:
    """The event resuming ``seat``'s clock, if it is paused now."""
    return ClockResumed(seat) if is_paused(game, seat, now) else None


def is_paused(game: Game, seat: Seat, now: datetime) -> bool:
    """Whether ``seat``'s clock is paused at ``now`` in a game being played."""
    pause = game.clocks.paused[seat]
    return game.status == "playing" and pause is not None and pause.since <= now < pause.until


def _playing(service: GameService, player: PlayerId) -> list[GameSummary]:
    return [s for s in service.games_of(player) if s.status == "playing"]
