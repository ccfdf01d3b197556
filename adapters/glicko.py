"""Glicko-2 from the ``glicko2`` package, behind the service's ``Rater`` port.

``glicko2`` (Ryan Kirkman's implementation, kept on PyPI by deepy) follows Glickman's paper step
by step, pure Python, no dependencies.  One mistake of 2.1.0 is corrected here: its volatility
function ``_f`` uses the player's rating μ where the paper has the deviation φ.  With μ = 0 (a
1500 player, as in Glickman's own example) the two agree, which is how it went unnoticed; a
shifted copy of the example (tests/ratings/test_glickman.py) fails without the correction.
docs/decisions/ratings-glicko-2-as-a-projection.md compares the libraries.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import glicko2  # type: ignore[import-untyped]

from service.ratings.values import Rating, Result

MOST_RD = 350.0
"""No rating is less sure than a new player's."""
SCALE = 173.7178


class _Player(glicko2.Player):  # type: ignore[misc]
    def _f(self, x: float, delta: float, v: float, a: float) -> float:
        phi = self.rd / SCALE
        ex = math.exp(x)
        num = ex * (delta**2 - phi**2 - v - ex)
        denom = 2 * ((phi**2 + v + ex) ** 2)
        return float(num / denom - (x - a) / (self._tau**2))


class GlickoRater:
    """``Rater`` through ``glicko2.Player``: one rating period's update, and idle periods."""

    def rate(self, start: Rating, results: Sequence[Result]) -> Rating:
        player = _Player(start.rating, start.rd, start.volatility)
        player.update_player(
            [one.opponent.rating for one in results],
            [one.opponent.rd for one in results],
            [one.score for one in results],
        )
        return Rating(player.rating, min(player.rd, MOST_RD), player.vol)

    def idle(self, rating: Rating, periods: int) -> Rating:
        player = _Player(rating.rating, rating.rd, rating.volatility)
        for _ in range(periods):
            if player.rd >= MOST_RD:
                break
            player.did_not_compete()
        return Rating(player.rating, min(player.rd, MOST_RD), player.vol)
