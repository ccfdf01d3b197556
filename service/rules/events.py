"""Events: the facts a game is made of.  State is only ever the fold of these (``evolve.py``).

Names are past tense and stable: they are written to the game log and exported files.  A ``seat``
field is always the seat that acted.  Tables are given whole, in display order, so a log reader
never has to re-run the arrangement search.
"""

from __future__ import annotations

from typing import Final

from service.rules.cards import Card, CardSet
from service.rules.records import Record
from service.rules.seats import Seat
from service.rules.variants import MatchTerms, Variant


class MatchStarted(Record):
    __slots__ = ("cuts", "first_dealer", "terms", "variant")
    __match_args__ = ("variant", "terms", "first_dealer", "cuts")

    def __init__(
        self, variant: Variant, terms: MatchTerms, first_dealer: Seat, cuts: tuple[Card, ...] = ()
    ) -> None:
        self.variant: Final = variant
        self.terms: Final = terms
        self.first_dealer: Final = first_dealer
        self.cuts: Final = cuts


class DealStarted(Record):
    """A deal from a recorded deck order; dealing and the stock follow from it (R5)."""

    __slots__ = ("dealer", "deck", "number")
    __match_args__ = ("number", "dealer", "deck")

    def __init__(self, number: int, dealer: Seat, deck: tuple[Card, ...]) -> None:
        self.number: Final = number
        self.dealer: Final = dealer
        self.deck: Final = deck


class UpcardTurned(Record):
    """Under ``first_turn=dealer_upcard``: the dealer turns the first stock card face up (R8.6)."""

    __slots__ = ("card", "seat")
    __match_args__ = ("seat", "card")

    def __init__(self, seat: Seat, card: Card) -> None:
        self.seat: Final = seat
        self.card: Final = card


class CardTurnedUp(Record):
    """The player on turn turned the top stock card (an own flip)."""

    __slots__ = ("card", "seat")
    __match_args__ = ("seat", "card")

    def __init__(self, seat: Seat, card: Card) -> None:
        self.seat: Final = seat
        self.card: Final = card


class CenterCardTaken(Record):
    """The center card was melded with ``put_down`` from hand; ``table`` is the result (R10)."""

    __slots__ = ("card", "put_down", "seat", "table")
    __match_args__ = ("seat", "card", "put_down", "table")

    def __init__(
        self, seat: Seat, card: Card, put_down: CardSet, table: tuple[CardSet, ...]
    ) -> None:
        self.seat: Final = seat
        self.card: Final = card
        self.put_down: Final = put_down
        self.table: Final = table


class CardDiscarded(Record):
    """A hand card was discarded; it is now the opponent's offered card (R11.1)."""

    __slots__ = ("card", "seat")
    __match_args__ = ("seat", "card")

    def __init__(self, seat: Seat, card: Card) -> None:
        self.seat: Final = seat
        self.card: Final = card


class CardRefused(Record):
    __slots__ = ("card", "seat")
    __match_args__ = ("seat", "card")

    def __init__(self, seat: Seat, card: Card) -> None:
        self.seat: Final = seat
        self.card: Final = card


class HandMelded(Record):
    """Under ``hand_meld_without_center``: hand cards melded along with a refusal (A22)."""

    __slots__ = ("put_down", "seat", "table")
    __match_args__ = ("seat", "put_down", "table")

    def __init__(self, seat: Seat, put_down: CardSet, table: tuple[CardSet, ...]) -> None:
        self.seat: Final = seat
        self.put_down: Final = put_down
        self.table: Final = table


class ForceWindowOpened(Record):
    """The refused card fits the refuser's table, so ``seat`` may now force it (R14.3)."""

    __slots__ = ("seat",)
    __match_args__ = ("seat",)

    def __init__(self, seat: Seat) -> None:
        self.seat: Final = seat


class ForceDeclined(Record):
    __slots__ = ("seat",)
    __match_args__ = ("seat",)

    def __init__(self, seat: Seat) -> None:
        self.seat: Final = seat


class CardForced(Record):
    """``seat`` forced the refused card on the opponent."""

    __slots__ = ("seat",)
    __match_args__ = ("seat",)

    def __init__(self, seat: Seat) -> None:
        self.seat: Final = seat


class CardLaidOff(Record):
    """The forced card joined the forced player's table (R14.4)."""

    __slots__ = ("card", "seat", "table")
    __match_args__ = ("seat", "card", "table")

    def __init__(self, seat: Seat, card: Card, table: tuple[CardSet, ...]) -> None:
        self.seat: Final = seat
        self.card: Final = card
        self.table: Final = table


class CardBuried(Record):
    """A refused offered card went to the dead pile for good (R9.1)."""

    __slots__ = ("card",)
    __match_args__ = ("card",)

    def __init__(self, card: Card) -> None:
        self.card: Final = card


class CardPassed(Record):
    """``seat`` refused its own flip; the card is now the opponent's offered card (R9.2)."""

    __slots__ = ("card", "seat")
    __match_args__ = ("seat", "card")

    def __init__(self, seat: Seat, card: Card) -> None:
        self.seat: Final = seat
        self.card: Final = card


class DealWon(Record):
    """``seat`` went out and wins ``amount`` (stake times multiplier, or points) (R15, R18)."""

    __slots__ = ("amount", "seat")
    __match_args__ = ("seat", "amount")

    def __init__(self, seat: Seat, amount: int) -> None:
        self.seat: Final = seat
        self.amount: Final = amount


class DealDrawn(Record):
    """The stock ran out; nobody wins this deal (R17)."""

    __slots__ = ("number",)
    __match_args__ = ("number",)

    def __init__(self, number: int) -> None:
        self.number: Final = number


class PlayerResigned(Record):
    __slots__ = ("seat",)
    __match_args__ = ("seat",)

    def __init__(self, seat: Seat) -> None:
        self.seat: Final = seat


class MatchForfeited(Record):
    """``seat`` lost the match on time (``reason``: ``timeouts`` or ``claimed``)."""

    __slots__ = ("reason", "seat")
    __match_args__ = ("seat", "reason")

    def __init__(self, seat: Seat, reason: str) -> None:
        self.seat: Final = seat
        self.reason: Final = reason


class MatchEnded(Record):
    """The match is over; ``winner`` is None for a tied match."""

    __slots__ = ("scores", "winner")
    __match_args__ = ("winner", "scores")

    def __init__(self, winner: Seat | None, scores: tuple[int, int]) -> None:
        self.winner: Final = winner
        self.scores: Final = scores


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
    | MatchForfeited
    | MatchEnded
)

DECISION_BOUNDARIES = (
    CardTurnedUp,
    UpcardTurned,
    CardDiscarded,
    CardPassed,
    ForceWindowOpened,
    CardForced,
    DealWon,
    DealDrawn,
    MatchEnded,
)
"""Events after which the rules wait for a new decision (or for none): each ends the one
before.  Events inside one move (a refusal, a take before its discard, a burial before the next
flip) are no boundary, so a move's automatic steps are not decisions of their own."""
