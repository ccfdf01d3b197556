"""A player's own settings, changed by command from any game: language, time zone, quiet hours,
reminders.

    settings                      show mine
    timezone Europe/Madrid        my time zone (IANA names)
    quiet 22:00-08:00 | quiet off no deadline falls in these hours of my day
    remind half 1h | remind off   when to remind me before a deadline
    lang es                       the language the product writes to me in (``language.py``)

A change counts from the next decision on: the deadline of a decision already running was told
to both players when it began, and moving it afterwards would surprise the opponent.  Pure parsing
and a new ``Profile``; ``GameService`` stores it in the directory.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache

from service.clock.deadlines import (
    SettingError,
    check_timezone,
    known_zones,
    parse_offset,
    parse_quiet_hours,
)
from service.game.errors import BadSetting
from service.game.events import PlayerId
from service.language.translation import ENGLISH, LANGUAGES, NAMES, Translator, supported
from service.ports.directory import Directory, Profile
from service.rules.errors import N_
from service.rules.seats import Seat
from service.rules.variants import DeckFaces


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


@dataclass(frozen=True, slots=True)
class SetLanguage:
    seat: Seat
    language: str
    """One of ``service.language.translation.LANGUAGES``."""


@dataclass(frozen=True, slots=True)
class SetFaces:
    seat: Seat
    faces: str
    """``french``, ``spanish``, or empty for each game's own."""


ChangeSetting = SetTimezone | SetQuietHours | SetReminders | SetLanguage | SetFaces


SETTING_VERBS = ("settings", "timezone", "quiet", "remind", "lang", "language", "faces")


def setting_command(verb: str, words: list[str], seat: Seat) -> ShowSettings | ChangeSetting:
    """``settings``, ``timezone …``, ``quiet …`` or ``remind …`` with the words after it."""
    try:
        if verb == "settings":
            if words:
                raise SettingError(N_("Settings takes nothing after it; it shows yours."))
            return ShowSettings(seat)
        if verb == "language":
            verb = "lang"
        if not words:
            raise SettingError(_EXAMPLES[verb], languages=", ".join(LANGUAGES))
        if verb == "lang":
            return SetLanguage(seat, _one_language(words))
        if verb == "faces":
            return SetFaces(seat, card_faces(" ".join(words)))
        if verb == "timezone":
            return SetTimezone(seat, _one_zone(words))
        if verb == "quiet":
            text = " ".join(words)
            parse_quiet_hours(text)
            return SetQuietHours(seat, "" if text.lower() in _OFF else text)
        return SetReminders(seat, _reminders(words))
    except SettingError as error:
        raise BadSetting(reason=error.phrase) from None


def changed(profile: Profile, change: ChangeSetting) -> Profile:
    """The profile with the change made."""
    match change:
        case SetTimezone(timezone=zone):
            return replace(profile, timezone=zone)
        case SetQuietHours(quiet_hours=hours):
            return replace(profile, quiet_hours=hours)
        case SetReminders(reminders=offsets):
            return replace(profile, reminders=offsets)
        case SetLanguage(language=language):
            return replace(profile, language=language)
        case SetFaces(faces=faces):
            return replace(profile, card_faces=faces)


def settings_text(
    profile: Profile, tr: Translator = ENGLISH, directory: Directory | None = None
) -> str:
    """A player's settings, as ``settings`` shows them, in their language; the players they
    muted for good by name (from ``directory``), when there are any."""
    none = tr.gettext("none")
    muted = (
        [tr.gettext("Muted for good: {players}", players=_names(profile.muted, directory))]
        if profile.muted
        else []
    )
    return "\n".join(
        (
            tr.gettext("Language: {language}", language=NAMES.get(profile.language, "English")),
            tr.gettext("Time zone: {zone}", zone=profile.timezone),
            tr.gettext("Quiet hours: {hours}", hours=profile.quiet_hours or none),
            tr.gettext(
                "Reminders before a deadline: {offsets}",
                offsets=", ".join(profile.reminders) or none,
            ),
            tr.gettext("Vacation days a year: {days}", days=profile.vacation_days),
            _faces_text(profile.card_faces, tr),
            *muted,
        )
    )


def _names(players: tuple[PlayerId, ...], directory: Directory | None) -> str:
    """The players' names, or their ids where the directory does not know them."""
    names = []
    for player in players:
        try:
            names.append(directory.profile(player).name if directory is not None else player)
        except KeyError:
            names.append(player)
    return ", ".join(names)


def _faces_text(faces: str, tr: Translator) -> str:
    if faces == DeckFaces.SPANISH:
        return tr.gettext("Cards: the Spanish deck (1–7, sota, caballo, rey)")
    if faces == DeckFaces.FRENCH:
        return tr.gettext("Cards: the French deck (A–7, J, Q, K)")
    return tr.gettext("Cards: as each game deals them")


def card_faces(text: str) -> str:
    """``faces spanish``, ``faces french`` or ``faces game`` (each game's own): the value stored."""
    word = text.strip().lower()
    if word in ("game", "off", "default"):
        return ""
    if word in ("spanish", "español", "espanol", "española", "es"):
        return DeckFaces.SPANISH.value
    if word in ("french", "english", "poker", "fr"):
        return DeckFaces.FRENCH.value
    raise SettingError(_EXAMPLES["faces"])


_OFF = ("off", "none")
_EXAMPLES = {
    "timezone": N_("Name your time zone, for example: timezone Europe/Madrid."),
    "quiet": N_("Give your quiet hours, for example: quiet 22:00-08:00 (or quiet off)."),
    "remind": N_("Say when to remind you, for example: remind half 1h (or remind off)."),
    "lang": N_("Name your language, for example: lang es (one of: {languages})."),
    "faces": N_("Say which cards you read: faces spanish, faces french, or faces game."),
}


def _one_language(words: list[str]) -> str:
    language = supported(words[0]) if len(words) == 1 else None
    if language is None:
        raise SettingError(_EXAMPLES["lang"], languages=", ".join(LANGUAGES))
    return language


def _one_zone(words: list[str]) -> str:
    """The zone's proper name: commands reach here lower-cased, zone names are not."""
    if len(words) > 1:
        raise SettingError(N_("A time zone is one name, for example Europe/Madrid."))
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
