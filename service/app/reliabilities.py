"""The reliability projection's use cases: follow the log, rebuild it, a player's reliability.

Rebuildable like the ratings (``service.app.ratings``): the follower and a rebuild fold the same
ended matches in the same order through the same pure ``of_game``, so a rebuild reaches what the
follower holds (tests/seeks/test_reliability_rebuild.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from service.game.events import PlayerId
from service.ports.reliability import ReliabilityStore
from service.seeks.reliability import Reliability, of_game

BATCH = 500
"""Matches a follower folds in one transaction (the ratings' batch: the write lock is soon free)."""


@dataclass(frozen=True, slots=True)
class Rebuilt:
    """A rebuild compared with the follower it replaced (``conquian lobby reliability rebuild``)."""

    counted: int
    """Ended matches the rebuild folded."""
    players: int
    """Players the rebuilt projection holds."""
    differing: tuple[PlayerId, ...]
    """Players whose counts the follower held otherwise (none when the two agree)."""


class Reliabilities:
    def __init__(self, store: ReliabilityStore) -> None:
        self.store = store

    def follow(self, limit: int = BATCH) -> int:
        """Fold the matches ended since the last call (up to ``limit``); how many."""
        return self.store.catch_up(of_game, limit)

    def catch_up(self) -> int:
        total = 0
        while counted := self.follow():
            total += counted
        return total

    def rebuild(self) -> int:
        """Forget the projection and fold every ended match again, in the same order."""
        self.store.reset()
        return self.catch_up()

    def rebuild_checked(self) -> Rebuilt:
        """Bring the follower to the log's end, rebuild, and compare the two player by player.
        A match that ends in between is folded by the rebuild only, and shows as a difference
        until the check is run again."""
        self.catch_up()
        followed = self.store.every()
        counted = self.rebuild()
        rebuilt = self.store.every()
        differing = sorted(
            one
            for one in followed.keys() | rebuilt.keys()
            if followed.get(one, Reliability()) != rebuilt.get(one, Reliability())
        )
        return Rebuilt(counted, len(rebuilt), tuple(differing))

    def of(self, player: PlayerId) -> Reliability:
        return self.store.of(player)
