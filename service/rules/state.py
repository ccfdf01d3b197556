"""The state of a match, as folded from its events.

``GameState`` is a ``NamedTuple`` rather than a frozen dataclass on purpose: it is rebuilt once per
event, and building a 20-field frozen dataclass costs about four times as much (measured on this
machine; see docs/benchmarks.md).  It is immutable all the same.  Hands are card masks; a table is a
tuple of combination masks in display order.  The deck order is here because the stock is hidden
state of the deal; only ``view_for`` may be handed to a player.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, NamedTuple

from service.rules.cards import Card, CardSet
from service.rules.melds import table_mask
from service.rules.seats import Phase, Seat, Source
from service.rules.variants import DEFAULT, MatchTerms, Variant

DEALT = 20
"""Cards dealt in all (R5.2): the stock starts at deck position 20 (card c21)."""
HAND_SIZE = 10


@dataclass(frozen=True, slots=True)
class DealResult:
    """The outcome of one finished deal: a winner and what they won, or a draw (winner None)."""

    number: int
    dealer: Seat
    winner: Seat | None
    amount: int


class Match(NamedTuple):
    """What lasts across deals; it changes only when a match or deal starts or ends."""

    variant: Variant
    terms: MatchTerms
    scores: tuple[int, int]
    multiplier: int
    results: tuple[DealResult, ...]
    first_dealer: Seat
    winner: Seat | None
    resigned: Seat | None
    """The seat that gave the match up, by resigning or by forfeiting on time."""


class GameState(NamedTuple):
    match: Match
    phase: Phase
    dealer: Seat
    deal_number: int
    deck: tuple[Card, ...]
    next_stock: int
    hands: tuple[int, int]
    tables: tuple[tuple[CardSet, ...], tuple[CardSet, ...]]
    center: Card | None
    source: Source | None
    dead: tuple[Card, ...]
    player: Seat
    """P: whose turn it is (RULES §1)."""
    to_act: Seat | None
    """Who must decide now: P, or O in the force window; None while chance or nobody acts."""
    turns: int

    @property
    def variant(self) -> Variant:
        """The rules in play.  The paths every decision takes (legal actions, refusals, views)
        read ``state.match.variant`` instead: a property is a function call per read, which
        self-play measures (docs/benchmarks.md, against 59d3f33)."""
        return self.match.variant

    @property
    def terms(self) -> MatchTerms:
        return self.match.terms

    @property
    def scores(self) -> tuple[int, int]:
        return self.match.scores

    @property
    def results(self) -> tuple[DealResult, ...]:
        return self.match.results

    @property
    def stock_size(self) -> int:
        return len(self.deck) - self.next_stock if self.deck else 0

    @property
    def nondealer(self) -> Seat:
        return self.dealer.other

    def melded(self, seat: Seat) -> int:
        """How many cards the seat has on the table."""
        return table_mask(self.tables[seat]).bit_count()


_INITIAL: Final = GameState(
    match=Match(
        variant=DEFAULT,
        terms=MatchTerms(),
        scores=(0, 0),
        multiplier=1,
        results=(),
        first_dealer=Seat.FIRST,
        winner=None,
        resigned=None,
    ),
    phase=Phase.NEW,
    dealer=Seat.FIRST,
    deal_number=0,
    deck=(),
    next_stock=0,
    hands=(0, 0),
    tables=((), ()),
    center=None,
    source=None,
    dead=(),
    player=Seat.FIRST,
    to_act=None,
    turns=0,
)


def initial_state() -> GameState:
    """The state before anything happened: the match must be started.

    One value, built once: a state is immutable all through (tuples, ints, frozen dataclasses),
    and every self-played deal starts from it twice, where building it cost a hundredth of
    the deal."""
    return _INITIAL


class _Same:
    """The type of ``SAME``: "leave this field as it is" (None is a real value of some fields)."""


SAME: Final = _Same()


def changed(
    state: GameState,
    *,
    match: Match | _Same = SAME,
    phase: Phase | _Same = SAME,
    dealer: Seat | _Same = SAME,
    deal_number: int | _Same = SAME,
    deck: tuple[Card, ...] | _Same = SAME,
    next_stock: int | _Same = SAME,
    hands: tuple[int, int] | _Same = SAME,
    tables: tuple[tuple[CardSet, ...], tuple[CardSet, ...]] | _Same = SAME,
    center: Card | _Same | None = SAME,
    source: Source | _Same | None = SAME,
    dead: tuple[Card, ...] | _Same = SAME,
    player: Seat | _Same = SAME,
    to_act: Seat | _Same | None = SAME,
    turns: int | _Same = SAME,
) -> GameState:
    """``state`` with the named fields replaced.

    Spelled out field by field rather than ``NamedTuple._replace(**changes)``: it runs for every
    event of every replay, and explicit keywords compile (mypyc) into a direct call, where a
    ``**changes`` dictionary costs several times more (docs/benchmarks.md).  Each field is
    tested with ``is SAME``, not ``isinstance``: interpreted, that is a call per field.
    """
    return tuple.__new__(
        GameState,
        (
            state.match if match is SAME else match,
            state.phase if phase is SAME else phase,
            state.dealer if dealer is SAME else dealer,
            state.deal_number if deal_number is SAME else deal_number,
            state.deck if deck is SAME else deck,
            state.next_stock if next_stock is SAME else next_stock,
            state.hands if hands is SAME else hands,
            state.tables if tables is SAME else tables,
            state.center if center is SAME else center,
            state.source if source is SAME else source,
            state.dead if dead is SAME else dead,
            state.player if player is SAME else player,
            state.to_act if to_act is SAME else to_act,
            state.turns if turns is SAME else turns,
        ),
    )


def dealt_hands(deck: tuple[Card, ...], batch: int) -> tuple[int, int]:
    """The non-dealer's and the dealer's hands, dealt alternately starting with the non-dealer (R5.2)."""
    nondealer = dealer = 0
    for position in range(DEALT):
        if (position // batch) % 2 == 0:
            nondealer |= 1 << deck[position]
        else:
            dealer |= 1 << deck[position]
    return nondealer, dealer


def points_in(hand: int) -> int:
    """Points of the cards left in a hand under ``scoring=points``: 2–7 face, J/Q/K 10, A 15."""
    total = 0
    while hand:
        low = hand & -hand
        rank = (low.bit_length() - 1) % 10 + 1
        total += 15 if rank == 1 else rank if rank <= 7 else 10
        hand ^= low
    return total
