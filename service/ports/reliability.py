"""The port of the reliability projection's store, and its in-memory fake.

Like the ratings' (``service.ratings.store``): ``catch_up`` is the follower's one transaction —
read the matches ended after the projection's position (their events of
``service.seeks.reliability.KINDS``), add what each adds to its players, record each game under
its id (so a game is counted once however many workers follow) and move the position on.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from service.game.events import GameId, PlayerId
from service.game.stored import StoredEvent
from service.ports.followed import ended_after
from service.seeks.reliability import KINDS, Reliability

Fold = Callable[[Sequence[StoredEvent]], Mapping[PlayerId, Reliability]]
"""What one ended match (its events of ``KINDS``) adds to each of its players."""


class ReliabilityStore(Protocol):
    def catch_up(self, fold: Fold, limit: int) -> int:
        """Fold up to ``limit`` matches ended after the position; how many were folded."""
        ...

    def reset(self) -> None:
        """Forget the projection (the reliabilities, the games counted, the position)."""
        ...

    def of(self, player: PlayerId) -> Reliability:
        """The player's reliability (a new player's is empty)."""
        ...

    def every(self) -> dict[PlayerId, Reliability]:
        """Every player's: what a rebuild is compared by."""
        ...


class InMemoryReliability:
    """The fake: the projection over an in-memory event store's ``read_all``."""

    def __init__(self, read_all: Callable[[int, int], list[StoredEvent]]) -> None:
        self._read_all = read_all
        self._of: dict[PlayerId, Reliability] = {}
        self._counted: set[GameId] = set()
        self._position = 0

    def catch_up(self, fold: Fold, limit: int) -> int:
        games = ended_after(self._read_all, KINDS, self._position, limit)
        for game in games:
            end = game[-1]
            if end.game_id in self._counted:
                raise AssertionError(f"game {end.game_id} counted twice")
            self._counted.add(end.game_id)
            for player, added in fold(game).items():
                self._of[player] = self.of(player) + added
            self._position = end.position
        return len(games)

    def reset(self) -> None:
        self._of, self._counted, self._position = {}, set(), 0

    def of(self, player: PlayerId) -> Reliability:
        return self._of.get(player, Reliability())

    def every(self) -> dict[PlayerId, Reliability]:
        return dict(self._of)
