"""The reliability projection's use cases: follow the log, rebuild it, a player's reliability.

Rebuildable like the ratings (``service.app.ratings``): the follower and a rebuild fold the same
ended matches in the same order through the same pure ``of_game``, so a rebuild reaches what the
follower holds (tests/seeks/test_reliability_rebuild.py).
"""

from __future__ import annotations

from service.game.events import PlayerId
from service.ports.reliability import ReliabilityStore
from service.seeks.reliability import Reliability, of_game

BATCH = 500
"""Matches a follower folds in one transaction (the ratings' batch: the write lock is soon free)."""


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

    def of(self, player: PlayerId) -> Reliability:
        return self.store.of(player)
