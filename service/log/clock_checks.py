"""Checks on the clock of a game log: time runs forward, and nobody loses time they had.

``verify`` calls ``check_time`` at every event and ``check_clock`` at every game event, on the
game as folded up to it.  The deadline is
the one the service holds to (``deadlines.deadline``), worked out from the log alone: the time
control, when the decision began, the reserve spent, pauses, extensions and the quiet hours the
log recorded (``QuietHoursSet``); a timeout, a claim or an extension before it is refused
(docs/decisions/clock-checks.md).  A decision that outlived its deadline is not refused: the
worker is an alarm clock that may be late (a restart, an outage), and a move that beats it
stands.  A failed check raises ``Bad`` with the event's number and the deadline broken.  Pure.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from service.bots.levels import BOTS
from service.clock.deadlines import (
    ClockSettings,
    SettingError,
    check_timezone,
    deadline,
    parse_quiet_hours,
)
from service.game.checks import Bad
from service.game.events import (
    ClockPaused,
    DeadlineExtended,
    QuietHoursSet,
    TurnTimedOut,
    WinClaimed,
)
from service.game.on_time import LONGEST_EXTENSION
from service.game.state import Game
from service.game.stored import StoredEvent
from service.log.file import format_time
from service.rules.seats import Seat

LONGEST_PAUSE = timedelta(days=365)
"""A vacation fits in a year's allowance (``vacations.allowance`` counts 365 days back); the
allowance itself is a profile setting, not in the log."""
NO_SETTINGS = ClockSettings()
"""No settings: a deadline needs none but the log (the reminders, which need them, are not
checked)."""


def check_time(game: Game, stored: StoredEvent) -> None:
    """``stored`` comes no earlier than the event before it (``game``'s last)."""
    if stored.at < game.updated_at:
        raise Bad(
            stored.seq,
            f"time runs backwards: event {stored.seq} is at {format_time(stored.at)}, before "
            f"event {game.version} at {format_time(game.updated_at)}",
        )


def check_clock(game: Game, stored: StoredEvent) -> None:
    """A clock event of ``stored`` comes when the time control of ``game`` (the game before it)
    allows it."""
    seq, at, event = stored.seq, stored.at, stored.event
    match event:
        case TurnTimedOut(seat=seat, policy=policy):
            _check_overdue(game, seq, at, seat, "TurnTimedOut")
            _check_forfeit(game, seq, seat, policy)
        case WinClaimed(seat=seat):
            _check_overdue(game, seq, at, seat.other, "WinClaimed (a claim on time)")
        case DeadlineExtended(seat=seat, until=until):
            _check_overdue(game, seq, at, seat.other, "DeadlineExtended")
            _check_length(seq, at, until, LONGEST_EXTENSION, "an extension")
        case ClockPaused(until=until):
            _check_length(seq, at, until, LONGEST_PAUSE, "a pause")
        case QuietHoursSet(seat=seat, timezone=timezone, quiet=quiet):
            _check_quiet_hours(game, seq, seat, timezone, quiet)


def due_at(game: Game) -> datetime | None:
    """The deadline of the decision ``game`` waits for, as its log gives it (None: no deadline,
    as for a bot's decision)."""
    seat = game.rules.to_act
    if seat is None or game.players[seat] in BOTS:
        return None
    try:
        due = deadline(game, NO_SETTINGS)
    except OverflowError:  # a time at the end of the calendar: no deadline fits after it
        return datetime.max.replace(tzinfo=game.updated_at.tzinfo)
    return None if due is None else due.due_at


def _check_overdue(game: Game, seq: int, at: datetime, seat: Seat, name: str) -> None:
    """The decision of ``seat`` is past its deadline at ``at``."""
    due = due_at(game)
    if due is None:
        raise Bad(seq, f"{name}: player {seat.number}'s decision has no deadline")
    if at < due:
        raise Bad(
            seq,
            f"{name} at {format_time(at)} is before player {seat.number}'s deadline "
            f"{format_time(due)}",
        )


def _check_quiet_hours(game: Game, seq: int, seat: Seat, timezone: str, quiet: str) -> None:
    """Quiet hours are recorded for a person in the game, and read as the settings read them."""
    player = game.players[seat]
    if player is None or player in BOTS:
        raise Bad(seq, f"QuietHoursSet: player {seat.number} is not a person in the game")
    try:
        check_timezone(timezone)
        parse_quiet_hours(quiet)
    except SettingError as error:
        raise Bad(seq, f"QuietHoursSet: these are not quiet hours: {error}") from None


def _check_forfeit(game: Game, seq: int, seat: Seat, policy: str) -> None:
    """A timeout forfeits the match under the ``forfeit`` policy, or once the timeouts in a row
    reach ``max_timeouts``; not before."""
    control = game.time_control
    in_row = game.clocks.timeouts_in_row[seat] + 1
    if policy == "forfeit" and control.on_timeout != "forfeit" and in_row < control.max_timeouts:
        raise Bad(
            seq,
            f"TurnTimedOut forfeits player {seat.number}'s match at timeout {in_row} in a row; "
            f"the time control forfeits at {control.max_timeouts}",
        )


def _check_length(seq: int, at: datetime, until: datetime, longest: timedelta, what: str) -> None:
    """A deadline moved to ``until`` lies after ``at`` and at most ``longest`` beyond it."""
    if until <= at:
        raise Bad(seq, f"{what} until {format_time(until)} ends before it is given")
    if until - at > longest:
        raise Bad(
            seq,
            f"{what} until {format_time(until)} is longer than the {longest.days} days "
            f"the time control allows from {format_time(at)}",
        )
