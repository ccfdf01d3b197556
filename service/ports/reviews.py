"""The port of the reviews' store (issue 38), and its in-memory fake.

A review is kept per game and player once the match has ended: a row per reviewed decision
(``ReviewStep``).  The worker follows the log: ``next_ended`` names the matches ended after the
reviews' position, the review is made outside any transaction (a search takes seconds), and
``record`` keeps each player's review unless it is kept already and moves the position on; two
workers that reviewed the same game keep the first, so a review is stored once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol

from service.game.events import GameId, PlayerId
from service.game.stored import StoredEvent
from service.ports.followed import ENDED, ended_after


@dataclass(frozen=True, slots=True)
class ReviewStep:
    """One decision as its review keeps it: the number of the move's first event, the move made
    and the search's best (English commands, cards as codes), the share of the deal the move
    gave away against the best (in percent), and whether that marks it as a mistake."""

    seq: int
    chosen: str
    best: str
    loss: int
    mistake: bool


Steps = tuple[ReviewStep, ...]


class ReviewStore(Protocol):
    def next_ended(self, limit: int) -> list[tuple[int, GameId]]:
        """Up to ``limit`` matches ended after the position: their end's position and id."""
        ...

    def record(self, position: int, game_id: GameId, reviews: Mapping[PlayerId, Steps]) -> None:
        """Keep each player's review of ``game_id`` unless kept already; the position becomes
        ``position`` unless it is past it."""
        ...

    def of(self, game_id: GameId, player: PlayerId) -> Steps | None:
        """The player's review of the game, if it was made."""
        ...


class InMemoryReviews:
    """The fake: the reviews of an in-memory event store's ended matches (``read_all``)."""

    def __init__(self, read_all: Callable[[int, int], list[StoredEvent]]) -> None:
        self._read_all = read_all
        self._kept: dict[tuple[GameId, PlayerId], Steps] = {}
        self._position = 0

    def next_ended(self, limit: int) -> list[tuple[int, GameId]]:
        games = ended_after(self._read_all, {ENDED}, self._position, limit)
        return [(game[-1].position, game[-1].game_id) for game in games]

    def record(self, position: int, game_id: GameId, reviews: Mapping[PlayerId, Steps]) -> None:
        for player, steps in reviews.items():
            self._kept.setdefault((game_id, player), steps)
        self._position = max(self._position, position)

    def of(self, game_id: GameId, player: PlayerId) -> Steps | None:
        return self._kept.get((game_id, player))
