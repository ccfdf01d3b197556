"""A player's settings as the directory keeps them: read for ``settings``, changed by a
setting command (``profiles`` parses it and makes the changed ``Profile``), and the players
they muted for good (``mute for good``, ``players.muting``)."""

from __future__ import annotations

from dataclasses import replace

from service.clock.settings import ClockSettingsOf
from service.game.errors import NoProfile
from service.game.events import PlayerId
from service.players.profiles import ChangeSetting, changed
from service.ports.directory import Directory, Profile


class ProfileChanges:
    def __init__(self, directory: Directory | None, settings: ClockSettingsOf) -> None:
        self.directory = directory
        self.settings = settings

    def profile(self, player: PlayerId) -> Profile:
        """The player's settings; only a registered player has any."""
        if self.directory is None:
            raise NoProfile()
        try:
            return self.directory.profile(player)
        except KeyError:
            raise NoProfile() from None

    def change(self, player: PlayerId, change: ChangeSetting) -> Profile:
        """Store the changed setting; it counts from the player's next decision (``profiles``)."""
        profile = changed(self.profile(player), change)
        assert self.directory is not None  # profile() found the player there
        self.directory.update(profile)
        self.settings.forget(player)
        return profile

    def mute(self, player: PlayerId, opponent: PlayerId, muted: bool) -> Profile | None:
        """Mute ``opponent`` for good (or no longer), in every game of ``player``'s
        (``players.muting``); the profile as it now is, or None when nothing changed."""
        profile = self.profile(player)
        if (opponent in profile.muted) is muted:
            return None
        others = tuple(one for one in profile.muted if one != opponent)
        profile = replace(profile, muted=(*others, opponent) if muted else others)
        assert self.directory is not None  # profile() found the player there
        self.directory.update(profile)
        return profile

    def choose_words(self, player: PlayerId, language: str | None, faces: str | None) -> Profile:
        """The language (a catalog's code) and card faces (``french``, ``spanish``, or empty for
        each game's own) a player chose outside any game — the JSON API's player resource, as
        ``lang`` and ``faces`` choose them in a game; None keeps what they had."""
        profile = self.profile(player)
        if language is not None:
            profile = replace(profile, language=language)
        if faces is not None:
            profile = replace(profile, card_faces=faces)
        assert self.directory is not None  # profile() found the player there
        self.directory.update(profile)
        self.settings.forget(player)
        return profile
