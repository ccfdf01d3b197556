"""What one seat may see: the only picture of a game that is ever handed to a player.

A ``PlayerView`` carries the seat's own hand, everything public (both tables, the center card,
pile sizes, scores) and the seat's legal actions.  It never carries the opponent's hand or the
stock order while a deal is in play (R20.1), nor dead cards unless ``dead_pile_visible`` (R20.2)
or the seat remembers them (a bot: ``bots.recall``).
When a deal has ended, the opponent's remaining hand is shown (``revealed``).
"""

from __future__ import annotations

from typing import NamedTuple

from service.rules.actions import PlayerAction
from service.rules.cards import Card, CardSet
from service.rules.legal import legal_actions
from service.rules.seats import Phase, Seat, Source
from service.rules.state import GameState, Match
from service.rules.variants import Variant


class PlayerView(NamedTuple):
    match: Match
    """Variant, terms, scores, multiplier and results: public in full."""
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
    seat: Seat
    hand: CardSet
    revealed: CardSet | None
    legal_actions: tuple[PlayerAction, ...]

    @property
    def variant(self) -> Variant:
        return self.match.variant

    @property
    def opponent(self) -> Seat:
        return self.seat.other

    @property
    def is_my_decision(self) -> bool:
        return self.to_act == self.seat


def view_for(state: GameState, seat: Seat, remembering: bool = False) -> PlayerView:
    """The game as ``seat`` may see it now: the public table (``public_fields``) with the
    seat's own hand, the other hand once the deal has ended, and the seat's legal actions.

    ``remembering``: every dead card, whatever the variant shows (``bots.recall``)."""
    hands = state.hands
    revealed = CardSet(hands[seat.other]) if deal_ended(state) else None
    mine = (seat, CardSet(hands[seat]), revealed, tuple(legal_actions(state, seat)))
    return _new_view(public_fields(state, remembering) + mine)


def deal_ended(state: GameState) -> bool:
    """Whether the hands are shown now: between deals and once the match is over (R20.1)."""
    return state.phase in (Phase.DEALING, Phase.OVER) and state.deal_number > 0


def public_fields(state: GameState, remembering: bool = False) -> tuple[object, ...]:
    """What the table shows anyone, in ``PlayerView``'s order, its first fields:
    match, phase, to act, player, dealer, deal, turns, hand sizes, tables, center, source, stock
    size, dead size and the dead cards when the variant shows them (R20.2) or the seat is
    ``remembering`` them.  Both a player's view and a spectator's (``spectator.py``) are built
    from it, so neither shows more of the table than the other; it reads the hands only to
    count them."""
    hands = state.hands
    dead = state.dead
    return (
        state.match,
        state.phase,
        state.to_act,
        state.player,
        state.dealer,
        state.deal_number,
        state.turns,
        (hands[0].bit_count(), hands[1].bit_count()),
        state.tables,
        state.center,
        state.source,
        len(state.deck) - state.next_stock,
        len(dead),
        dead if remembering or state.match.variant.dead_pile_visible else (),
    )


def _new_view(fields: tuple[object, ...]) -> PlayerView:
    """Build a view from its fields in declaration order.

    A view is built for every decision a bot makes; ``tuple.__new__`` skips the keyword parsing
    of the generated ``__new__``, which dominated its cost (docs/benchmarks.md).
    """
    return tuple.__new__(PlayerView, fields)
