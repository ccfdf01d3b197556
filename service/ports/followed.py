"""What the in-memory followers of the log (the ratings', the reliability's fakes) share: the
matches ended after a position, each with its events of the kinds the follower reads."""

from __future__ import annotations

from collections.abc import Callable, Collection

from service.game.events import GameId
from service.game.stored import StoredEvent

ENDED = "MatchEnded"


def ended_after(
    read_all: Callable[[int, int], list[StoredEvent]],
    kinds: Collection[str],
    position: int,
    limit: int,
) -> list[list[StoredEvent]]:
    """Up to ``limit`` matches whose ``MatchEnded`` stands after ``position``, in that order: each
    as its events of ``kinds`` (``MatchEnded`` last)."""
    by_game: dict[GameId, list[StoredEvent]] = {}
    ends: list[StoredEvent] = []
    for one in read_all(0, 10**9):
        name = type(one.event).__name__
        if name in kinds:
            by_game.setdefault(one.game_id, []).append(one)
        if name == ENDED and one.position > position and len(ends) < limit:
            ends.append(one)
    return [by_game[end.game_id] for end in ends]
