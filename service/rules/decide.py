"""Decide: the events an action causes, or an ``IllegalAction`` saying why not.

``decide(state, action)`` is the only way anything happens in a game.  Match-level actions (start,
deal, resign) are handled here; a player's turn decisions are in ``turn.py``.
"""

from __future__ import annotations

from service.rules.actions import (
    Action,
    Discard,
    Force,
    Forfeit,
    NoForce,
    Refuse,
    Resign,
    StartDeal,
    StartMatch,
    Take,
)
from service.rules.cards import Card, is_deck_order
from service.rules.endings import forfeited, resigned
from service.rules.errors import (
    BadDeck,
    BadStart,
    FlipPending,
    MatchAlreadyStarted,
    MatchNotStarted,
    MatchOver,
    NoDealInPlay,
    NotYourTurn,
)
from service.rules.events import CardTurnedUp, DealStarted, Event, MatchStarted, UpcardTurned
from service.rules.seats import Phase, Seat
from service.rules.state import DEALT, GameState
from service.rules.turn import discard, force, no_force, refuse, take
from service.rules.variants import FirstDealer, FirstTurn


def decide(state: GameState, action: Action) -> list[Event]:
    """The events ``action`` causes in ``state``; raises ``IllegalAction`` and changes nothing if illegal."""
    match action:  # the most frequent decisions first
        case Refuse():
            _check_turn(state, action.seat)
            return refuse(state, action)
        case Take():
            _check_turn(state, action.seat)
            return take(state, action)
        case NoForce(seat=seat):
            _check_turn(state, seat)
            return no_force(state, seat)
        case Force(seat=seat):
            _check_turn(state, seat)
            return force(state, seat)
        case Discard():
            _check_turn(state, action.seat)
            return discard(state, action)
        case StartDeal():
            return _start_deal(state, action)
        case StartMatch():
            return _start_match(state, action)
        case Resign(seat=seat):
            _check_match_running(state)
            return resigned(state, seat)
        case Forfeit(seat=seat, reason=reason):
            _check_match_running(state)
            return forfeited(state, seat, reason)
    raise TypeError(f"not an action: {action!r}")


def _check_match_running(state: GameState) -> None:
    if state.phase is Phase.NEW:
        raise MatchNotStarted()
    if state.phase is Phase.OVER:
        raise MatchOver()


def _check_turn(state: GameState, seat: Seat) -> None:
    """Guard clauses from the acting player's point of view."""
    if seat == state.to_act:
        return  # a player is only ever asked to act while a deal is in play
    _check_match_running(state)
    if state.phase is Phase.DEALING:
        raise NoDealInPlay()
    if state.phase is Phase.FLIP:
        raise FlipPending()
    assert state.to_act is not None
    raise NotYourTurn(seat=state.to_act.number)


def _start_match(state: GameState, action: StartMatch) -> list[Event]:
    if state.phase is not Phase.NEW:
        raise MatchAlreadyStarted()
    if action.variant.first_dealer is FirstDealer.CUT_LOW_DEALS:
        dealer = dealer_by_cut(action.cuts)
    elif action.first_dealer is None:
        raise BadStart(reason="the first dealer was not chosen")
    else:
        dealer = action.first_dealer
    return [MatchStarted(action.variant, action.terms, dealer, action.cuts)]


def dealer_by_cut(cuts: tuple[Card, ...]) -> Seat:
    """R2.4 with ``first_dealer=cut_low_deals``: each seat cuts in turn, first seat first; equal
    ranks cut again; the lower rank deals (A low, K high)."""
    if len(cuts) < 2 or len(cuts) % 2 or len(set(cuts)) != len(cuts):
        raise BadStart(reason="the cut needs pairs of different cards, one for each seat")
    pairs = list(zip(cuts[::2], cuts[1::2], strict=True))
    if any(a.rank != b.rank for a, b in pairs[:-1]):
        raise BadStart(reason="players cut again only after cutting equal ranks")
    first, second = pairs[-1]
    if first.rank == second.rank:
        raise BadStart(reason="the last cut is a tie, so it does not choose a dealer")
    return Seat.FIRST if first.rank < second.rank else Seat.SECOND


def cuts_from(pack: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cut cards a shuffled pack gives: a card for each seat, again while the ranks tie."""
    cuts: list[Card] = []
    for first, second in zip(pack[::2], pack[1::2], strict=True):
        cuts += [first, second]
        if first.rank != second.rank:
            break
    return tuple(cuts)


def _start_deal(state: GameState, action: StartDeal) -> list[Event]:
    """Deal from the recorded order (R5) and make the automatic first flip or upcard (A20, R8.6)."""
    if state.phase is not Phase.DEALING:
        _check_match_running(state)
        raise BadStart(reason="a deal is already in play")
    if not is_deck_order(action.deck):
        raise BadDeck()
    dealer = state.dealer if state.deal_number == 0 else state.dealer.other
    started = DealStarted(state.deal_number + 1, dealer, action.deck)
    top = action.deck[DEALT]
    if state.variant.first_turn is FirstTurn.DEALER_UPCARD:
        return [started, UpcardTurned(dealer, top)]
    return [started, CardTurnedUp(dealer.other, top)]
