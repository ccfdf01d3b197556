"""Automatic pairing, pure: which waiting players to pair now, by the closeness of their ratings
and terms (docs/decisions/lobby-reliability-and-limits.md; measured in docs/benchmarks.md).

Two waiting players fit when they play the same variant, both rated or both casual, each admits
the other (``Wanted``) and their times per move are within ``MOVE_RATIO`` of each other.  A fitting
pair is made once their rating gap is within a window that widens the longer the earlier of the
two has waited (as lichess's pool widens its range): at first only near ratings meet, and after
a few hours anyone fitting does.  Among the pairs allowed now, the closest (rating gap, plus the
difference of their terms) are made first, each player once.  The one who waited longer hosts,
on their terms.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import datetime

from service.seeks.seeks import Pair, Waiting

FIRST_WINDOW = 150.0
"""The rating gap allowed between two players who have just begun to wait."""
WIDENS_BY = 100.0
"""How much the allowed gap widens for each hour the earlier of two players has waited."""
MOVE_RATIO = 4.0
"""Times per move further apart than this never pair: a player who asked for an hour a move is
not given three days (nor the other way round)."""
PER_DOUBLING = 100.0
"""What a doubled time per move weighs against rating points when choosing the closest pair."""
OTHER_MATCH = 50.0
"""What other match terms (deals, target, stake) weigh against rating points."""


def fits(one: Waiting, other: Waiting) -> bool:
    """Whether the two may play each other at all (on the terms of either)."""
    mine, theirs = one.terms, other.terms
    if mine.variant != theirs.variant or mine.rated != theirs.rated or one.player == other.player:
        return False
    if not one.wanted.admits(other.rating, other.reliability):
        return False
    if not other.wanted.admits(one.rating, one.reliability):
        return False
    return _doublings(one, other) <= math.log2(MOVE_RATIO)


def distance(one: Waiting, other: Waiting) -> float:
    """How far apart the two are: their rating gap and the difference of their terms."""
    apart = abs(one.rating - other.rating) + PER_DOUBLING * _doublings(one, other)
    return apart + (OTHER_MATCH if one.terms.match != other.terms.match else 0.0)


def window(one: Waiting, other: Waiting, now: datetime) -> float:
    """The rating gap the two may have now: wider the longer the earlier of them has waited."""
    waited = (now - min(one.since, other.since)).total_seconds() / 3600
    return FIRST_WINDOW + WIDENS_BY * max(waited, 0.0)


def pairs(waiting: Sequence[Waiting], now: datetime) -> list[Pair]:
    """The pairs to make now: the closest allowed pairs first, each player in one at most."""
    allowed: list[tuple[float, int, int]] = []
    for i, one in enumerate(waiting):
        for j in range(i + 1, len(waiting)):
            other = waiting[j]
            gap = abs(one.rating - other.rating)
            if gap <= window(one, other, now) and fits(one, other):
                allowed.append((distance(one, other), i, j))
    allowed.sort()
    taken: set[int] = set()
    made: list[Pair] = []
    for _, i, j in allowed:
        if i in taken or j in taken:
            continue
        taken.update((i, j))
        first, second = sorted((waiting[i], waiting[j]), key=lambda w: (w.since, w.player))
        made.append(Pair(first, second))
    return made


def _doublings(one: Waiting, other: Waiting) -> float:
    return abs(
        math.log2(one.terms.time_control.move_seconds / other.terms.time_control.move_seconds)
    )
