"""Whole numbers people type or send, read by one function against named bounds.

Every number that comes from outside — a match's terms (``deals``, ``target``, ``stake``), a
move's time, the position a page or client saw — is read by ``whole_number`` and kept within
its bounds, because:

* ``str.isdigit`` accepts ``²`` and other digits ``int`` refuses, and ``int`` refuses more than
  4,300 digits with a message about Python itself: text counts as a number only when it is
  ASCII digits, and never more digits than its largest value has;
* a number past any sensible value breaks later, far from its cause: ``deals=10¹⁹`` is a match
  that never ends, a version past any game overflows a database integer.

The bounds of a match's terms are the rules' own (``MatchTerms``), which refuse terms past them
whichever channel read the numbers: 99 deals, a race to 10,000 points, a stake of a million.
"""

from __future__ import annotations

from dataclasses import dataclass

from service.rules.variants import MOST_DEALS, MOST_STAKE, MOST_TARGET


@dataclass(frozen=True, slots=True)
class Bounds:
    least: int
    most: int


DEALS = Bounds(1, MOST_DEALS)
TARGET = Bounds(1, MOST_TARGET)
STAKE = Bounds(1, MOST_STAKE)
POSITIVE = Bounds(1, 2**31 - 1)
"""Any count a database integer holds: a version, or a time the service then checks itself."""


class NotWithin(ValueError):
    """Not a whole number within ``bounds`` (what the refusal says: from least to most)."""

    def __init__(self, bounds: Bounds) -> None:
        super().__init__(f"a whole number from {bounds.least:,} to {bounds.most:,}")
        self.bounds = bounds


def whole_number(given: object, bounds: Bounds) -> int:
    """``given`` (text of ASCII digits, or an ``int``) as a whole number within ``bounds``;
    ``NotWithin`` for anything else."""
    if isinstance(given, str):
        digits = given.strip().lstrip("0") or ("0" if given.strip() else "")
        if not (digits.isascii() and digits.isdigit()) or len(digits) > len(str(bounds.most)):
            raise NotWithin(bounds)
        given = int(digits)
    if isinstance(given, bool) or not isinstance(given, int):
        raise NotWithin(bounds)
    if not bounds.least <= given <= bounds.most:
        raise NotWithin(bounds)
    return given
