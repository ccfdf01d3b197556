"""Each player's clock settings (time zone, quiet hours, reminders), read from the directory.

Kept for a minute per process: deadlines are computed on every append, and a setting changed
elsewhere only needs to count from the next decision on.
"""

from __future__ import annotations

import threading
from collections.abc import Collection
from datetime import UTC, datetime, timedelta

from service.clock.deadlines import ClockSettings, SettingError, parse_quiet_hours
from service.game.events import PlayerId
from service.ports.directory import Directory, Profile
from service.ports.protocols import Clock

KEEP_FOR = timedelta(minutes=1)
_LONG_AGO = datetime.min.replace(tzinfo=UTC)


def clock_settings(profile: Profile) -> ClockSettings:
    """The profile's clock settings; one that cannot be read counts as unset."""
    try:
        quiet = parse_quiet_hours(profile.quiet_hours)
    except SettingError:
        quiet = None
    return ClockSettings(
        profile.timezone, quiet, profile.reminders, profile.card_faces, profile.language
    )


class ClockSettingsOf:
    """``of(player)``: the player's settings, or the defaults without a directory or profile."""

    def __init__(self, directory: Directory | None, clock: Clock) -> None:
        self.directory = directory
        self.clock = clock
        self._kept: dict[PlayerId, tuple[datetime, ClockSettings]] = {}
        self._lock = threading.Lock()

    def of(self, player: PlayerId) -> ClockSettings:
        if self.directory is None:
            return ClockSettings()
        now = self.clock.now()
        with self._lock:
            kept = self._kept.get(player)
        if kept is not None and now - kept[0] < KEEP_FOR:
            return kept[1]
        try:
            settings = clock_settings(self.directory.profile(player))
        except KeyError:
            settings = ClockSettings()
        with self._lock:
            self._kept[player] = (now, settings)
        return settings

    def warm(self, players: Collection[PlayerId]) -> None:
        """Read the settings of those of ``players`` not kept, in one read (the worker does, for
        the players of each batch of games it claims)."""
        if self.directory is None:
            return
        now = self.clock.now()
        with self._lock:
            missing = [
                p for p in set(players) if now - self._kept.get(p, (_LONG_AGO,))[0] >= KEEP_FOR
            ]
        if not missing:
            return
        found = {
            profile.player: clock_settings(profile)
            for profile in self.directory.profiles_of(missing)
        }
        with self._lock:
            for player in missing:
                self._kept[player] = (now, found.get(player, ClockSettings()))

    def forget(self, player: PlayerId) -> None:
        """Read the player's settings afresh next time (they were just changed here)."""
        with self._lock:
            self._kept.pop(player, None)
