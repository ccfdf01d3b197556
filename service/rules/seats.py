"""Seats, phases and where the center card came from: the small vocabularies every rules module shares."""

from __future__ import annotations

from enum import IntEnum, StrEnum
from typing import Final


class Seat(IntEnum):
    """A place at the table for the whole match; dealer and non-dealer change from deal to deal."""

    FIRST = 0
    SECOND = 1

    @property
    def other(self) -> Seat:
        return _OTHER[self]

    @property
    def number(self) -> int:
        """1 or 2, as players and the command line count seats."""
        return self + 1


_OTHER: Final = (Seat.SECOND, Seat.FIRST)


class Source(StrEnum):
    """Where the center card came from (RULES §1, zone ``center``)."""

    OWN_FLIP = "own_flip"
    OFFERED_DISCARD = "offered_discard"
    OFFERED_REFUSED_FLIP = "offered_refused_flip"
    UPCARD = "upcard"


class Phase(StrEnum):
    """What the game waits for."""

    NEW = "new"
    """Nothing recorded yet: the match must be started."""
    DEALING = "dealing"
    """The next deal's shuffled deck is awaited (chance acts, not a player)."""
    FLIP = "flip"
    """The automatic first flip of a deal is due (A20); never waits for a player."""
    DECIDE = "decide"
    """The player on turn takes or refuses the center card."""
    FORCE_WINDOW = "force_window"
    """The opponent chooses to force the refused card or not (R14.3)."""
    FORCED = "forced"
    """The forced player lays the card off and discards (R14.4)."""
    OVER = "over"
    """The match has ended."""
