"""The port of the ratings projection's store, and its in-memory fake.

``catch_up`` is the follower's one transaction: read the finished games after the projection's
position, let the pure ``step`` fold them, write the standings, the games counted and the new
position together.  Only one follower holds it at a time (a row lock on PostgreSQL, the write
lock on SQLite), and each counted game is stored under its id, so two workers count a game once.

A player's choices (a public profile, a place on the leaderboard) are not part of the projection:
they are the player's, kept beside it, and a rebuild leaves them.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from service.game.events import GameId, PlayerId
from service.game.stored import StoredEvent
from service.ports.followed import ended_after
from service.ratings.finished import KINDS
from service.ratings.projection import Counted
from service.ratings.standing import Standing
from service.seeks.reliability import Reliability


@dataclass(frozen=True, slots=True)
class Visibility:
    """What a player lets others see: the profile (private until they say so) and whether a public
    profile is listed on the leaderboard."""

    public: bool = False
    listed: bool = True


@dataclass(frozen=True, slots=True)
class Stats:
    """What a profile shows: the standing (a fresh one before any game) and the player's choices."""

    standing: Standing
    visibility: Visibility
    own: bool
    """Whether the reader is the player (who sees their own profile, public or not)."""
    reliability: Reliability | None = None
    """The player's reliability (issue 36), shown wherever the profile is; None where no
    reliability is kept."""


@dataclass(frozen=True, slots=True)
class Changes:
    standings: Mapping[PlayerId, Standing]
    counted: Sequence[Counted]
    position: int


Load = Callable[[Collection[PlayerId]], dict[PlayerId, Standing]]
"""Reads the stored standings of these players (those without one are left out)."""
Step = Callable[[Sequence[Sequence[StoredEvent]], Load], Changes]
"""Folds the finished games (each one's events of ``KINDS``, in the order they ended)."""


class RatingStore(Protocol):
    def catch_up(self, step: Step, limit: int) -> int:
        """Fold up to ``limit`` games finished after the position; how many were folded."""
        ...

    def reset(self) -> None:
        """Forget the projection (standings, counted games, position), keeping the choices."""
        ...

    def standing(self, player: PlayerId) -> Standing | None: ...

    def standings(self) -> dict[PlayerId, Standing]:
        """Every standing: what a rebuild is compared by."""
        ...

    def counted(self) -> dict[GameId, Counted]: ...

    def leaderboard(self, least_games: int, limit: int) -> list[Standing]:
        """Public, listed standings with at least ``least_games`` rated games, best first."""
        ...

    def visibility(self, player: PlayerId) -> Visibility: ...

    def public(self) -> list[PlayerId]:
        """The players whose profiles are public."""
        ...

    def choose(self, player: PlayerId, visibility: Visibility) -> None: ...


def best_first(standings: Collection[Standing]) -> list[Standing]:
    return sorted(standings, key=lambda one: (-one.rating.rating, one.player))


class InMemoryRatings:
    """The fake: the projection over an in-memory event store's ``read_all``."""

    def __init__(self, read_all: Callable[[int, int], list[StoredEvent]]) -> None:
        self._read_all = read_all
        self._standings: dict[PlayerId, Standing] = {}
        self._counted: dict[GameId, Counted] = {}
        self._position = 0
        self._choices: dict[PlayerId, Visibility] = {}

    def catch_up(self, step: Step, limit: int) -> int:
        games = ended_after(self._read_all, KINDS, self._position, limit)
        if not games:
            return 0
        changes = step(
            games, lambda players: {p: self._standings[p] for p in players if p in self._standings}
        )
        for counted in changes.counted:
            if counted.game_id in self._counted:
                raise AssertionError(f"game {counted.game_id} counted twice")
            self._counted[counted.game_id] = counted
        self._standings.update(changes.standings)
        self._position = changes.position
        return len(changes.counted)

    def reset(self) -> None:
        self._standings, self._counted, self._position = {}, {}, 0

    def standing(self, player: PlayerId) -> Standing | None:
        return self._standings.get(player)

    def standings(self) -> dict[PlayerId, Standing]:
        return dict(self._standings)

    def counted(self) -> dict[GameId, Counted]:
        return dict(self._counted)

    def leaderboard(self, least_games: int, limit: int) -> list[Standing]:
        shown = [
            one
            for one in self._standings.values()
            if one.rated_games >= least_games
            and self.visibility(one.player).public
            and self.visibility(one.player).listed
        ]
        return best_first(shown)[:limit]

    def visibility(self, player: PlayerId) -> Visibility:
        return self._choices.get(player, Visibility())

    def public(self) -> list[PlayerId]:
        return sorted(player for player, chosen in self._choices.items() if chosen.public)

    def choose(self, player: PlayerId, visibility: Visibility) -> None:
        self._choices[player] = visibility
