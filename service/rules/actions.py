"""Actions: what a player (or chance, for the deck order) asks the rules to do.

Players name only the hand cards they put down and their discard; the rules find the arrangement
of the whole table (RULES A16).  ``hints`` carry the groups a player wrote between ``|`` and are
honoured where possible, never required.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import EMPTY, Card, CardSet
from .seats import Seat
from .variants import MatchTerms, Variant


@dataclass(frozen=True, slots=True)
class StartMatch:
    """Begin a match; chance has already chosen the first dealer or the cut cards (R4.1, R2.4)."""

    variant: Variant
    terms: MatchTerms
    first_dealer: Seat | None = None
    cuts: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class StartDeal:
    """Deal the next deal from this shuffled order, top card first (R5.1)."""

    deck: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Take:
    """Meld the center card with ``put_down`` from hand, then discard (R10, R11)."""

    seat: Seat
    put_down: CardSet = EMPTY
    discard: Card | None = None
    hints: tuple[CardSet, ...] = ()
    arrangement: tuple[CardSet, ...] | None = None
    """The whole table after the take, when the player spells it out; otherwise it is found."""


@dataclass(frozen=True, slots=True)
class Refuse:
    """Decline the center card; ``meld`` only under ``hand_meld_without_center`` (A22)."""

    seat: Seat
    meld: CardSet = EMPTY
    hints: tuple[CardSet, ...] = ()


@dataclass(frozen=True, slots=True)
class Force:
    """Make the opponent lay off the card just refused (R14)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class NoForce:
    """Let the opponent's refusal stand."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class Discard:
    """After being forced: lay the forced card off (onto the combination holding ``onto``) and discard."""

    seat: Seat
    card: Card
    onto: Card | None = None


@dataclass(frozen=True, slots=True)
class Resign:
    """Give up the match."""

    seat: Seat


Action = StartMatch | StartDeal | Take | Refuse | Force | NoForce | Discard | Resign
PlayerAction = Take | Refuse | Force | NoForce | Discard | Resign
