"""Evolve: fold one event into the state.  No rule is checked here; ``decide`` already did.

Dispatch is a dictionary on the event type, one small function per event, because ``evolve`` runs
for every event of every replay and a ``match`` over eighteen classes tests them one by one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final

from service.rules.cards import CardSet
from service.rules.events import (
    CardBuried,
    CardDiscarded,
    CardForced,
    CardLaidOff,
    CardPassed,
    CardRefused,
    CardTurnedUp,
    CenterCardTaken,
    DealDrawn,
    DealStarted,
    DealWon,
    Event,
    ForceDeclined,
    ForceWindowOpened,
    HandMelded,
    MatchEnded,
    MatchForfeited,
    MatchStarted,
    PlayerResigned,
    UpcardTurned,
)
from service.rules.seats import Phase, Seat, Source
from service.rules.state import DEALT, DealResult, GameState, changed, dealt_hands, initial_state
from service.rules.variants import DrawStakes, Scoring


def evolve(state: GameState, event: Event) -> GameState:
    """The state after ``event``."""
    return _APPLY[type(event)](state, event)


def replay(events: Iterable[Event], state: GameState | None = None) -> GameState:
    """Fold events into a state, from the beginning unless a state is given."""
    current = initial_state() if state is None else state
    apply = _APPLY
    for event in events:
        current = apply[type(event)](current, event)
    return current


def _with_hand(hands: tuple[int, int], seat: Seat, hand: int) -> tuple[int, int]:
    return (hand, hands[1]) if seat == 0 else (hands[0], hand)


def _with_table(
    tables: tuple[tuple[CardSet, ...], tuple[CardSet, ...]], seat: Seat, table: tuple[CardSet, ...]
) -> tuple[tuple[CardSet, ...], tuple[CardSet, ...]]:
    return (table, tables[1]) if seat == 0 else (tables[0], table)


def _match_started(state: GameState, e: MatchStarted) -> GameState:
    match = state.match._replace(variant=e.variant, terms=e.terms, first_dealer=e.first_dealer)
    return changed(state, match=match, phase=Phase.DEALING, dealer=e.first_dealer)


def _deal_started(state: GameState, e: DealStarted) -> GameState:
    nondealer_hand, dealer_hand = dealt_hands(e.deck, state.variant.deal_batch)
    nondealer = e.dealer.other
    return changed(
        state,
        phase=Phase.FLIP,
        dealer=e.dealer,
        deal_number=e.number,
        deck=e.deck,
        next_stock=DEALT,
        hands=_with_hand(_with_hand((0, 0), nondealer, nondealer_hand), e.dealer, dealer_hand),
        tables=((), ()),
        center=None,
        source=None,
        dead=(),
        player=nondealer,
        to_act=None,
        turns=1,
    )


def _upcard_turned(state: GameState, e: UpcardTurned) -> GameState:
    return changed(
        state,
        phase=Phase.DECIDE,
        next_stock=state.next_stock + 1,
        center=e.card,
        source=Source.UPCARD,
        to_act=state.player,
    )


def _card_turned_up(state: GameState, e: CardTurnedUp) -> GameState:
    new_turn = e.seat != state.player
    return changed(
        state,
        phase=Phase.DECIDE,
        next_stock=state.next_stock + 1,
        center=e.card,
        source=Source.OWN_FLIP,
        player=e.seat,
        to_act=e.seat,
        turns=state.turns + 1 if new_turn else state.turns,
    )


def _center_card_taken(state: GameState, e: CenterCardTaken) -> GameState:
    return changed(
        state,
        hands=_with_hand(state.hands, e.seat, state.hands[e.seat] & ~e.put_down),
        tables=_with_table(state.tables, e.seat, e.table),
        center=None,
        source=None,
    )


def _card_discarded(state: GameState, e: CardDiscarded) -> GameState:
    other = e.seat.other
    return changed(
        state,
        phase=Phase.DECIDE,
        hands=_with_hand(state.hands, e.seat, state.hands[e.seat] & ~(1 << e.card)),
        center=e.card,
        source=Source.OFFERED_DISCARD,
        player=other,
        to_act=other,
        turns=state.turns + 1,
    )


def _card_refused(state: GameState, e: CardRefused) -> GameState:
    return state


def _hand_melded(state: GameState, e: HandMelded) -> GameState:
    return changed(
        state,
        hands=_with_hand(state.hands, e.seat, state.hands[e.seat] & ~e.put_down),
        tables=_with_table(state.tables, e.seat, e.table),
    )


def _force_window_opened(state: GameState, e: ForceWindowOpened) -> GameState:
    return changed(state, phase=Phase.FORCE_WINDOW, to_act=e.seat)


def _force_declined(state: GameState, e: ForceDeclined) -> GameState:
    return changed(state, phase=Phase.DECIDE, to_act=state.player)


def _card_forced(state: GameState, e: CardForced) -> GameState:
    return changed(state, phase=Phase.FORCED, to_act=state.player)


def _card_laid_off(state: GameState, e: CardLaidOff) -> GameState:
    return changed(
        state,
        tables=_with_table(state.tables, e.seat, e.table),
        center=None,
        source=None,
    )


def _card_buried(state: GameState, e: CardBuried) -> GameState:
    return changed(state, dead=(*state.dead, e.card), center=None, source=None)


def _card_passed(state: GameState, e: CardPassed) -> GameState:
    other = e.seat.other
    source = Source.UPCARD if state.source is Source.UPCARD else Source.OFFERED_REFUSED_FLIP
    return changed(
        state, phase=Phase.DECIDE, source=source, player=other, to_act=other, turns=state.turns + 1
    )


def _deal_won(state: GameState, e: DealWon) -> GameState:
    if state.variant.scoring is Scoring.POINTS:
        gain = (e.amount, 0) if e.seat == 0 else (0, e.amount)
    else:
        gain = (e.amount, -e.amount) if e.seat == 0 else (-e.amount, e.amount)
    match = state.match._replace(
        scores=(state.scores[0] + gain[0], state.scores[1] + gain[1]),
        multiplier=1,
        results=(*state.results, DealResult(state.deal_number, state.dealer, e.seat, e.amount)),
    )
    return changed(state, match=match, phase=Phase.DEALING, to_act=None)


def _deal_drawn(state: GameState, e: DealDrawn) -> GameState:
    match = state.match._replace(
        multiplier=_after_draw(state.variant.draw_stakes, state.match.multiplier),
        results=(*state.results, DealResult(state.deal_number, state.dealer, None, 0)),
    )
    return changed(state, match=match, phase=Phase.DEALING, to_act=None)


def _after_draw(rule: DrawStakes, multiplier: int) -> int:
    """R18.3: double (compounding), Foster's pool (one more), or unchanged."""
    if rule is DrawStakes.DOUBLE:
        return multiplier * 2
    if rule is DrawStakes.FOSTER_POOL:
        return multiplier + 1
    return multiplier


def _player_resigned(state: GameState, e: PlayerResigned | MatchForfeited) -> GameState:
    """Resigning and forfeiting both give the match up (``Match.resigned``)."""
    return changed(state, match=state.match._replace(resigned=e.seat), to_act=None)


def _match_ended(state: GameState, e: MatchEnded) -> GameState:
    match = state.match._replace(winner=e.winner)
    return changed(state, match=match, phase=Phase.OVER, to_act=None)


_APPLY: Final[dict[type, Callable[..., GameState]]] = {
    MatchStarted: _match_started,
    DealStarted: _deal_started,
    UpcardTurned: _upcard_turned,
    CardTurnedUp: _card_turned_up,
    CenterCardTaken: _center_card_taken,
    CardDiscarded: _card_discarded,
    CardRefused: _card_refused,
    HandMelded: _hand_melded,
    ForceWindowOpened: _force_window_opened,
    ForceDeclined: _force_declined,
    CardForced: _card_forced,
    CardLaidOff: _card_laid_off,
    CardBuried: _card_buried,
    CardPassed: _card_passed,
    DealWon: _deal_won,
    DealDrawn: _deal_drawn,
    PlayerResigned: _player_resigned,
    MatchForfeited: _player_resigned,
    MatchEnded: _match_ended,
}
