"""A ``Chance`` that fixes one answer: who deals first.  The terminal's ``--dealer`` and a
tournament's pairing (its first player deals first) both use it."""

from __future__ import annotations

from service.ports.protocols import Chance
from service.rules.cards import Card
from service.rules.seats import Seat


class FirstDealerChance:
    """``chance`` with the first dealer fixed: its first ``random()`` answer makes ``dealer`` deal.

    ``GameService`` draws the first dealer of a match with the first ``random()`` of the game
    (player 1 deals below 0.5) under ``first_dealer=random``.  Only that answer is fixed; decks,
    salts and tokens still come from ``chance``, so a fixed dealer makes no deal predictable.
    """

    def __init__(self, chance: Chance, dealer: Seat) -> None:
        self.chance = chance
        self.first: float | None = 0.25 if dealer is Seat.FIRST else 0.75

    def deck(self) -> tuple[Card, ...]:
        return self.chance.deck()

    def salt(self) -> str:
        return self.chance.salt()

    def token(self) -> str:
        return self.chance.token()

    def random(self) -> float:
        first, self.first = self.first, None
        return self.chance.random() if first is None else first
