"""A rating as Glicko-2 has it, one game's result for the maths, and the port to the maths.

The maths itself is a library's (``adapters/glicko.py`` wraps ``glicko2``): the service keeps
only the values and the order they are folded in, so the projection stays pure and the library
can be swapped behind ``Rater`` without touching a use case.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True, slots=True)
class Rating:
    """Glicko-2 on the Glicko scale: ``rating`` (1500 to start), ``rd`` (how unsure, 350 for a
    new player) and ``volatility`` (how erratic the player's results are)."""

    rating: float
    rd: float
    volatility: float

    @property
    def shown(self) -> int:
        return round(self.rating)


@dataclass(frozen=True, slots=True)
class Result:
    """One game of a rating period: the opponent's rating before it and the score (1, ½ or 0)."""

    opponent: Rating
    score: float


class Rater(Protocol):
    """Glicko-2's two steps, as the paper defines them (Glickman, *Example of the Glicko-2
    system*, 2022): a rating period's results, and a period without games."""

    def rate(self, start: Rating, results: Sequence[Result]) -> Rating:
        """The rating after a period that began at ``start`` and had ``results``."""
        ...

    def idle(self, rating: Rating, periods: int) -> Rating:
        """The rating after ``periods`` periods without a game: the deviation grows."""
        ...


NEW_PLAYER = Rating(1500.0, 350.0, 0.06)
PROVISIONAL_RD = 110.0
"""A rating less sure than this is shown as provisional (``1500?``), as lichess does."""
