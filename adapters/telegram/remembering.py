"""``RememberingDirectory``: the directory, with the profiles read while one board is put on a
screen remembered, so a board costs one read per player instead of one per sentence.

Putting a board on a screen (``Screens.turn``) names the game's players in the news before it,
in the table and in the old board's one-line record, and reads the reader's time zone: about
seven reads of two profiles (measured, issue 21).  Inside ``remembering()`` — a thread's own,
so lanes answering other chats at the same moment share nothing — each profile is read once;
outside it every read goes to the directory.  Nothing in a board's making changes a profile; an
``update`` through this directory forgets what was remembered all the same.
"""

from __future__ import annotations

import threading
from collections.abc import Collection, Iterator
from contextlib import contextmanager, nullcontext
from typing import Any

from service.game.events import PlayerId
from service.ports.directory import Directory, Profile


class RememberingDirectory:
    def __init__(self, directory: Directory) -> None:
        self.directory = directory
        self._local = threading.local()

    @contextmanager
    def remembering(self, players: Collection[PlayerId] = ()) -> Iterator[None]:
        """Remember the profiles read in this thread until the block ends (nested: the
        outermost block's); ``players`` (a batch's): the directory's own block opened for them
        too (``Directory.remembering``)."""
        if getattr(self._local, "profiles", None) is not None:
            yield
            return
        self._local.profiles = {}
        try:
            with self.directory.remembering(players) if players else nullcontext():
                yield
        finally:
            self._local.profiles = None

    def profile(self, player: PlayerId) -> Profile:
        profiles: dict[PlayerId, Profile] | None = getattr(self._local, "profiles", None)
        if profiles is None:
            return self.directory.profile(player)
        if player not in profiles:
            profiles[player] = self.directory.profile(player)
        return profiles[player]

    def update(self, profile: Profile) -> None:
        profiles = getattr(self._local, "profiles", None)
        if profiles is not None:
            profiles.clear()
        self.directory.update(profile)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.directory, name)
