"""When the current decision of a game falls due, and when its player is reminded.

Pure: the game (folded from its log) and the player's clock settings in, a ``Deadline`` out.
A decision is due ``move_seconds`` after it began, plus what is left of the player's reserve,
plus any time the player's clock was paused (vacation); a deadline that would fall in the
player's quiet hours moves to their end; a deadline extended by the waiting player is taken as
given.  Everything the deadline depends on is in the log: the quiet hours too, as the game
recorded them (``QuietHoursSet``), not as the settings say now, so ``conquian verify`` works out
the very deadline the worker held to.  Reminders come at the offsets the player chose, counted
back from the deadline.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, time, timedelta
from functools import cache
from zoneinfo import ZoneInfo, available_timezones

from service.game.events import PlayerId
from service.game.state import Game, paused_seconds
from service.game.status import GameStatus
from service.language.translation import Phrase
from service.rules.errors import N_
from service.rules.seats import Seat

HALFWAY = "half"
DEFAULT_REMINDERS = (HALFWAY, "1h")
_OFFSET = re.compile(r"^(\d{1,9})\s*([mhd])$")
_UNITS = {"m": 60, "h": 3600, "d": 86400}
LONGEST_OFFSET = timedelta(days=30)
"""A reminder comes at most this long before a deadline (a decision lasts at most 14 days and
the reserve 30), so counting it back from a deadline never leaves the calendar."""


class SettingError(ValueError):
    """A clock setting that cannot be read: the message (a catalog ``Phrase``) says what was
    expected."""

    def __init__(self, template: str, **params: object) -> None:
        self.phrase = Phrase(template, params)
        super().__init__(str(self.phrase))


@dataclass(frozen=True, slots=True)
class QuietHours:
    """A daily window, in the player's own time zone, in which no deadline falls (may wrap
    midnight, e.g. 22:00–08:00)."""

    start: time
    end: time

    def contains(self, moment: time) -> bool:
        if self.start <= self.end:
            return self.start <= moment < self.end
        return moment >= self.start or moment < self.end


@dataclass(frozen=True, slots=True)
class ClockSettings:
    """A player's choices about deadlines: time zone, quiet hours, reminder offsets; and their
    language and card faces, which every notice and command of theirs needs and so are read
    (and kept for a minute, ``settings.py``) with these."""

    timezone: str = "UTC"
    quiet_hours: QuietHours | None = None
    reminders: tuple[str, ...] = DEFAULT_REMINDERS
    """``half`` (halfway to the deadline) or a time before it: ``30m``, ``1h``, ``2d``."""
    card_faces: str = ""
    """``french`` or ``spanish``; empty for the faces of each game's variant."""
    language: str = "en"


@dataclass(frozen=True, slots=True)
class Deadline:
    seat: Seat
    player: PlayerId
    started: datetime
    due_at: datetime
    reminders: tuple[datetime, ...]
    """Reminder times, earliest first, all after ``started`` and before ``due_at``."""


def deadline(game: Game, settings: ClockSettings) -> Deadline | None:
    """The deadline of the decision ``game`` waits for, or None when it waits for nobody; the
    player's ``settings`` give the reminders (the quiet hours are the game's record)."""
    seat = game.rules.to_act
    player = None if seat is None else game.players[seat]
    if seat is None or player is None or game.status is not GameStatus.PLAYING:
        return None
    started = game.turn_since
    due = game.clocks.extended_until or _due(game, seat)
    return Deadline(seat, player, started, due, reminder_times(started, due, settings))


def _due(game: Game, seat: Seat) -> datetime:
    control, clocks = game.time_control, game.clocks
    reserve_left = control.reserve_seconds - clocks.reserve_used[seat]
    due = game.turn_since + timedelta(seconds=control.move_seconds + reserve_left)
    pause = clocks.paused[seat]
    if pause is not None and pause.since < due:
        due += timedelta(seconds=paused_seconds(pause, game.turn_since, pause.until))
    return after_quiet_hours(due, recorded_quiet_hours(*clocks.quiet[seat]))


def quiet_record(settings: ClockSettings) -> tuple[str, str]:
    """The time zone and quiet hours of ``settings`` as a game records them (``QuietHoursSet``)."""
    quiet = settings.quiet_hours
    if quiet is None:
        return (settings.timezone, "")
    return (settings.timezone, f"{quiet.start:%H:%M}-{quiet.end:%H:%M}")


@cache
def recorded_quiet_hours(timezone: str, quiet: str) -> ClockSettings:
    """Settings holding the quiet hours a game recorded; none for a record that does not read
    (only a hand-edited log has one, and ``conquian verify`` refuses it)."""
    try:
        return ClockSettings(check_timezone(timezone), parse_quiet_hours(quiet))
    except SettingError:
        return ClockSettings()


def after_quiet_hours(moment: datetime, settings: ClockSettings) -> datetime:
    """``moment``, or the end of the player's quiet hours if it falls inside them."""
    quiet = settings.quiet_hours
    if quiet is None:
        return moment
    zone = ZoneInfo(settings.timezone)
    local = moment.astimezone(zone)
    if not quiet.contains(local.time().replace(tzinfo=None)):
        return moment
    end = datetime.combine(local.date(), quiet.end, tzinfo=zone)
    if end <= local:  # the window wrapped midnight: it ends tomorrow
        end = datetime.combine(local.date() + timedelta(days=1), quiet.end, tzinfo=zone)
    return end.astimezone(moment.tzinfo)


def in_quiet_hours(moment: datetime, settings: ClockSettings) -> bool:
    """Whether ``moment`` falls in the player's quiet hours: talk then waits for their next
    notice (``Journal``), which tells it (``notices.held_back``)."""
    return after_quiet_hours(moment, settings) != moment


def reminder_times(
    started: datetime, due: datetime, settings: ClockSettings
) -> tuple[datetime, ...]:
    """When to remind: each offset counted back from ``due``; only times inside the decision."""
    times = set()
    for offset in settings.reminders:
        try:
            at = started + (due - started) / 2 if offset == HALFWAY else due - parse_offset(offset)
        except SettingError:  # stored before offsets had a limit: no reminder then
            continue
        if started < at < due:
            times.add(at)
    return tuple(sorted(times))


def parse_offset(text: str) -> timedelta:
    """``30m``, ``1h``, ``2d`` as a duration."""
    found = _OFFSET.match(text.strip().lower())
    if found is None:
        raise SettingError(
            N_("Write a reminder as half, or a number with m, h or d: not '{text}'."), text=text
        )
    offset = timedelta(seconds=int(found.group(1)) * _UNITS[found.group(2)])
    if offset > LONGEST_OFFSET:
        raise SettingError(
            N_("A reminder comes at most 30 days before the deadline, not '{text}'."), text=text
        )
    return offset


def parse_quiet_hours(text: str) -> QuietHours | None:
    """``22:00-08:00`` as quiet hours; ``off`` or an empty text as none."""
    cleaned = text.strip().lower()
    if cleaned in ("", "off", "none"):
        return None
    try:
        start, end = (time.fromisoformat(part.strip()) for part in cleaned.split("-"))
    except ValueError:
        raise SettingError(
            N_("Write quiet hours as 22:00-08:00, not '{text}'."), text=text
        ) from None
    if start == end:
        raise SettingError(N_("Quiet hours must not cover the whole day."))
    return QuietHours(start, end)


def check_timezone(name: str) -> str:
    """The name, if it is a time zone this machine knows (IANA, e.g. ``Europe/Kyiv``).

    Looked up among the known names, not handed to ``ZoneInfo``: that turns a name into a path
    and a module name, and a long one like ``a/a/a/…`` exhausts the recursion limit."""
    if name not in known_zones():
        raise SettingError(
            N_("Unknown time zone '{name}'; use a name like Europe/Madrid."), name=name
        )
    return name


@cache
def known_zones() -> frozenset[str]:
    """The IANA time zone names this machine knows."""
    return frozenset(available_timezones())
