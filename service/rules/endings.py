"""How a deal and a match end: going out, the drawn deal, stakes and points (R15, R17, R18).

These build the closing events; ``evolve`` folds them into scores and the multiplier.
"""

from __future__ import annotations

from service.rules.events import (
    DealDrawn,
    DealWon,
    Event,
    MatchEnded,
    MatchForfeited,
    PlayerResigned,
)
from service.rules.evolve import evolve
from service.rules.seats import Seat
from service.rules.state import GameState, points_in
from service.rules.variants import Scoring


def deal_won(state: GameState, winner: Seat) -> list[Event]:
    """The winner went out (R15.3); the loser pays stake × multiplier, or the points left in hand."""
    if state.variant.scoring is Scoring.POINTS:
        amount = points_in(state.hands[winner.other]) * state.match.multiplier
    else:
        amount = state.terms.stake * state.match.multiplier
    return _closing(state, DealWon(winner, amount))


def deal_drawn(state: GameState) -> list[Event]:
    """The stock is exhausted and the offered card refused (R17.1)."""
    return _closing(state, DealDrawn(state.deal_number))


def resigned(state: GameState, seat: Seat) -> list[Event]:
    """Resigning gives the match to the opponent, whatever the score."""
    return [PlayerResigned(seat), MatchEnded(seat.other, state.scores)]


def forfeited(state: GameState, seat: Seat, reason: str) -> list[Event]:
    """Losing on time gives the match to the opponent, whatever the score."""
    return [MatchForfeited(seat, reason), MatchEnded(seat.other, state.scores)]


def _closing(state: GameState, ending: DealWon | DealDrawn) -> list[Event]:
    after = evolve(state, ending)
    if not is_match_decided(after):
        return [ending]
    return [ending, MatchEnded(leader(after.scores), after.scores)]


def is_match_decided(state: GameState) -> bool:
    """After a deal: the agreed number of deals is played or a score reached the target."""
    terms = state.terms
    if terms.deals is not None and len(state.results) >= terms.deals:
        return True
    return terms.target is not None and max(state.scores) >= terms.target


def leader(scores: tuple[int, int]) -> Seat | None:
    if scores[0] == scores[1]:
        return None
    return Seat.FIRST if scores[0] > scores[1] else Seat.SECOND
