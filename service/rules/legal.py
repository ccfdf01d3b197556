"""Legal actions: every decision a seat may make now, enumerated in full.

A take is listed once per distinct set of hand cards put down and per discard (the arrangement is
the one the rules choose, A16).  Resigning is always possible and is not listed.  The order is
deterministic: refusals first, then takes by put-down mask and discard.
"""

from __future__ import annotations

from typing import Final

from service.rules.actions import Discard, Force, NoForce, PlayerAction, Refuse, Take
from service.rules.arrangements import forced_tables, put_down_options, refusal_meld_options
from service.rules.cards import DECK, Card, CardSet, lowest
from service.rules.melds import can_meld_with, table_mask
from service.rules.seats import Phase, Seat
from service.rules.state import GameState
from service.rules.turn import is_own_flip
from service.rules.variants import ForcedTurn

_FORCE_ANSWERS: Final = tuple((Force(seat), NoForce(seat)) for seat in Seat)
_PLAIN_REFUSAL: Final = tuple(Refuse(seat) for seat in Seat)


def legal_actions(state: GameState, seat: Seat) -> list[PlayerAction]:
    """Every action ``seat`` may take now; empty when it is not that seat's decision."""
    if state.to_act != seat:
        return []
    phase = state.phase
    if phase is Phase.FORCE_WINDOW:
        return list(_FORCE_ANSWERS[seat])
    if phase is Phase.FORCED:
        if state.variant.forced_turn is ForcedTurn.DISCARD_ONLY:
            return _forced_discards(state, seat)
        return _takes(state, seat)
    return _refusals(state, seat) + _takes(state, seat)


def only_pass(state: GameState, seat: Seat) -> bool:
    """Whether passing is all ``seat`` may do now: the center card for it to decide on fits
    nothing it holds (settled in the usual case by ``_takes``'s one bit-parallel test)."""
    if state.to_act != seat or state.phase is not Phase.DECIDE:
        return False
    if len(_refusals(state, seat)) > 1:  # a meld may be laid down with the pass
        return False
    return not _takes(state, seat)


def _takes(state: GameState, seat: Seat) -> list[PlayerAction]:
    hand = state.hands[seat]
    center = state.center
    assert center is not None
    if not can_meld_with(center, table_mask(state.tables[seat]) | hand):
        return []  # the usual case, settled in one bit-parallel test
    actions: list[PlayerAction] = []
    for put_down in put_down_options(state.match.variant, state.tables[seat], center, hand):
        remaining = hand & ~put_down
        shown = CardSet(put_down)
        if not remaining:
            actions.append(Take(seat, shown, None))
        while remaining:
            low = remaining & -remaining
            actions.append(Take(seat, shown, DECK[low.bit_length() - 1]))
            remaining ^= low
    return actions


def _refusals(state: GameState, seat: Seat) -> list[PlayerAction]:
    refusals: list[PlayerAction] = [_PLAIN_REFUSAL[seat]]
    if state.match.variant.hand_meld_without_center and is_own_flip(state, seat):
        options = refusal_meld_options(state.match.variant, state.tables[seat], state.hands[seat])
        refusals.extend(Refuse(seat, CardSet(meld)) for meld in options)
    return refusals


def _forced_discards(state: GameState, seat: Seat) -> list[PlayerAction]:
    """One discard per hand card, times each place the forced card can go when there is a choice."""
    center = state.center
    assert center is not None
    tables = forced_tables(state.variant, state.tables[seat], center)
    bit = 1 << center
    targets: list[Card | None] = [None] if len(tables) == 1 else _distinct_targets(tables, bit)
    return [Discard(seat, one, onto) for one in CardSet(state.hands[seat]) for onto in targets]


def _distinct_targets(tables: list[tuple[int, ...]], bit: int) -> list[Card | None]:
    """For each table, the lowest other card of the combination the forced card joins."""
    targets: list[Card | None] = []
    for table in tables:
        joined = next(combo for combo in table if combo & bit)
        target = lowest(joined & ~bit)
        if target not in targets:
            targets.append(target)
    return targets
