"""Events: the facts a game is made of.  State is only ever the fold of these (``evolve.py``).

Names are past tense and stable: they are written to the game log and exported files.  A ``seat``
field is always the seat that acted.  Tables are given whole, in display order, so a log reader
never has to re-run the arrangement search.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, CardSet
from .seats import Seat
from .variants import MatchTerms, Variant


@dataclass(frozen=True, slots=True)
class MatchStarted:
    variant: Variant
    terms: MatchTerms
    first_dealer: Seat
    cuts: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class DealStarted:
    """A deal from a recorded deck order; dealing and the stock follow from it (R5)."""

    number: int
    dealer: Seat
    deck: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class UpcardTurned:
    """Under ``first_turn=dealer_upcard``: the dealer turns the first stock card face up (R8.6)."""

    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class CardTurnedUp:
    """The player on turn turned the top stock card (an own flip)."""

    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class CenterCardTaken:
    """The center card was melded with ``put_down`` from hand; ``table`` is the result (R10)."""

    seat: Seat
    card: Card
    put_down: CardSet
    table: tuple[CardSet, ...]


@dataclass(frozen=True, slots=True)
class CardDiscarded:
    """A hand card was discarded; it is now the opponent's offered card (R11.1)."""

    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class CardRefused:
    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class HandMelded:
    """Under ``hand_meld_without_center``: hand cards melded along with a refusal (A22)."""

    seat: Seat
    put_down: CardSet
    table: tuple[CardSet, ...]


@dataclass(frozen=True, slots=True)
class ForceWindowOpened:
    """The refused card fits the refuser's table, so ``seat`` may now force it (R14.3)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class ForceDeclined:
    seat: Seat


@dataclass(frozen=True, slots=True)
class CardForced:
    """``seat`` forced the refused card on the opponent."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class CardLaidOff:
    """The forced card joined the forced player's table (R14.4)."""

    seat: Seat
    card: Card
    table: tuple[CardSet, ...]


@dataclass(frozen=True, slots=True)
class CardBuried:
    """A refused offered card went to the dead pile for good (R9.1)."""

    card: Card


@dataclass(frozen=True, slots=True)
class CardPassed:
    """``seat`` refused its own flip; the card is now the opponent's offered card (R9.2)."""

    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class DealWon:
    """``seat`` went out and wins ``amount`` (stake times multiplier, or points) (R15, R18)."""

    seat: Seat
    amount: int


@dataclass(frozen=True, slots=True)
class DealDrawn:
    """The stock ran out; nobody wins this deal (R17)."""

    number: int


@dataclass(frozen=True, slots=True)
class PlayerResigned:
    seat: Seat


@dataclass(frozen=True, slots=True)
class MatchEnded:
    """The match is over; ``winner`` is None for a tied match."""

    winner: Seat | None
    scores: tuple[int, int]


Event = (
    MatchStarted
    | DealStarted
    | UpcardTurned
    | CardTurnedUp
    | CenterCardTaken
    | CardDiscarded
    | CardRefused
    | HandMelded
    | ForceWindowOpened
    | ForceDeclined
    | CardForced
    | CardLaidOff
    | CardBuried
    | CardPassed
    | DealWon
    | DealDrawn
    | PlayerResigned
    | MatchEnded
)
