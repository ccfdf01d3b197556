"""Swiss pairing: the published algorithm ``conquian verify`` checks every round against.

From the standings before the round (``standings.records``), the players still in are ranked by
points, then seed.  With an odd number, the bye goes to the lowest-ranked player who has not had
one and without whom the rest can be paired.  Then, top down, each highest-ranked unpaired player
is paired with the first opponent in this order of preference who leaves a pairing of the rest
(a depth-first search, undoing a choice only when the rest cannot be paired):

1. never someone already met (no pairing is repeated);
2. the same score group first, then each lower group in turn (a player left over floats down);
3. within a group, no clash of colours (both due to deal first, or both due to deal second);
4. then the Dutch system's order: the top half of a score group against the bottom half, so
   the natural opponent is the one half the group further down, and the nearer to it the better.

Colours of Conquian are who deals first.  A player's due colour evens their balance (the matches
dealt first minus those dealt second), or with an even balance alternates their last; when both
are due the same, the stronger due (the larger imbalance), then the higher-ranked, gets it; with
no history the higher-ranked deals first on the even boards (0, 2, …) and second on the odd.
Why this and not a maximum-weight matching: docs/decisions/tournament-pairing.md.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from service.game.events import PlayerId
from service.tournaments.errors import NoPairing
from service.tournaments.standings import Record

STEPS = 200_000
"""The most choices the search tries before it gives up (``NoPairing``)."""


def swiss_round(
    records: dict[PlayerId, Record], players: Sequence[PlayerId]
) -> tuple[list[tuple[PlayerId, PlayerId]], PlayerId | None]:
    """The pairs (first dealer, second) and the bye of the next round for ``players``."""
    ranked = sorted((records[one] for one in players), key=lambda one: (-one.points, one.seed))
    budget = [STEPS]
    if len(ranked) % 2 == 0:
        return _finished(_pair(ranked, budget), None)
    for index in sorted(range(len(ranked)), key=lambda i: (ranked[i].byes, -i)):
        rest = ranked[:index] + ranked[index + 1 :]
        pairs = _pair(rest, budget)
        if pairs is not None:
            return _finished(pairs, ranked[index].player)
    raise NoPairing()


def _finished(
    pairs: list[tuple[Record, Record]] | None, bye: PlayerId | None
) -> tuple[list[tuple[PlayerId, PlayerId]], PlayerId | None]:
    if pairs is None:
        raise NoPairing()
    return [_dealt(high, low, board) for board, (high, low) in enumerate(pairs)], bye


def _pair(ranked: list[Record], budget: list[int]) -> list[tuple[Record, Record]] | None:
    """A pairing of all of ``ranked`` (in rank order), or None if there is none (or the search
    ran out of steps)."""
    if not ranked:
        return []
    top, rest = ranked[0], ranked[1:]
    for candidate in _candidates(top, rest):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        tail = _pair([one for one in rest if one is not candidate], budget)
        if tail is not None:
            return [(top, candidate), *tail]
    return None


def _candidates(top: Record, rest: list[Record]) -> Iterator[Record]:
    """``top``'s possible opponents in order of preference (rules 1 to 4 above)."""
    start = 0
    while start < len(rest):
        points = rest[start].points
        end = start
        while end < len(rest) and rest[end].points == points:
            end += 1
        group = rest[start:end]
        natural = (len(group) + 1) // 2 - 1 if points == top.points else 0
        preferred = sorted(
            (i for i, one in enumerate(group) if one.player not in top.met),
            key=lambda i: (_clash(top, group[i]), abs(i - natural), i),
        )
        yield from (group[i] for i in preferred)
        start = end


def _due(one: Record) -> int:
    """+1 if due to deal first, -1 if due to deal second, 0 if either will do."""
    if one.balance:
        return -1 if one.balance > 0 else 1
    return -one.colours[-1] if one.colours else 0


def _clash(one: Record, other: Record) -> int:
    return int(_due(one) == _due(other) != 0)


def _dealt(high: Record, low: Record, board: int) -> tuple[PlayerId, PlayerId]:
    """The pair (first dealer, second) of ``high`` (ranked higher) and ``low``."""
    due_high, due_low = _due(high), _due(low)
    if due_high == due_low == 0:
        high_first = board % 2 == 0
    elif due_high == due_low:
        stronger_low = abs(low.balance) > abs(high.balance)
        high_first = (due_high == 1) != stronger_low
    else:
        high_first = due_high == 1 or due_low == -1
    return (high.player, low.player) if high_first else (low.player, high.player)
