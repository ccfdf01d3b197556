"""Vacations: a player pauses the clocks of all their games for whole days, within a yearly
allowance (``Profile.vacation_days``, 14 by default).

``vacation 3d`` records the vacation in the directory (``start_vacation``, here) and appends
``ClockPaused(seat, until)`` to each game the player is playing (``pauses``); both players of
each game are told.  While a seat's clock is paused its deadlines move by the paused time
(``deadlines.py``).  The player's next move, in any of their games, ends the vacation early: the
game decider puts ``ClockResumed`` before that move, and the vacation follows that event
(``Pauses.followed``): it is cut short in the directory and the clocks of the player's other
games resume.  A move made for the player by a standing instruction, a bot or a timeout is not
theirs and ends nothing.

The allowance counts the vacations that started within the last 365 days, each by the whole days
it lasted (an early-ended one by what was used, rounded up).  A new vacation is refused while one
runs: the folded clocks remember a seat's latest pause only.

Imports the ports only: the games are paused by the use cases, not from here.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import datetime, timedelta

from service.game.errors import NoProfile, OnVacation, VacationTooLong
from service.game.events import PlayerId
from service.ports.directory import Directory

YEAR = timedelta(days=365)
DAY = timedelta(days=1)


def start_vacation(directory: Directory, player: PlayerId, days: int, now: datetime) -> datetime:
    """Record ``player``'s vacation of ``days`` days from now, if the allowance has them left;
    when it ends."""
    taken = directory.vacations(player)
    if taken and taken[-1][1] > now:
        raise OnVacation(until=taken[-1][1])
    left = allowance(directory, player) - days_used(taken, now)
    if days > left:
        raise VacationTooLong(left=max(left, 0))
    until = now + days * DAY
    directory.add_vacation(player, now, until)
    return until


def allowance(directory: Directory, player: PlayerId) -> int:
    """Vacation days per year, the player's setting; only a registered player has any."""
    try:
        return directory.profile(player).vacation_days
    except KeyError:
        raise NoProfile() from None


def days_used(taken: Sequence[tuple[datetime, datetime]], now: datetime) -> int:
    """Whole days of the vacations that started in the 365 days before ``now``."""
    return sum(math.ceil((end - start) / DAY) for start, end in taken if start > now - YEAR)
