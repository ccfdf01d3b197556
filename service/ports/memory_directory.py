"""In-memory versions of the directory, the clock and chance: faithful to the ports, for tests,
benchmarks and the terminal's throwaway games.  ``SeededChance`` makes every random choice
repeatable."""

from __future__ import annotations

import bisect
import random
import threading
from collections.abc import Collection, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from service.game.events import PlayerId
from service.ports.directory import Address, Profile
from service.rules.cards import DECK, Card


@dataclass
class InMemoryDirectory:
    profiles: dict[PlayerId, Profile] = field(default_factory=dict)
    owners: dict[Address, PlayerId] = field(default_factory=dict)
    leaves: dict[PlayerId, list[tuple[datetime, datetime]]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def player_at(self, address: Address) -> PlayerId | None:
        with self.lock:
            return self.owners.get(address)

    def register(self, name: str, address: Address) -> PlayerId:
        with self.lock:
            if address in self.owners:
                raise ValueError(f"{address} already belongs to a player")
            player = PlayerId(f"p{len(self.profiles) + 1}")
            self.profiles[player] = Profile(player, name)
            self.owners[address] = player
            return player

    def link(self, player: PlayerId, address: Address) -> None:
        with self.lock:
            if player not in self.profiles:
                raise KeyError(f"no player {player}")
            owner = self.owners.setdefault(address, player)
            if owner != player:
                raise ValueError(f"{address} already belongs to another player")

    def addresses(self, player: PlayerId) -> list[Address]:
        with self.lock:
            return [a for a, owner in self.owners.items() if owner == player]

    def profile(self, player: PlayerId) -> Profile:
        with self.lock:
            return self.profiles[player]

    def profiles_of(self, players: Collection[PlayerId]) -> list[Profile]:
        with self.lock:
            return [self.profiles[player] for player in set(players) if player in self.profiles]

    def update(self, profile: Profile) -> None:
        with self.lock:
            if profile.player not in self.profiles:
                raise KeyError(profile.player)
            self.profiles[profile.player] = profile

    def vacations(self, player: PlayerId) -> list[tuple[datetime, datetime]]:
        with self.lock:
            return list(self.leaves.get(player, ()))

    def add_vacation(self, player: PlayerId, start: datetime, end: datetime) -> None:
        with self.lock:
            if player not in self.profiles:
                raise KeyError(f"no player {player}")
            taken = self.leaves.setdefault(player, [])
            bisect.insort(taken, (start, end), key=lambda vacation: vacation[0])  # oldest first

    def end_vacation(self, player: PlayerId, at: datetime) -> None:
        with self.lock:
            taken = self.leaves.get(player, [])
            if taken and taken[-1][0] <= at < taken[-1][1]:
                taken[-1] = (taken[-1][0], at)

    def remembering(self, players: Collection[PlayerId] = ()) -> AbstractContextManager[None]:
        """Reads from memory cost nothing to repeat: nothing is remembered."""
        return nullcontext()


@dataclass
class ManualClock:
    """A clock that moves only when told to."""

    current: datetime = datetime(2026, 1, 1, tzinfo=UTC)

    def now(self) -> datetime:
        return self.current

    def advance(self, **delta: float) -> None:
        self.current += timedelta(**delta)


class SeededChance:
    """Repeatable randomness; ``decks`` are dealt first, in order, before shuffled ones."""

    def __init__(self, seed: int | None = None, decks: Sequence[tuple[Card, ...]] = ()) -> None:
        self._rng = random.Random(seed)
        self._decks = list(decks)

    def deck(self) -> tuple[Card, ...]:
        if self._decks:
            return self._decks.pop(0)
        cards = list(DECK)
        self._rng.shuffle(cards)
        return tuple(cards)

    def salt(self) -> str:
        return f"{self._rng.getrandbits(128):032x}"

    def token(self) -> str:
        return f"{self._rng.getrandbits(64):016x}"

    def random(self) -> float:
        return self._rng.random()
