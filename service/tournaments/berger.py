"""Round-robin by Berger tables (FIDE Handbook C.05, Annex 1), single or double.

With n players (one more, a bye, when their number is odd) numbered 1..n by seed, round r sets
the numbers 1..n-1 out as a_k = (k - 1 + (r - 1)·n/2) mod (n - 1) + 1; board 1 pairs a_1 with n
(n deals first in even rounds), board j pairs a_j with a_(n+1-j), the first named dealing first.
For n = 4 that gives 1-4 2-3 | 4-3 1-2 | 2-4 3-1, the published table.  A double round-robin
plays the table twice, the first dealer swapped in the second cycle.
"""

from __future__ import annotations

from service.game.events import PlayerId


def rounds_of(players: int, double: bool) -> int:
    """How many rounds the table has."""
    n = players + players % 2
    return (n - 1) * (2 if double else 1)


def berger_round(
    seeds: tuple[PlayerId, ...], number: int, double: bool
) -> tuple[list[tuple[PlayerId, PlayerId]], PlayerId | None]:
    """Round ``number`` (from 1) of the table for ``seeds`` (in seed order): the pairs, each
    (first dealer, second), and the player with the bye (an odd number of players)."""
    cycle = rounds_of(len(seeds), False)
    swapped = double and number > cycle
    r = (number - 1) % cycle + 1
    numbered: list[PlayerId | None] = [*seeds, *([None] if len(seeds) % 2 else [])]
    n = len(numbered)
    a = [numbered[(k + (r - 1) * (n // 2)) % (n - 1)] for k in range(n - 1)]
    boards = [(numbered[-1], a[0]) if r % 2 == 0 else (a[0], numbered[-1])]
    boards += [(a[j], a[n - 1 - j]) for j in range(1, n // 2)]
    pairs: list[tuple[PlayerId, PlayerId]] = []
    bye: PlayerId | None = None
    for first, second in boards:
        if first is None or second is None:
            bye = first if second is None else second
        else:
            pairs.append((second, first) if swapped else (first, second))
    return pairs, bye
