"""Random-play property tests: the invariants of RULES §2.19 and the information rule of §2.20.

Thousands of random deals are played under the default ruleset and under every value of every
variant flag (§3.1).  Each deal is a one-deal match, dealt from a deck shuffled by a seeded
``random.Random`` and stacked with ``StartDeal``; every move is drawn uniformly from
``legal_actions`` (a smaller set of "greedy" deals prefers forcing and big takes, so that going
out and R16 are reached often).  Before most moves a random action is also tried, mostly an
illegal one: it must be accepted exactly when the rules allow it, and a rejection must change
nothing (I8).  After every event and every action the invariants are checked, and both players'
views are searched for any card the seat may not see.  A failure names the seed, the variant, the
policy and the actions played so far.

The meld helpers get their own hypothesis tests against brute force over an independently built
list of combinations.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field, fields, is_dataclass
from enum import Enum
from itertools import combinations

import pytest
from hypothesis import event as hypothesis_event
from hypothesis import given
from hypothesis import strategies as st

from service.rules.actions import (
    Action,
    Discard,
    Force,
    NoForce,
    PlayerAction,
    Refuse,
    StartDeal,
    StartMatch,
    Take,
)
from service.rules.cards import DECK, EMPTY, Card, CardSet
from service.rules.decide import decide
from service.rules.errors import IllegalAction
from service.rules.events import (
    CardBuried,
    CardDiscarded,
    CardPassed,
    CardTurnedUp,
    DealStarted,
    DealWon,
    Event,
    UpcardTurned,
)
from service.rules.evolve import evolve, replay
from service.rules.legal import legal_actions
from service.rules.melds import (
    COMBINATIONS,
    is_combination,
    is_valid_table,
    meldable,
    partitions,
    table_mask,
)
from service.rules.records import Record
from service.rules.seats import Phase, Seat
from service.rules.state import GameState, initial_state
from service.rules.variants import (
    DEFAULT,
    FirstDealer,
    FirstTurn,
    ForcedTurn,
    ForceScope,
    MatchTerms,
    Variant,
    flag_choices,
)
from service.rules.view import PlayerView, view_for

FULL = (1 << 40) - 1
DEFAULT_DEALS = 2000
VARIANT_DEALS = 300
OFF_PLAY_DEALS = 100
OFF_PLAY_FLAGS = frozenset(
    {"first_dealer", "dead_pile_visible", "draw_stakes", "scoring", "deck_faces"}
)
"""Flags that change no legal move within a deal (only the first dealer, what a view shows, or the
settlement), so fewer deals cover them and the module stays fast."""
ATTEMPT_SHARE = 0.6
"""Share of states in which one random action (mostly illegal) is tried before the move."""
DEEP_VIEW_SHARE = 0.02
"""Share of states whose views are also walked field by field (the final state always is)."""
LEGAL_SAMPLE = 2
REPLAY_POINTS = 2
"""Intermediate points per deal at which a replay of the log prefix (and suffix) is compared."""
MAX_ACTIONS = 400
"""A safety net against a deal that never ends; I9 bounds a real deal far below this."""


# --- an independent model of combinations (RULES §2.6), not taken from melds.py -----------------


def is_combination_by_rules(mask: int) -> bool:
    """R6.2–R6.4 read literally: 3–4 cards of one rank, or 3–8 consecutive cards of one suit."""
    members = [DECK[index] for index in range(40) if mask >> index & 1]
    if mask >> 40 or not 3 <= len(members) <= 8:
        return False
    if len({one.rank for one in members}) == 1:
        return len(members) <= 4
    if len({one.suit for one in members}) != 1:
        return False
    ranks = sorted(one.rank for one in members)
    return ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def _all_combinations_by_rules() -> frozenset[int]:
    """Every set and every sequence, built from ranks and suits rather than bit tricks."""
    at = {(one.rank, one.suit): one for one in DECK}
    found = set()
    for rank in range(1, 11):
        for size in (3, 4):
            for suits in combinations(range(4), size):
                found.add(CardSet.of(at[rank, suit] for suit in suits))
    for suit in range(4):
        for length in range(3, 9):
            for low in range(1, 12 - length):
                found.add(CardSet.of(at[rank, suit] for rank in range(low, low + length)))
    return frozenset(int(mask) for mask in found)


RULE_COMBINATIONS = _all_combinations_by_rules()


def is_table_by_rules(table: tuple[int, ...]) -> bool:
    """R6.5: pairwise disjoint combinations (``RULE_COMBINATIONS`` is checked against R6 below)."""
    seen = 0
    for combo in table:
        if combo & seen or combo not in RULE_COMBINATIONS:
            return False
        seen |= combo
    return True


# --- playing a deal and checking it ------------------------------------------------------------


@dataclass
class Deal:
    """One random deal: everything needed to check it and to report a failure."""

    variant: Variant
    seed: str
    rng: random.Random
    greedy: bool = False
    """Prefer forcing and the biggest takes, to reach going out and R16 (10 melded, empty hand)."""
    state: GameState = field(default_factory=initial_state)
    events: list[Event] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    checkpoints: list[tuple[int, GameState]] = field(default_factory=list)
    """(number of events so far, state) after each accepted action."""
    flips: int = 0
    flips_by_turn: dict[int, int] = field(default_factory=dict)
    stock_masks: list[int] = field(default_factory=list)
    """For each deck position p, the mask of the cards from p to the bottom of the stock."""
    reached_ten: bool = False
    """Some player stood with 10 melded and an empty hand while the deal went on (R16)."""

    def describe(self) -> str:
        flags = self.variant.changed_flags() or "default ruleset"
        played = "\n  ".join(repr(action) for action in self.actions)
        policy = "greedy" if self.greedy else "uniform"
        return f"seed={self.seed!r} variant={flags} policy={policy}\nactions so far:\n  {played}"


def suffix_masks(deck: tuple[Card, ...]) -> list[int]:
    masks = [0] * (len(deck) + 1)
    for position in range(len(deck) - 1, -1, -1):
        masks[position] = masks[position + 1] | 1 << deck[position]
    return masks


def check_conservation(state: GameState, stock: int) -> None:
    """I1: stock, center, dead, both hands and both tables hold the 40 cards, each exactly once."""
    first, second = state.hands
    union = stock | first | second
    count = stock.bit_count() + first.bit_count() + second.bit_count() + len(state.dead)
    for table in state.tables:
        for combo in table:
            union |= combo
            count += combo.bit_count()
    for one in state.dead:
        union |= 1 << one
    if state.center is not None:
        union |= 1 << state.center
        count += 1
    if union != FULL or count != 40:
        missing = CardSet(FULL & ~union)
        raise AssertionError(f"I1: {count} cards in the zones; missing: {missing or 'none'}")


def check_tables(state: GameState) -> None:
    """I6: each table is valid (R6.5) and no sequence is longer than 8."""
    for table in state.tables:
        assert is_valid_table(table), f"I6: invalid table {[str(CardSet(c)) for c in table]}"
        assert is_table_by_rules(table), f"I6: table breaks R6: {[str(CardSet(c)) for c in table]}"


def check_between_turns(state: GameState) -> None:
    """I3: each player has |hand| + |melded| = 10."""
    for seat in Seat:
        count = state.hands[seat].bit_count() + state.melded(seat)
        assert count == 10, f"I3: seat {seat.number} has {count} cards in hand and on the table"


def check_dealt(state: GameState) -> None:
    """R5.2–R5.4: dealt alternately from the top, non-dealer first, in packets of ``deal_batch``."""
    batch = state.variant.deal_batch
    nondealer = CardSet.of(state.deck[i] for i in range(20) if (i // batch) % 2 == 0)
    dealer = CardSet.of(state.deck[i] for i in range(20) if (i // batch) % 2 == 1)
    assert state.hands[state.dealer.other] == nondealer, "R5.2: the non-dealer's hand"
    assert state.hands[state.dealer] == dealer, "R5.2: the dealer's hand"
    assert state.next_stock == 20 and not state.dead and state.center is None, "R5.4"
    assert state.tables == ((), ()), "R5.4: both tables start empty"
    check_between_turns(state)


def check_event(deal: Deal, before: GameState, event: Event, after: GameState) -> None:
    """Invariants over one event: I1, I3, I4, I5, I6, I7."""
    if not after.deck:
        return  # no deal yet: no card is anywhere
    if isinstance(event, DealStarted):
        deal.stock_masks = suffix_masks(after.deck)
    check_conservation(after, deal.stock_masks[after.next_stock])
    if after.tables is not before.tables:
        check_tables(after)
    if isinstance(event, DealStarted):
        check_dealt(after)
        return
    if before.phase in (Phase.NEW, Phase.DEALING):
        return
    # I5: the deck order never changes, dead only grows, the stock shrinks by one per flip.
    assert after.deck == before.deck, "I5: the stock order changed"
    assert after.dead[: len(before.dead)] == before.dead, "I5: a dead card left the dead pile"
    grew = len(after.dead) - len(before.dead)
    assert grew == (1 if isinstance(event, CardBuried) else 0), f"I5: dead grew by {grew}"
    flipped = after.next_stock - before.next_stock
    is_flip = isinstance(event, CardTurnedUp | UpcardTurned)
    assert flipped == (1 if is_flip else 0), f"I5: the stock shrank by {flipped} on {event!r}"
    if is_flip:
        assert event.card == before.deck[before.next_stock], "a flip did not turn the top card"
        deal.flips += 1
        deal.flips_by_turn[after.turns] = deal.flips_by_turn.get(after.turns, 0) + 1
        assert deal.flips_by_turn[after.turns] <= 1, f"I7: two flips in turn {after.turns}"
    if after.turns != before.turns or isinstance(event, CardDiscarded | CardPassed):
        check_between_turns(after)
    if isinstance(event, DealWon):
        winner = event.seat
        assert after.hands[winner] == 0, "I4: the winner still holds cards"
        assert after.melded(winner) == 11, f"I4: the winner has {after.melded(winner)} melded"
        loser = winner.other
        assert after.hands[loser].bit_count() + after.melded(loser) == 10, "I4: loser count"


def apply(deal: Deal, action: Action) -> None:
    """Decide and evolve one action, checking every event as it is folded in."""
    try:
        new_events = decide(deal.state, action)
    except IllegalAction as error:
        raise AssertionError(f"listed action {action!r} was rejected: {error}") from error
    deal.actions.append(action)
    for event in new_events:
        after = evolve(deal.state, event)
        check_event(deal, deal.state, event, after)
        deal.state = after
        deal.events.append(event)
    deal.checkpoints.append((len(deal.events), deal.state))


def start(deal: Deal) -> None:
    """A one-deal match: first dealer by chance (or by cutting), then a shuffled deck."""
    rng, variant = deal.rng, deal.variant
    terms = MatchTerms(deals=1)
    if variant.first_dealer is FirstDealer.CUT_LOW_DEALS:
        apply(deal, StartMatch(variant, terms, cuts=random_cuts(rng)))
    else:
        apply(deal, StartMatch(variant, terms, first_dealer=Seat(rng.randrange(2))))
    deck = list(DECK)
    rng.shuffle(deck)
    apply(deal, StartDeal(tuple(deck)))


def random_cuts(rng: random.Random) -> tuple[Card, ...]:
    """Cards cut by FIRST then SECOND, cutting again while the ranks tie (R2.4)."""
    pack = list(DECK)
    rng.shuffle(pack)
    cuts: list[Card] = []
    while True:
        first, second = pack.pop(), pack.pop()
        cuts += [first, second]
        if first.rank != second.rank:
            return tuple(cuts)


def play(variant: Variant, seed: str, greedy: bool = False) -> Deal:
    """Play one random deal to its end, checking every property on the way."""
    deal = Deal(variant, seed, random.Random(seed), greedy)
    try:
        start(deal)
        views = check_views(deal.state, deep=True)
        while deal.state.to_act is not None:
            assert len(deal.actions) < MAX_ACTIONS, "the deal does not end"
            seat = deal.state.to_act
            legal = list(views[seat].legal_actions)
            assert legal, "the player on turn has no legal action"
            assert not views[seat.other].legal_actions, "both seats have a decision"
            if deal.rng.random() < ATTEMPT_SHARE:
                try_attempts(deal, legal)
            move = choose_move(deal, legal)
            check_legal_accepted(deal, [action for action in legal if action is not move])
            apply(deal, move)  # the move itself is accepted here
            hands = deal.state.hands
            if (not hands[0] or not hands[1]) and deal.state.to_act is not None:
                deal.reached_ten = True
            views = check_views(deal.state, deep=deal.rng.random() < DEEP_VIEW_SHARE)
        check_views(deal.state, deep=True)
        try_attempts(deal, [], count=3)
        check_deal_end(deal)
        check_replay(deal)
    except Exception as error:
        error.add_note(deal.describe())
        raise
    return deal


def choose_move(deal: Deal, legal: list[PlayerAction]) -> PlayerAction:
    """Uniform over the legal actions; a greedy deal mostly forces, or takes as much as it can."""
    rng = deal.rng
    if deal.greedy and len(legal) > 1 and rng.random() < 0.8:
        forces = [action for action in legal if isinstance(action, Force)]
        if forces:
            return forces[0]
        takes = [action for action in legal if isinstance(action, Take)]
        if takes:
            most = max(len(action.put_down) for action in takes)
            return rng.choice([action for action in takes if len(action.put_down) == most])
    return rng.choice(legal)


def check_deal_end(deal: Deal) -> None:
    """I9: the deal ended within the turn bound, with at most 20 flips; I4 if someone won."""
    state = deal.state
    assert state.phase is Phase.OVER and len(state.results) == 1
    bound = 43 if state.variant.first_turn is FirstTurn.DEALER_UPCARD else 42
    assert state.turns <= bound, f"I9: the deal took {state.turns} turns"
    assert deal.flips <= 20, f"I9: {deal.flips} flips"
    assert state.next_stock - 20 == deal.flips, "every stock card that left was flipped"
    winner = state.results[0].winner
    if winner is not None:
        assert state.hands[winner] == 0 and state.melded(winner) == 11, "I4"
    else:
        assert state.stock_size == 0, "R17.1: a deal is drawn only on an empty stock"


def check_replay(deal: Deal) -> None:
    """Replaying the log gives the same state, from scratch and from intermediate points."""
    assert replay(deal.events) == deal.state, "replay(all events) differs from the played state"
    for count, state in deal.rng.sample(deal.checkpoints, REPLAY_POINTS):
        assert replay(deal.events[:count]) == state, f"replay of the first {count} events differs"
        assert replay(deal.events[count:], state) == deal.state, f"replay from event {count}"


def check_legal_accepted(deal: Deal, others: list[PlayerAction]) -> None:
    """The listed actions not played are accepted too (all when few, else a sample), with or
    without random hints."""
    rng = deal.rng
    sample = others if len(others) <= LEGAL_SAMPLE + 1 else rng.sample(others, LEGAL_SAMPLE)
    for action in sample:
        if isinstance(action, Take | Refuse) and rng.random() < 0.3:
            action = with_random_hints(action, rng)
        try:
            events = decide(deal.state, action)
        except IllegalAction as error:
            raise AssertionError(f"listed action {action!r} was rejected: {error}") from error
        assert events, f"{action!r} caused no event"


def with_random_hints(action: Take | Refuse, rng: random.Random) -> Take | Refuse:
    """Hints are honoured where possible and never required (actions.py), so any hint is fine."""
    hints = tuple(CardSet.of(rng.sample(DECK, rng.randint(1, 4))) for _ in range(rng.randint(1, 2)))
    if isinstance(action, Take):
        return Take(action.seat, action.put_down, action.discard, hints=hints)
    return Refuse(action.seat, action.meld, hints=hints)


# --- random attempts and what the rules must say about them --------------------------------------


def random_mask(rng: random.Random, size: int, among: int = FULL) -> int:
    pool = DECK if among == FULL else list(CardSet(among))
    mask = 0
    for one in rng.sample(pool, min(size, len(pool))):
        mask |= 1 << one
    return mask


def random_card(rng: random.Random, among: int = FULL) -> Card:
    pool = DECK if among == FULL else list(CardSet(among))
    return rng.choice(pool) if pool else rng.choice(DECK)


def try_attempts(deal: Deal, legal: list[PlayerAction], count: int = 1) -> None:
    """Random actions, legal or not: accepted exactly when allowed; a rejection changes nothing."""
    state = deal.state
    fingerprint = hash(state)
    for _ in range(count):
        action, expected = random_attempt(state, deal.rng, legal)
        try:
            decide(state, action)
            accepted = True
        except IllegalAction:
            accepted = False
            assert deal.state is state and hash(state) == fingerprint, "I8: state changed"
            if state.deck:
                check_conservation(state, deal.stock_masks[state.next_stock])
        if expected is not None:
            verdict = "accepted" if accepted else "rejected"
            assert accepted == expected, (
                f"{action!r} was {verdict} in phase {state.phase} (expected {expected})"
            )


def random_attempt(
    state: GameState, rng: random.Random, legal: list[PlayerAction]
) -> tuple[Action, bool | None]:
    """A random action and whether the rules must accept it (None: this test does not know)."""
    roll = rng.random()
    if roll < 0.04:
        return StartMatch(state.variant, state.terms, first_dealer=Seat.FIRST), False
    if roll < 0.08:
        deck = list(DECK)
        rng.shuffle(deck)
        return StartDeal(tuple(deck)), state.phase is Phase.DEALING
    to_act = state.to_act
    wrong_seat = to_act is None or rng.random() < 0.2
    seat = Seat(rng.randrange(2)) if to_act is None else to_act.other if wrong_seat else to_act
    kind = rng.choices(("take", "refuse", "force", "discard"), weights=(5, 3, 2, 3))[0]
    action = ATTEMPTS[kind](state, rng, seat, legal)
    if action.seat != to_act:
        return action, False
    return action, expected_verdict(state, action, legal)


def attempt_take(
    state: GameState, rng: random.Random, seat: Seat, legal: list[PlayerAction]
) -> Action:
    hand = state.hands[seat]
    takes = [action for action in legal if isinstance(action, Take)]
    roll = rng.random()
    if takes and roll < 0.4:
        put_down = rng.choice(takes).put_down
        if rng.random() < 0.6:
            put_down ^= 1 << random_card(rng, hand if rng.random() < 0.7 else FULL)
    elif roll < 0.8:
        put_down = random_mask(rng, rng.randint(0, hand.bit_count()), hand)
    else:
        put_down = random_mask(rng, rng.randint(1, 4))
    discard_roll = rng.random()
    if discard_roll < 0.15:
        discard = None
    elif discard_roll < 0.8:
        discard = random_card(rng, hand & ~put_down)
    elif discard_roll < 0.9 and state.center is not None:
        discard = state.center
    else:
        discard = random_card(rng)
    return Take(seat, CardSet(put_down), discard)


def attempt_refuse(
    state: GameState, rng: random.Random, seat: Seat, legal: list[PlayerAction]
) -> Action:
    melds = [action.meld for action in legal if isinstance(action, Refuse) and action.meld]
    roll = rng.random()
    if roll < 0.4:
        return Refuse(seat)
    if melds and roll < 0.6:
        return Refuse(seat, CardSet(rng.choice(melds) ^ 1 << random_card(rng, state.hands[seat])))
    return Refuse(seat, CardSet(random_mask(rng, rng.randint(1, 5), state.hands[seat])))


def attempt_force(
    state: GameState, rng: random.Random, seat: Seat, legal: list[PlayerAction]
) -> Action:
    return Force(seat) if rng.random() < 0.5 else NoForce(seat)


def attempt_discard(
    state: GameState, rng: random.Random, seat: Seat, legal: list[PlayerAction]
) -> Action:
    hand = state.hands[seat]
    listed = [action for action in legal if isinstance(action, Discard)]
    if listed and rng.random() < 0.3:
        chosen = rng.choice(listed)
        return Discard(seat, chosen.card, chosen.onto)
    one = random_card(rng, hand) if rng.random() < 0.8 else random_card(rng)
    roll = rng.random()
    if roll < 0.4:
        onto = None
    elif roll < 0.8:
        onto = random_card(rng, table_mask(state.tables[seat]))
    else:
        onto = random_card(rng)
    return Discard(seat, one, onto)


ATTEMPTS = {
    "take": attempt_take,
    "refuse": attempt_refuse,
    "force": attempt_force,
    "discard": attempt_discard,
}


def expected_verdict(state: GameState, action: Action, legal: list[PlayerAction]) -> bool | None:
    """Whether an action of the seat to act must be accepted, from the listed actions and R14."""
    phase = state.phase
    if phase is Phase.FORCE_WINDOW:
        return isinstance(action, Force | NoForce)
    if isinstance(action, Force | NoForce):
        return False
    if phase is Phase.DECIDE:
        if isinstance(action, Discard):
            return False
        return action in legal
    assert phase is Phase.FORCED, f"a seat acts in phase {phase}"
    if isinstance(action, Refuse):
        return False
    if state.variant.forced_turn is ForcedTurn.FULL_MELD_TURN:
        if isinstance(action, Discard):
            if (
                action.onto is not None
                and not table_mask(state.tables[action.seat]) >> action.onto & 1
            ):
                return False
            return Take(action.seat, EMPTY, action.card) in legal
        return action in legal
    if isinstance(action, Take):
        discard = action.discard
        return (
            not action.put_down
            and discard is not None
            and bool(state.hands[action.seat] >> discard & 1)
        )
    assert isinstance(action, Discard)
    return expected_forced_discard(state, action, legal)


def expected_forced_discard(
    state: GameState, action: Discard, legal: list[PlayerAction]
) -> bool | None:
    """R14.4 under ``discard_only``: a hand card, and ``onto`` names a combination the card fits."""
    if not state.hands[action.seat] >> action.card & 1:
        return False
    if action.onto is None or action in legal:
        return True
    table = state.tables[action.seat]
    holding = [combo for combo in table if combo >> action.onto & 1]
    if not holding:
        return False
    if state.variant.force_scope is ForceScope.DIRECT_LAYOFF:
        assert state.center is not None
        return is_combination_by_rules(holding[0] | 1 << state.center)
    return None  # with_rearrangement: the regrouped tables are not modelled here


# --- what a view may show (R20) ------------------------------------------------------------------


def visible_to(state: GameState, seat: Seat) -> int:
    """Own hand, both tables, the center card, dead cards if shown, the opponent's hand after the deal."""
    mask = state.hands[seat] | table_mask(state.tables[0]) | table_mask(state.tables[1])
    if state.center is not None:
        mask |= 1 << state.center
    if state.variant.dead_pile_visible:
        for one in state.dead:
            mask |= 1 << one
    if state.phase in (Phase.DEALING, Phase.OVER):
        mask |= state.hands[seat.other]
    return mask


def cards_in(value: object) -> Iterator[int]:
    """Every card mentioned anywhere inside a view; fails on a type it does not know."""
    if isinstance(value, CardSet):
        yield from value
    elif isinstance(value, Card):
        yield value
    elif value is None or isinstance(value, bool | str | Enum):
        return
    elif isinstance(value, int):
        assert abs(value) < 1 << 16, f"a plain int {value} in a view looks like a card mask"
    elif isinstance(value, tuple):
        for item in value:
            yield from cards_in(item)
    elif isinstance(value, Record):
        for one in value.values().values():
            yield from cards_in(one)
    elif is_dataclass(value):
        for one in fields(value):
            yield from cards_in(getattr(value, one.name))
    else:
        raise AssertionError(f"unexpected {type(value).__name__} in a view: {value!r}")


def action_cards(action: PlayerAction) -> int:
    """Every card an action names: put down, discarded, melded, laid onto, or in a hint."""
    mask = 0
    if isinstance(action, Take):
        mask |= action.put_down | table_mask(action.hints) | table_mask(action.arrangement or ())
        if action.discard is not None:
            mask |= 1 << action.discard
    elif isinstance(action, Refuse):
        mask |= action.meld | table_mask(action.hints)
    elif isinstance(action, Discard):
        mask |= 1 << action.card
        if action.onto is not None:
            mask |= 1 << action.onto
    return mask


VIEW_FIELDS = {
    "seat", "match", "phase", "to_act", "player", "dealer", "deal_number", "turns", "hand",
    "hand_sizes", "tables", "center", "source", "stock_size", "dead_size", "dead", "revealed",
    "legal_actions",
}  # fmt: skip
"""The fields ``view_cards`` knows; a new field must be added there (and here) on purpose."""
HIDDEN_FIELDS = {"deck", "stock", "next_stock", "stock_cards", "hands"}


def view_cards(view: PlayerView) -> int:
    """Every card a view mentions, read field by field (fast; ``cards_in`` cross-checks it)."""
    mask = view.hand | table_mask(view.tables[0]) | table_mask(view.tables[1])
    if view.center is not None:
        mask |= 1 << view.center
    for one in view.dead:
        mask |= 1 << one
    if view.revealed is not None:
        mask |= view.revealed
    for action in view.legal_actions:
        mask |= action_cards(action)
    return mask


def check_views(state: GameState, deep: bool) -> tuple[PlayerView, PlayerView]:
    """R20: neither seat's view mentions a card that seat may not see."""
    views = (view_for(state, Seat.FIRST), view_for(state, Seat.SECOND))
    for view in views:
        seat = view.seat
        shown = view_cards(view)
        hidden = shown & ~visible_to(state, seat)
        assert not hidden, f"seat {seat.number} can see {CardSet(hidden)} in {view!r}"
        if deep:
            walked = 0
            for one in cards_in(tuple(view)):
                walked |= 1 << one
            assert walked == shown, f"view_cards missed {CardSet(walked & ~shown)}"
            assert state.deck not in tuple(view), "a view holds the deck order"
    return views


# --- the tests -----------------------------------------------------------------------------------


def non_default_variants() -> list[tuple[str, Variant]]:
    """One variant for each flag value that differs from the default ruleset."""
    found = []
    for flag, values in flag_choices().items():
        for value in values:
            variant = DEFAULT.with_flags({flag: value})
            if variant != DEFAULT:
                found.append((f"{flag}={value}", variant))
    return found


VARIANTS = non_default_variants()


def test_every_flag_value_is_covered_by_a_random_play_test() -> None:
    """The default ruleset covers each flag's default value; VARIANTS covers every other value."""
    covered = {(flag, value) for flag, value in DEFAULT.flags().items()}
    for _, variant in VARIANTS:
        covered.update(variant.changed_flags().items())
    expected = {(flag, value) for flag, values in flag_choices().items() for value in values}
    assert covered == expected
    assert all(len(variant.changed_flags()) == 1 for _, variant in VARIANTS)


def test_random_deals_under_the_default_rules_keep_every_invariant() -> None:
    for number in range(DEFAULT_DEALS):
        play(DEFAULT, f"default#{number}")


@pytest.mark.parametrize(("name", "variant"), VARIANTS, ids=[name for name, _ in VARIANTS])
def test_random_deals_under_each_variant_keep_every_invariant(name: str, variant: Variant) -> None:
    flag = name.partition("=")[0]
    for number in range(OFF_PLAY_DEALS if flag in OFF_PLAY_FLAGS else VARIANT_DEALS):
        play(variant, f"{name}#{number}")


GREEDY_DEALS = 300
GREEDY_VARIANT_DEALS = 40


@pytest.mark.parametrize(
    ("name", "variant"),
    [("default", DEFAULT), *VARIANTS],
    ids=["default", *(n for n, _ in VARIANTS)],
)
def test_greedy_deals_reach_the_endgame_and_keep_every_invariant(
    name: str, variant: Variant
) -> None:
    """Random play seldom goes out; greedy play does, and often leaves a player at R16."""
    count = GREEDY_DEALS if variant == DEFAULT else GREEDY_VARIANT_DEALS
    deals = [play(variant, f"greedy-{name}#{number}", greedy=True) for number in range(count)]
    assert sum(deal.state.results[0].winner is not None for deal in deals) >= count // 4
    if variant == DEFAULT:
        assert any(deal.reached_ten for deal in deals), "no deal reached 10 melded, empty hand"


@given(
    seed=st.integers(min_value=0, max_value=2**64),
    variant=st.sampled_from([DEFAULT] + [variant for _, variant in VARIANTS]),
)
def test_any_seed_under_any_variant_keeps_every_invariant(seed: int, variant: Variant) -> None:
    play(variant, str(seed))


def decision_after(variant: Variant, seed: int, steps: int) -> GameState:
    """The first state at or after ``steps`` random moves in which a player takes or refuses."""
    deal = Deal(variant, str(seed), random.Random(seed))
    start(deal)
    state, found = deal.state, deal.state
    for _ in range(MAX_ACTIONS):
        if state.to_act is None:
            break
        if state.phase is Phase.DECIDE:
            found = state
            if steps <= 0:
                break
        steps -= 1
        state = replay(decide(state, deal.rng.choice(legal_actions(state, state.to_act))), state)
    return found


@given(
    data=st.data(),
    seed=st.integers(min_value=0, max_value=2**32),
    steps=st.integers(min_value=0, max_value=60),
    variant=st.sampled_from([DEFAULT] + [variant for _, variant in VARIANTS]),
)
def test_a_take_or_refusal_is_accepted_exactly_when_it_is_listed(
    data: st.DataObject, seed: int, steps: int, variant: Variant
) -> None:
    """Hypothesis draws the hand cards, discard and meld; ``legal_actions`` is the whole truth."""
    state = decision_after(variant, seed, steps)
    seat = state.to_act
    assert seat is not None and state.phase is Phase.DECIDE
    hand = sorted(CardSet(state.hands[seat]))
    named = st.sets(st.sampled_from(hand), max_size=len(hand)) if hand else st.just(set())
    strays = st.sets(st.sampled_from(DECK), max_size=2)
    cards = st.one_of(named, st.builds(set.union, named, strays)).map(CardSet.of)
    one = st.one_of(st.sampled_from(hand), st.sampled_from(DECK)) if hand else st.sampled_from(DECK)
    action = data.draw(
        st.one_of(
            st.builds(Take, st.just(seat), cards, st.one_of(st.none(), one)),
            st.builds(Refuse, st.just(seat), cards),
        )
    )
    legal = legal_actions(state, seat)
    try:
        decide(state, action)
        accepted = True
    except IllegalAction:
        accepted = False
    hypothesis_event("accepted" if accepted else "rejected")
    assert accepted == (action in legal), f"{action!r}; listed: {legal!r}"


def is_accepted(state: GameState, action: Action) -> bool:
    try:
        decide(state, action)
    except IllegalAction:
        return False
    return True


@given(
    seed=st.integers(min_value=0, max_value=2**32),
    steps=st.integers(min_value=0, max_value=60),
    variant=st.sampled_from([DEFAULT] + [variant for _, variant in VARIANTS]),
)
def test_legal_actions_lists_every_hand_subset_the_rules_accept(
    seed: int, steps: int, variant: Variant
) -> None:
    """Exhaustive over all 2^|hand| sets of hand cards: put down with the center card (with a
    discard when cards remain), or melded with a refusal, accepted exactly when listed."""
    state = decision_after(variant, seed, steps)
    seat = state.to_act
    assert seat is not None
    hand = state.hands[seat]
    legal = legal_actions(state, seat)
    listed_takes = {int(action.put_down) for action in legal if isinstance(action, Take)}
    listed_melds = {int(action.meld) for action in legal if isinstance(action, Refuse)}
    hypothesis_event("some take is legal" if listed_takes else "no take is legal")
    for size in range(hand.bit_count() + 1):
        for chosen in combinations(CardSet(hand), size):
            put_down = CardSet.of(chosen)
            rest = hand & ~put_down
            discard = next(iter(CardSet(rest)), None)
            accepted = is_accepted(state, Take(seat, put_down, discard))
            assert accepted == (put_down in listed_takes), f"take {put_down} discard {discard}"
            accepted = is_accepted(state, Refuse(seat, put_down))
            assert accepted == (put_down in listed_melds), f"refuse with meld {put_down!r}"


def test_a_view_has_no_field_for_the_deck_or_the_stock() -> None:
    assert not HIDDEN_FIELDS & set(PlayerView._fields)
    assert set(PlayerView._fields) == VIEW_FIELDS, "PlayerView changed: update view_cards"


def test_rejected_actions_after_the_deal_change_nothing() -> None:
    """Once the match is over every player action is rejected, for both seats."""
    deal = play(DEFAULT, "over#0")
    state = deal.state
    for seat in Seat:
        for action in (
            Take(seat, EMPTY, DECK[0]),
            Refuse(seat),
            Force(seat),
            NoForce(seat),
            Discard(seat, DECK[0]),
        ):
            with pytest.raises(IllegalAction):
                decide(state, action)
        assert legal_actions(state, seat) == []
    assert deal.state is state


# --- melds: the fast helpers against brute force -------------------------------------------------


def test_the_combination_table_matches_the_rules() -> None:
    assert set(COMBINATIONS) == RULE_COMBINATIONS
    assert len(COMBINATIONS) == len(RULE_COMBINATIONS) == 50 + 132


masks = st.integers(min_value=0, max_value=FULL)


@st.composite
def meldish_masks(draw: st.DrawFn, max_cards: int = 14) -> int:
    """A mask made of a few whole combinations plus a few stray cards, at most ``max_cards``."""
    ordered = sorted(RULE_COMBINATIONS)
    mask = 0
    for combo in draw(st.lists(st.sampled_from(ordered), max_size=3)):
        if (mask | combo).bit_count() <= max_cards:
            mask |= combo
    for one in draw(st.lists(st.integers(0, 39), max_size=3)):
        if (mask | 1 << one).bit_count() <= max_cards:
            mask |= 1 << one
    return mask


small_masks = st.lists(st.integers(0, 39), max_size=16).map(lambda found: int(CardSet.of(found)))


@given(mask=st.one_of(meldish_masks(), small_masks))
def test_the_literal_reading_of_r6_agrees_with_the_combination_list(mask: int) -> None:
    assert is_combination_by_rules(mask) == (mask in RULE_COMBINATIONS) == is_combination(mask)


@given(pool=st.one_of(masks, meldish_masks(max_cards=40)))
def test_meldable_is_the_union_of_the_combinations_inside_the_pool(pool: int) -> None:
    union = 0
    for combo in RULE_COMBINATIONS:
        if combo & pool == combo:
            union |= combo
    assert meldable(pool) == union, f"pool {CardSet(pool)}"


def partitions_by_brute_force(mask: int) -> set[frozenset[int]]:
    """Every split of ``mask`` into combinations, found from the independent combination list."""
    if not mask:
        return {frozenset()}
    low = mask & -mask
    found: set[frozenset[int]] = set()
    for combo in RULE_COMBINATIONS:
        if combo & low and combo & mask == combo:
            found.update(rest | {combo} for rest in partitions_by_brute_force(mask ^ combo))
    return found


@given(mask=meldish_masks())
def test_partitions_are_exactly_the_valid_disjoint_covers(mask: int) -> None:
    found = list(partitions(mask))
    for partition in found:
        assert all(is_combination_by_rules(combo) for combo in partition)
        assert is_table_by_rules(partition), "combinations overlap"
        assert table_mask(partition) == mask, "not a cover"
    as_sets = [frozenset(partition) for partition in found]
    assert len(set(as_sets)) == len(as_sets), "a partition is listed twice"
    assert set(as_sets) == partitions_by_brute_force(mask)
