"""What a spectator may see of a game in play (issue 37): the table, never a hidden card.

A ``SpectatorView`` is ``view.public_fields`` and nothing else while a deal is in play — both
tables, the center card, the dead pile as the variant shows it, the counts of both hands and of
the stock, whose turn it is and the match's score — and both hands once the deal has ended, as a
player sees the other's then (R20.1).  It has no seat, so no hand of its own and no legal actions.
The non-interference test (``tests/reliability/dup``) holds it to that: two games differing only
in hidden cards give the same spectator view.
"""

from __future__ import annotations

from typing import NamedTuple

from service.rules.cards import Card, CardSet
from service.rules.seats import Phase, Seat, Source
from service.rules.state import GameState, Match
from service.rules.variants import Variant
from service.rules.view import deal_ended, public_fields


class SpectatorView(NamedTuple):
    match: Match
    phase: Phase
    to_act: Seat | None
    player: Seat
    dealer: Seat
    deal_number: int
    turns: int
    hand_sizes: tuple[int, int]
    tables: tuple[tuple[CardSet, ...], tuple[CardSet, ...]]
    center: Card | None
    source: Source | None
    stock_size: int
    dead_size: int
    dead: tuple[Card, ...]
    shown: tuple[CardSet, CardSet] | None
    """Both hands, by seat, once the deal has ended; None while it is played."""

    @property
    def variant(self) -> Variant:
        return self.match.variant


def spectator_view(state: GameState) -> SpectatorView:
    """The game as anyone watching may see it now."""
    shown = (
        (CardSet(state.hands[Seat.FIRST]), CardSet(state.hands[Seat.SECOND]))
        if deal_ended(state)
        else None
    )
    view: SpectatorView = tuple.__new__(SpectatorView, (*public_fields(state), shown))
    return view
