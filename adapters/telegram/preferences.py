"""``/settings``: a player's language, time zone, quiet hours, reminder offsets, pictures and
boards.

``/settings`` shows them; ``/settings tz=Europe/Madrid quiet=22:00-08:00 reminders=half,1h
pictures=on boards=full`` changes them.  Language, time zone, quiet hours and reminders are the
player's profile in the directory, which the service reads for deadlines (and is told to read
afresh); pictures and boards (``tidy``: old boards become one-line records; ``full``: they keep
their table) are the Telegram channel's own.  Nothing is changed unless every value given is valid.
The language is every channel's: the bot answers in the new one at once.
"""

from __future__ import annotations

from dataclasses import replace

from adapters.telegram.incoming import Said
from adapters.telegram.screens import ChatPart
from service.app.replies import Shown
from service.clock.deadlines import SettingError, check_timezone, parse_offset, parse_quiet_hours
from service.language.translation import LANGUAGES, Translator, supported, translator
from service.players.profiles import card_faces, settings_text
from service.ports.directory import Profile
from service.rules.errors import N_

USAGE = N_(
    "Change with /settings name=value …, e.g.\n"
    "/settings lang=es tz=Europe/Madrid quiet=22:00-08:00 reminders=half,1h pictures=on "
    "faces=spanish\n"
    "quiet=off for no quiet hours; reminders=none for no reminders."
)
BOARDS = N_("boards=tidy turns old boards into one-line records; boards=full keeps them whole.")


class Preferences(ChatPart):
    def settings(self, said: Said, words: list[str]) -> None:
        channel = self.channel
        profile = channel.directory.profile(said.player)
        pictures, full, _ = channel.records.board_choices(said.player)
        try:
            changed, pictures = _changed(profile, pictures, words)
            full = _boards(full, words)
        except SettingError as error:
            self._record(said, False)
            tr = said.tr
            self.screens.say(said.chat_id, f"⚠ {tr.phrase(error.phrase)}\n{_usage(tr)}")
            return
        if words:
            channel.directory.update(changed)
            channel.records.set_pictures(said.player, pictures)
            channel.records.set_full_boards(said.player, full)
            channel.service.settings_changed(said.player)
        self._record(said, True)
        tr = translator(changed.language)  # a new language counts from this answer on
        shown = "\n".join(
            (
                settings_text(changed, tr, channel.directory),
                tr.gettext("Pictures: on") if pictures else tr.gettext("Pictures: off"),
                tr.gettext("Boards: full") if full else tr.gettext("Boards: tidy"),
            )
        )
        heading = tr.gettext("Saved. Your settings:") if words else tr.gettext("Your settings:")
        self.screens.say(said.chat_id, f"{heading}\n{shown}\n\n{_usage(tr)}")

    def _record(self, said: Said, ok: bool) -> None:
        self.channel.record(said.key, Shown("settings", refused=not ok))


def _usage(tr: Translator) -> str:
    return f"{tr.gettext(USAGE)}\n{tr.gettext(BOARDS)}"


def _changed(profile: Profile, pictures: bool, words: list[str]) -> tuple[Profile, bool]:
    """The profile and pictures setting with ``words`` applied; ``SettingError`` if one is bad."""
    for word in words:
        name, sep, value = word.partition("=")
        name = name.lower()
        if not sep or not value:
            raise SettingError(N_("Write a setting as name=value, not '{word}'."), word=word)
        if name in ("lang", "language"):
            code = supported(value)
            if code is None:
                raise SettingError(
                    N_("Languages: {languages}; not '{value}'."),
                    languages=", ".join(LANGUAGES),
                    value=value,
                )
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
        elif name == "faces":
            profile = replace(profile, card_faces=card_faces(value))
        elif name == "boards":
            continue  # the channel's own, read by ``_boards``
        elif name == "pictures":
            if value.lower() not in ("on", "off"):
                raise SettingError(N_("pictures=on or pictures=off, not '{value}'."), value=value)
            pictures = value.lower() == "on"
        else:
            raise SettingError(N_("There is no setting '{name}'."), name=name)
    return profile, pictures


def _boards(full: bool, words: list[str]) -> bool:
    """Whether old boards stay full after ``words`` (``boards=full`` or ``boards=tidy``)."""
    for word in words:
        name, _, value = word.partition("=")
        if name.lower() == "boards":
            if value.lower() not in ("full", "tidy"):
                raise SettingError(N_("boards=tidy or boards=full, not '{value}'."), value=value)
            full = value.lower() == "full"
    return full
