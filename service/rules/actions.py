"""Actions: what a player (or chance, for the deck order) asks the rules to do.

Players name only the hand cards they put down and their discard; the rules find the arrangement
of the whole table (RULES A16).  ``hints`` carry the groups a player wrote between ``|`` and are
honoured where possible, never required.
"""

from __future__ import annotations

from typing import Final

from service.rules.cards import EMPTY, Card, CardSet
from service.rules.records import Record
from service.rules.seats import Seat
from service.rules.variants import MatchTerms, Variant


class StartMatch(Record):
    """Begin a match; chance has already chosen the first dealer or the cut cards (R4.1, R2.4)."""

    __slots__ = ("cuts", "first_dealer", "terms", "variant")
    __match_args__ = ("variant", "terms", "first_dealer", "cuts")

    def __init__(
        self,
        variant: Variant,
        terms: MatchTerms,
        first_dealer: Seat | None = None,
        cuts: tuple[Card, ...] = (),
    ) -> None:
        self.variant: Final = variant
        self.terms: Final = terms
        self.first_dealer: Final = first_dealer
        self.cuts: Final = cuts


class StartDeal(Record):
    """Deal the next deal from this shuffled order, top card first (R5.1)."""

    __slots__ = ("deck",)
    __match_args__ = ("deck",)

    def __init__(self, deck: tuple[Card, ...]) -> None:
        self.deck: Final = deck


class Take(Record):
    """Meld the center card with ``put_down`` from hand, then discard (R10, R11)."""

    __slots__ = ("arrangement", "discard", "hints", "put_down", "seat")
    __match_args__ = ("seat", "put_down", "discard", "hints", "arrangement")

    def __init__(
        self,
        seat: Seat,
        put_down: CardSet = EMPTY,
        discard: Card | None = None,
        hints: tuple[CardSet, ...] = (),
        arrangement: tuple[CardSet, ...] | None = None,
    ) -> None:
        self.seat: Final = seat
        self.put_down: Final = put_down
        self.discard: Final = discard
        self.hints: Final = hints
        # The whole table after the take, when the player spells it out; otherwise it is found.
        self.arrangement: Final = arrangement


class Refuse(Record):
    """Decline the center card; ``meld`` only under ``hand_meld_without_center`` (A22)."""

    __slots__ = ("hints", "meld", "seat")
    __match_args__ = ("seat", "meld", "hints")

    def __init__(self, seat: Seat, meld: CardSet = EMPTY, hints: tuple[CardSet, ...] = ()) -> None:
        self.seat: Final = seat
        self.meld: Final = meld
        self.hints: Final = hints


class Force(Record):
    """Make the opponent lay off the card just refused (R14)."""

    __slots__ = ("seat",)
    __match_args__ = ("seat",)

    def __init__(self, seat: Seat) -> None:
        self.seat: Final = seat


class NoForce(Record):
    """Let the opponent's refusal stand."""

    __slots__ = ("seat",)
    __match_args__ = ("seat",)

    def __init__(self, seat: Seat) -> None:
        self.seat: Final = seat


class Discard(Record):
    """After being forced: lay the forced card off (onto the combination holding ``onto``) and discard."""

    __slots__ = ("card", "onto", "seat")
    __match_args__ = ("seat", "card", "onto")

    def __init__(self, seat: Seat, card: Card, onto: Card | None = None) -> None:
        self.seat: Final = seat
        self.card: Final = card
        self.onto: Final = onto


class Resign(Record):
    """Give up the match."""

    __slots__ = ("seat",)
    __match_args__ = ("seat",)

    def __init__(self, seat: Seat) -> None:
        self.seat: Final = seat


class Forfeit(Record):
    """The seat loses the match on time: ``reason`` is ``timeouts`` (too many in a row) or
    ``claimed`` (the opponent claimed the win once a deadline had passed).  Issued by the game
    service's clock, never typed by a player."""

    __slots__ = ("reason", "seat")
    __match_args__ = ("seat", "reason")

    def __init__(self, seat: Seat, reason: str) -> None:
        self.seat: Final = seat
        self.reason: Final = reason


Action = StartMatch | StartDeal | Take | Refuse | Force | NoForce | Discard | Resign | Forfeit
PlayerAction = Take | Refuse | Force | NoForce | Discard | Resign
