"""Cards, the 40-card deck and sets of cards.

A card is an ``int`` from 0 to 39: ``suit * 10 + rank index - 1``.  The cards of one suit are
therefore consecutive numbers in sequence order (A, 2 … 7, J, Q, K), so a sequence is a run of
consecutive bits in a ``CardSet`` bit mask.  That one choice keeps every meld check a few integer
operations.  Standard library only.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

RANKS = "A234567JQK"
"""Rank letters in sequence order; the rank index (R2.1) is the position plus one."""
SUITS = "CDHS"
"""Clubs, diamonds, hearts, spades; suits have no order of play (R1.2)."""


class Card(int):
    """One of the 40 cards; use ``card("7H")`` or ``DECK[i]`` rather than the constructor."""

    __slots__ = ()

    @property
    def rank(self) -> int:
        """The rank index: A=1 … 7=7, J=8, Q=9, K=10 (R2.1)."""
        return self % 10 + 1

    @property
    def suit(self) -> int:
        """0 clubs, 1 diamonds, 2 hearts, 3 spades."""
        return self // 10

    @property
    def bit(self) -> int:
        return 1 << self

    def __str__(self) -> str:
        return RANKS[self % 10] + SUITS[self // 10]

    def __repr__(self) -> str:
        return f"card({str(self)!r})"


DECK: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(40))
"""Every card once, in canonical order (clubs A…K, diamonds, hearts, spades)."""
FULL_DECK_MASK = (1 << 40) - 1


def card(text: str) -> Card:
    """The card written canonically as rank letter and suit letter, e.g. ``"7H"`` or ``"jc"``."""
    name = text.strip().upper()
    if len(name) != 2 or name[0] not in RANKS or name[1] not in SUITS:
        raise ValueError(f"not a card of the 40-card deck: {text!r}")
    return DECK[SUITS.index(name[1]) * 10 + RANKS.index(name[0])]


class CardSet(int):
    """An immutable set of cards stored as a 40-bit mask; iterates in canonical order."""

    __slots__ = ()

    @classmethod
    def of(cls, cards: Iterable[int]) -> CardSet:
        mask = 0
        for one in cards:
            mask |= 1 << one
        return cls(mask)

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Cards in canonical notation separated by spaces, e.g. ``"5C 5D KS"``."""
        return cls.of(card(word) for word in text.split())

    def __iter__(self) -> Iterator[Card]:
        mask = int(self)
        while mask:
            low = mask & -mask
            yield DECK[low.bit_length() - 1]
            mask ^= low

    def __len__(self) -> int:
        return self.bit_count()

    def __contains__(self, one: object) -> bool:
        return isinstance(one, int) and 0 <= one < 40 and bool(self >> one & 1)

    def __str__(self) -> str:
        return " ".join(str(one) for one in self)

    def __repr__(self) -> str:
        return f"cards({str(self)!r})"


EMPTY = CardSet(0)


def cards(text: str) -> CardSet:
    """Shorthand for ``CardSet.parse``: ``cards("5C 5D KS")``."""
    return CardSet.parse(text)


def lowest(mask: int) -> Card:
    """The lowest card of a non-empty mask."""
    return DECK[(mask & -mask).bit_length() - 1]


def is_deck_order(order: tuple[int, ...]) -> bool:
    """True when ``order`` holds each of the 40 cards exactly once."""
    if len(order) != 40:
        return False
    mask = 0
    for one in order:
        if not 0 <= one < 40:
            return False
        mask |= 1 << one
    return mask == FULL_DECK_MASK
