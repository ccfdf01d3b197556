"""A player's own settings, changed by command from any game: time zone, quiet hours, reminders.

    settings                      show mine
    timezone Europe/Madrid        my time zone (IANA names)
    quiet 22:00-08:00 | quiet off no deadline falls in these hours of my day
    remind half 1h | remind off   when to remind me before a deadline

A change counts from the next decision on: the deadline of a decision already running was told
to both players when it began, and moving it afterwards would surprise the opponent.  Pure parsing
and a new ``Profile``; ``GameService`` stores it in the directory.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache

from .deadlines import SettingError, check_timezone, known_zones, parse_offset, parse_quiet_hours
from .errors import BadSetting
from .ports import Profile
from .rules.seats import Seat


@dataclass(frozen=True, slots=True)
class ShowSettings:
    seat: Seat


@dataclass(frozen=True, slots=True)
class SetTimezone:
    seat: Seat
    timezone: str
    """An IANA name, checked."""


@dataclass(frozen=True, slots=True)
class SetQuietHours:
    seat: Seat
    quiet_hours: str
    """``22:00-08:00``, checked, or empty for none."""


@dataclass(frozen=True, slots=True)
class SetReminders:
    seat: Seat
    reminders: tuple[str, ...]
    """Offsets such as ``half``, ``1h``, checked; empty for none."""


ChangeSetting = SetTimezone | SetQuietHours | SetReminders


SETTING_VERBS = ("settings", "timezone", "quiet", "remind")


def setting_command(verb: str, words: list[str], seat: Seat) -> ShowSettings | ChangeSetting:
    """``settings``, ``timezone …``, ``quiet …`` or ``remind …`` with the words after it."""
    try:
        if verb == "settings":
            if words:
                raise SettingError("settings takes nothing after it; it shows yours")
            return ShowSettings(seat)
        if not words:
            raise SettingError(_EXAMPLES[verb])
        if verb == "timezone":
            return SetTimezone(seat, _one_zone(words))
        if verb == "quiet":
            text = " ".join(words)
            parse_quiet_hours(text)
            return SetQuietHours(seat, "" if text.lower() in _OFF else text)
        return SetReminders(seat, _reminders(words))
    except SettingError as error:
        raise BadSetting(reason=_sentence(str(error))) from None


def changed(profile: Profile, change: ChangeSetting) -> Profile:
    """The profile with the change made."""
    match change:
        case SetTimezone(timezone=zone):
            return replace(profile, timezone=zone)
        case SetQuietHours(quiet_hours=hours):
            return replace(profile, quiet_hours=hours)
        case SetReminders(reminders=offsets):
            return replace(profile, reminders=offsets)


def settings_text(profile: Profile) -> str:
    """A player's settings, as ``settings`` shows them."""
    reminders = ", ".join(profile.reminders) or "none"
    return (
        f"Time zone: {profile.timezone}\n"
        f"Quiet hours: {profile.quiet_hours or 'none'}\n"
        f"Reminders before a deadline: {reminders}\n"
        f"Vacation days a year: {profile.vacation_days}"
    )


_OFF = ("off", "none")
_EXAMPLES = {
    "timezone": "name your time zone, for example: timezone Europe/Madrid",
    "quiet": "give your quiet hours, for example: quiet 22:00-08:00 (or quiet off)",
    "remind": "say when to remind you, for example: remind half 1h (or remind off)",
}


def _one_zone(words: list[str]) -> str:
    """The zone's proper name: commands reach here lower-cased, zone names are not."""
    if len(words) > 1:
        raise SettingError("a time zone is one name, for example Europe/Madrid")
    return check_timezone(_zone_names().get(words[0].lower(), words[0]))


@cache
def _zone_names() -> dict[str, str]:
    return {name.lower(): name for name in known_zones()}


def _reminders(words: list[str]) -> tuple[str, ...]:
    offsets = [word.lower() for word in " ".join(words).replace(",", " ").split()]
    if offsets in (["off"], ["none"]):
        return ()
    for offset in offsets:
        if offset != "half":
            parse_offset(offset)
    return tuple(dict.fromkeys(offsets))


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")
