"""The port of the lobby's store — the seeks and the pairing pool — and its in-memory fake.

Each thing that may happen only once is one step of the store, so racing requests meet there:
``claim`` hands an open seek to exactly one taker (a conditional update: whoever comes second
finds it taken), ``withdraw`` ends only an open seek, ``pair`` marks two players paired only if
both still wait, and ``leave`` removes only a player not yet paired.  A pair stays in the pool,
marked with its key, until its game is opened (``settle``): a pairing step that stopped between
the two finishes it on its next run, and the game, opened under the pair's key, is opened once.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Protocol

from service.game.events import PlayerId
from service.seeks.seeks import Pair, Seek, SeekId, SeekStatus, Waiting


class Seeks(Protocol):
    def publish(self, seek: Seek) -> None: ...

    def seek(self, seek_id: SeekId) -> Seek | None: ...

    def open_seeks(self, now: datetime) -> list[Seek]:
        """The seeks open at ``now``, oldest first."""
        ...

    def seeks_of(self, owner: PlayerId, now: datetime) -> list[Seek]:
        """``owner``'s seeks open at ``now``, oldest first."""
        ...

    def claim(self, seek_id: SeekId, taker: PlayerId, now: datetime) -> Seek | None:
        """The seek accepted by ``taker`` if it was open at ``now``; None if it was not."""
        ...

    def withdraw(self, seek_id: SeekId, owner: PlayerId, now: datetime) -> bool:
        """End ``owner``'s open seek; whether it was open."""
        ...

    def wait(self, waiting: Waiting) -> bool:
        """Put the player in the pool, or renew their terms if they wait unpaired; False (nothing
        changed) if they are paired already."""
        ...

    def leave(self, player: PlayerId) -> bool:
        """Take an unpaired player out of the pool; whether they were in it unpaired."""
        ...

    def waiting(self) -> list[Waiting]:
        """The unpaired players, longest waiting first."""
        ...

    def pair(self, pair: Pair) -> bool:
        """Mark both players paired under ``pair.key`` if both still wait unpaired."""
        ...

    def paired(self) -> list[Pair]:
        """The pairs whose game is not opened yet."""
        ...

    def settle(self, pair: Pair) -> None:
        """The pair's game is open: both leave the pool."""
        ...


@dataclass
class InMemorySeeks:
    """``Seeks`` in dicts, under one lock (each method is one step, as each is one statement or
    transaction in SQL)."""

    seeks: dict[SeekId, Seek] = field(default_factory=dict)
    pool: dict[PlayerId, tuple[Waiting, str | None]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def publish(self, seek: Seek) -> None:
        with self.lock:
            if seek.seek_id in self.seeks:
                raise ValueError(f"seek {seek.seek_id} exists")
            self.seeks[seek.seek_id] = seek

    def seek(self, seek_id: SeekId) -> Seek | None:
        return self.seeks.get(seek_id)

    def open_seeks(self, now: datetime) -> list[Seek]:
        with self.lock:
            found = [one for one in self.seeks.values() if one.is_open(now)]
        return sorted(found, key=lambda one: (one.published, one.seek_id))

    def seeks_of(self, owner: PlayerId, now: datetime) -> list[Seek]:
        return [one for one in self.open_seeks(now) if one.owner == owner]

    def claim(self, seek_id: SeekId, taker: PlayerId, now: datetime) -> Seek | None:
        with self.lock:
            seek = self.seeks.get(seek_id)
            if seek is None or not seek.is_open(now):
                return None
            taken = replace(seek, status=SeekStatus.ACCEPTED, taker=taker)
            self.seeks[seek_id] = taken
            return taken

    def withdraw(self, seek_id: SeekId, owner: PlayerId, now: datetime) -> bool:
        with self.lock:
            seek = self.seeks.get(seek_id)
            if seek is None or seek.owner != owner or not seek.is_open(now):
                return False
            self.seeks[seek_id] = replace(seek, status=SeekStatus.WITHDRAWN)
            return True

    def wait(self, waiting: Waiting) -> bool:
        with self.lock:
            if self.pool.get(waiting.player, (waiting, None))[1] is not None:
                return False
            self.pool[waiting.player] = (waiting, None)
            return True

    def leave(self, player: PlayerId) -> bool:
        with self.lock:
            if player not in self.pool or self.pool[player][1] is not None:
                return False
            del self.pool[player]
            return True

    def waiting(self) -> list[Waiting]:
        with self.lock:
            found = [one for one, key in self.pool.values() if key is None]
        return sorted(found, key=lambda one: (one.since, one.player))

    def pair(self, pair: Pair) -> bool:
        with self.lock:
            entries = [self.pool.get(one.player) for one in (pair.first, pair.second)]
            if any(entry is None or entry[1] is not None for entry in entries):
                return False
            for one in (pair.first, pair.second):
                self.pool[one.player] = (self.pool[one.player][0], pair.key)
            return True

    def paired(self) -> list[Pair]:
        with self.lock:
            by_key: dict[str, list[Waiting]] = {}
            for one, key in self.pool.values():
                if key is not None:
                    by_key.setdefault(key, []).append(one)
        return sorted((_pair(found) for found in by_key.values()), key=lambda one: one.key)

    def settle(self, pair: Pair) -> None:
        with self.lock:
            for one in (pair.first, pair.second):
                if self.pool.get(one.player, (one, None))[1] == pair.key:
                    del self.pool[one.player]


def _pair(two: list[Waiting]) -> Pair:
    """A stored pair's two entries, the one who waited longer first."""
    first, second = sorted(two, key=lambda one: (one.since, one.player))
    return Pair(first, second)
