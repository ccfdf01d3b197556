"""``/settings``: a player's language, time zone, quiet hours, reminder offsets and pictures.

``/settings`` shows them; ``/settings tz=Europe/Madrid quiet=22:00-08:00 reminders=half,1h
pictures=on`` changes them.  Language, time zone, quiet hours and reminders are the player's
profile in the directory, which the service reads for deadlines (and is told to read afresh);
pictures are the Telegram channel's own.  Nothing is changed unless every value given is valid.
The language is recorded for every channel to use; the bot itself speaks English for now.
"""

from __future__ import annotations

import json
from dataclasses import replace

from service.deadlines import SettingError, check_timezone, parse_offset, parse_quiet_hours
from service.ports import Profile

from .channel import SOURCE, Channel
from .incoming import Said
from .screens import Screens

LANGUAGES = ("en", "es", "fil", "uk", "ms", "hi")
ALIASES = {"tl": "fil", "tl-ph": "fil", "fil-ph": "fil"}
USAGE = (
    "Change with /settings name=value …, e.g.\n"
    "/settings lang=es tz=Europe/Madrid quiet=22:00-08:00 reminders=half,1h pictures=on\n"
    "quiet=off for no quiet hours; reminders=none for no reminders."
)


class Preferences:
    def __init__(self, channel: Channel, screens: Screens) -> None:
        self.channel = channel
        self.screens = screens

    def settings(self, said: Said, words: list[str]) -> None:
        channel = self.channel
        profile = channel.directory.profile(said.player)
        pictures = channel.records.pictures(said.player)
        try:
            changed, pictures = _changed(profile, pictures, words)
        except SettingError as error:
            self._record(said, False)
            self.screens.say(said.chat_id, f"⚠ {error}\n{USAGE}")
            return
        if words:
            channel.directory.update(changed)
            channel.records.set_pictures(said.player, pictures)
            channel.service.settings.forget(said.player)
        self._record(said, True)
        shown = (
            f"Language: {changed.language}\n"
            f"Time zone: {changed.timezone}\n"
            f"Quiet hours: {changed.quiet_hours or 'none'}\n"
            f"Reminders: {', '.join(changed.reminders) or 'none'} before a deadline\n"
            f"Pictures: {'on' if pictures else 'off'}"
        )
        self.screens.say(
            said.chat_id, f"{'Saved. ' if words else ''}Your settings:\n{shown}\n\n{USAGE}"
        )

    def _record(self, said: Said, ok: bool) -> None:
        self.channel.inbox.complete(SOURCE, said.key, json.dumps({"ok": ok, "command": "settings"}))


def _changed(profile: Profile, pictures: bool, words: list[str]) -> tuple[Profile, bool]:
    """The profile and pictures setting with ``words`` applied; ``SettingError`` if one is bad."""
    for word in words:
        name, sep, value = word.partition("=")
        name = name.lower()
        if not sep or not value:
            raise SettingError(f"write a setting as name=value, not {word!r}")
        if name in ("lang", "language"):
            code = ALIASES.get(value.lower(), value.lower())
            if code not in LANGUAGES:
                raise SettingError(f"languages: {', '.join(LANGUAGES)}; not {value!r}")
            profile = replace(profile, language=code)
        elif name in ("tz", "timezone"):
            profile = replace(profile, timezone=check_timezone(value))
        elif name in ("quiet", "quiet_hours"):
            quiet = parse_quiet_hours(value)
            text = "" if quiet is None else f"{quiet.start:%H:%M}-{quiet.end:%H:%M}"
            profile = replace(profile, quiet_hours=text)
        elif name == "reminders":
            offsets = () if value.lower() == "none" else tuple(value.lower().split(","))
            for offset in offsets:
                if offset != "half":
                    parse_offset(offset)
            profile = replace(profile, reminders=offsets)
        elif name == "pictures":
            if value.lower() not in ("on", "off"):
                raise SettingError(f"pictures=on or pictures=off, not {value!r}")
            pictures = value.lower() == "on"
        else:
            raise SettingError(f"there is no setting {name!r}")
    return profile, pictures
