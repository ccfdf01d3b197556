"""Combinations and tables: which groups of cards are legal melds, and how cards can be grouped.

Glossary (the only words the rules code uses for these things):

* **set** — 3 or 4 cards of one rank (R6.2).
* **sequence** — 3 to 8 cards of one suit in consecutive rank order; ace low, 7 next to J, no
  wrap-around (R2.2, R2.3, R6.3).
* **combination** (meld) — a set or a sequence.
* **table** — all of one player's combinations, pairwise disjoint (R6.5); kept as a tuple of
  masks in the order they are shown.
* **lay off** — add a card to an existing combination.
* **rearrange** — regroup one's own table cards into different combinations (R10.4).
* **arrangement** — a table as it stands after an action.
* **partition** — one way to split a group of cards into combinations.

All masks are ``CardSet``-style ``int`` bit masks (see ``cards.py``).  Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from typing import Final

MAX_SEQUENCE = 8


def _sets() -> list[int]:
    found = []
    for rank in range(10):
        four = sum(1 << (suit * 10 + rank) for suit in range(4))
        found.append(four)
        found.extend(four & ~(1 << (suit * 10 + rank)) for suit in range(4))
    return found


def _sequences() -> list[int]:
    return [
        ((1 << length) - 1) << (suit * 10 + start)
        for suit in range(4)
        for length in range(3, MAX_SEQUENCE + 1)
        for start in range(0, 10 - length + 1)
    ]


COMBINATIONS: tuple[int, ...] = tuple(_sets() + _sequences())
"""Every legal combination of the 40-card deck (50 sets and 132 sequences)."""
_IS_COMBINATION: Final = frozenset(COMBINATIONS)
COMBINATIONS_WITH: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(combo for combo in COMBINATIONS if combo >> index & 1) for index in range(40)
)
"""For each card, the combinations that contain it."""

Partition = tuple[int, ...]


def is_combination(mask: int) -> bool:
    """True when the cards of ``mask`` form a set or a sequence (R6.4)."""
    return mask in _IS_COMBINATION


def is_valid_table(combos: tuple[int, ...]) -> bool:
    """True when every combination is legal and no card is in two of them (R6.5)."""
    seen = 0
    for combo in combos:
        if combo & seen or combo not in _IS_COMBINATION:
            return False
        seen |= combo
    return True


def table_mask(combos: tuple[int, ...]) -> int:
    """All the cards of a table."""
    mask = 0
    for combo in combos:
        mask |= combo
    return mask


def partitions(mask: int) -> list[Partition]:
    """Every way to split ``mask`` into combinations (the empty mask has one: no combination)."""
    found: list[Partition] = []
    _collect_partitions(mask, (), found)
    return found


def _collect_partitions(mask: int, chosen: Partition, found: list[Partition]) -> None:
    if not mask:
        found.append(chosen)
        return
    low = mask & -mask
    for combo in COMBINATIONS_WITH[low.bit_length() - 1]:
        if combo & mask == combo:
            _collect_partitions(mask ^ combo, (*chosen, combo), found)


def covers(must: int, optional: int) -> Iterator[Partition]:
    """Partitions that place every card of ``must`` and any cards of ``optional`` beside them.

    Every combination returned holds at least one card of ``must``; cards of ``optional`` that
    would only form combinations among themselves are the job of ``packings``.
    """
    if not must:
        yield ()
        return
    low = must & -must
    pool = must | optional
    for combo in COMBINATIONS_WITH[low.bit_length() - 1]:
        if combo & pool == combo:
            for rest in covers(must & ~combo, optional & ~combo):
                yield (combo, *rest)


def cover_uses(must: int, optional: int) -> set[int]:
    """The distinct sets of ``optional`` cards that ``covers(must, optional)`` uses."""
    found: set[int] = set()
    _collect_cover_uses(must, optional, 0, found)
    return found


def _collect_cover_uses(must: int, optional: int, used: int, found: set[int]) -> None:
    if not must:
        found.add(used)
        return
    low = must & -must
    pool = must | optional
    for combo in COMBINATIONS_WITH[low.bit_length() - 1]:
        if combo & pool == combo:
            rest = must & ~combo
            _collect_cover_uses(rest, optional & ~combo, used | combo & optional, found)


def packings(mask: int) -> Iterator[Partition]:
    """Every collection of disjoint combinations drawn from ``mask`` (not all cards need be used)."""
    if not mask:
        yield ()
        return
    low = mask & -mask
    yield from packings(mask ^ low)
    for combo in COMBINATIONS_WITH[low.bit_length() - 1]:
        if combo & mask == combo:
            for rest in packings(mask ^ combo):
                yield (combo, *rest)


@lru_cache(maxsize=1 << 14)
def packing_masks(mask: int) -> frozenset[int]:
    """The distinct sets of cards that ``packings(mask)`` can put down."""
    return frozenset(table_mask(pack) for pack in packings(mask))


# ``Final`` on the module constants that every decision reads (here, in ``evolve``, ``legal``,
# ``seats``): compiled, mypyc keeps them in C variables, where a plain global is a dictionary
# lookup per read (docs/benchmarks.md, against 59d3f33).
_SUIT: Final = (1 << 10) - 1
_RUN_STARTS: Final = sum(((1 << 8) - 1) << (suit * 10) for suit in range(4))
"""Cards that can start a three-card sequence within their suit (A … J)."""


def meldable(pool: int) -> int:
    """The cards of ``pool`` that belong to at least one combination made only of ``pool`` cards.

    Bit-parallel: a card is in a sequence of ``pool`` if it is in a run of three, and in a set if
    at least three cards of its rank are in ``pool``.
    """
    starts = pool & pool >> 1 & pool >> 2 & _RUN_STARTS
    in_runs = starts | starts << 1 | starts << 2
    a, b, c, d = pool & _SUIT, pool >> 10 & _SUIT, pool >> 20 & _SUIT, pool >> 30 & _SUIT
    threes = (a & b & (c | d)) | (c & d & (a | b))
    return in_runs | (pool & (threes | threes << 10 | threes << 20 | threes << 30))


def can_meld_with(card_index: int, pool: int) -> bool:
    """True when some combination holds the card and otherwise only cards of ``pool``."""
    return bool(meldable(pool | 1 << card_index) >> card_index & 1)


def useful_cards(must: int, optional: int) -> int | None:
    """The ``optional`` cards that could share a combination with ``must`` and each other.

    None when some card of ``must`` is in no combination at all, so no arrangement exists.
    Removing unusable cards can strand others, so this repeats until nothing changes.
    """
    while True:
        fit = meldable(must | optional)
        if must & ~fit:
            return None
        if optional & ~fit == 0:
            return optional
        optional &= fit


def layoff_targets(table: tuple[int, ...], card_index: int) -> tuple[int, ...]:
    """Positions of the combinations that the card extends on its own (a direct lay-off)."""
    bit = 1 << card_index
    return tuple(i for i, combo in enumerate(table) if combo | bit in _IS_COMBINATION)


def lays_off(table: tuple[int, ...], card_index: int) -> bool:
    """Whether the card extends some combination of ``table`` on its own (``layoff_targets``
    is not empty).  A plain loop: asked at every refusal, where building the targets' tuple
    through a generator cost more than the answer."""
    bit = 1 << card_index
    for combo in table:  # noqa: SIM110 (any() over a generator is what this avoids)
        if combo | bit in _IS_COMBINATION:
            return True
    return False


def keeps_old_combinations(old: tuple[int, ...]) -> Callable[[Partition], bool]:
    """A test that a new partition only extends ``old`` combinations: none split, merged or robbed."""

    def test(partition: Partition) -> bool:
        for combo in partition:
            touched = [before for before in old if before & combo]
            if len(touched) > 1 or (touched and touched[0] & combo != touched[0]):
                return False
        return True

    return test


def order_like(partition: Partition, old: tuple[int, ...]) -> tuple[int, ...]:
    """Show a new table in the order of the old one: grown combinations in place, new ones after."""

    def position(combo: int) -> tuple[int, int]:
        for i, before in enumerate(old):
            if before & combo:
                return (i, combo & -combo)
        return (len(old), combo & -combo)

    return tuple(sorted(partition, key=position))


def kept_whole(partition: Partition, old: tuple[int, ...]) -> int:
    """How many old combinations stand as they were, or extended by new cards only.

    A combination that swallowed two old ones keeps neither: merging is a rearrangement.
    """
    old_cards = table_mask(old)
    return sum(
        any(before & combo == before and not combo & old_cards & ~before for combo in partition)
        for before in old
    )


def preferred(
    candidates: Iterable[Partition], old: tuple[int, ...], hints: tuple[int, ...]
) -> Partition | None:
    """The arrangement chosen when a command leaves it open (RULES A16), shown in table order.

    Preference, in order: the most groups the player wrote (``hints``) kept together; the most old
    combinations kept whole (extended where the new cards fit); the fewest combinations; then the
    smallest list of masks, so the choice is deterministic.
    """
    best: tuple[tuple[int, int, int, tuple[int, ...]], Partition] | None = None
    for partition in candidates:
        kept_hints = sum(any(hint & combo == hint for combo in partition) for hint in hints)
        key = (-kept_hints, -kept_whole(partition, old), len(partition), tuple(sorted(partition)))
        if best is None or key < best[0]:
            best = (key, partition)
    return None if best is None else order_like(best[1], old)
