"""Givens for the rules acceptance tests (RULES.md §4): positions and stacked deals as events.

Two ways to reach the position a test starts from:

* ``given(...)`` turns a readable mid-deal position — P's hand and table, O's hand and table, the
  center card and its source, the dead pile and the top of the stock — into a list of events whose
  fold is exactly that position, with P to decide.  The history is synthetic: every card stays in
  exactly one zone (I1) and each player has ``|hand| + |melded| = 10`` between turns (I3), but it
  need **not** be reachable by legal play (a table may be melded in a single take, a table card may
  have been turned up by its owner, and so on).  Unnamed hand cards are filler chosen so that they
  complete no combination with the cards around them (RULES §4 conventions).  Dead cards and stock
  size are tied (``|dead| = 19 - |stock|`` in any position between turns); ``dead`` names cards that
  must be dead, and more dead cards are added only when a stock size or the history needs them.
* ``deal(...)`` and ``play(...)`` start a real match from a stacked deck and play real actions
  through ``decide``, for scenarios at the start of a deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations, product

import pytest

from service.rules.actions import Action, Refuse, StartDeal, StartMatch
from service.rules.cards import DECK, Card, CardSet, card
from service.rules.decide import decide
from service.rules.events import (
    CardBuried,
    CardDiscarded,
    CardPassed,
    CardRefused,
    CardTurnedUp,
    CenterCardTaken,
    DealStarted,
    Event,
    MatchStarted,
)
from service.rules.evolve import replay
from service.rules.melds import is_valid_table, meldable
from service.rules.seats import Phase, Seat, Source
from service.rules.state import GameState, initial_state
from service.rules.variants import DEFAULT, MatchTerms, Variant

P = Seat.FIRST
"""The player on turn in every ``given`` position unless a test says otherwise."""
O = Seat.SECOND  # noqa: E741 (RULES §1 names the opponent O)


def order(text: str) -> list[Card]:
    """Cards in the order written (``cards`` would sort them)."""
    return [card(word) for word in text.split()]


def table(*combinations: str) -> tuple[CardSet, ...]:
    """A table in display order, e.g. ``table("4C 5C 6C", "KS KH KD")``."""
    return tuple(CardSet.parse(text) for text in combinations)


# --- fillers ---------------------------------------------------------------------------------


def _near(one: Card, other: Card) -> bool:
    """True when two cards could share a combination: same rank, or same suit at most two apart."""
    return one.rank == other.rank or (one.suit == other.suit and abs(one.rank - other.rank) <= 2)


def _fillers(count: int, context: list[Card], pool: list[Card]) -> list[Card]:
    """``count`` cards from ``pool`` that complete no combination with ``context`` or each other.

    Cards near nothing are preferred; failing that, cards that at least make no whole combination.
    """
    chosen: list[Card] = []
    for strict in (True, False):
        for one in pool:
            if len(chosen) == count:
                return chosen
            if one in chosen:
                continue
            if strict and any(_near(one, other) for other in (*context, *chosen)):
                continue
            mask = CardSet.of((*context, *chosen, one))
            if meldable(mask) & CardSet.of((*chosen, one)):
                continue
            chosen.append(one)
    if len(chosen) < count:
        raise ValueError("no filler cards left that stay clear of the named cards")
    return chosen


# --- synthetic positions ---------------------------------------------------------------------

Block = tuple[Seat, bool, bool]
"""One synthetic turn: (actor, melds a table, melds the previous discard instead of a flip).

A block that melds turns up one of its table cards (or melds the card just discarded to it),
melds its whole table at once and discards; any other block turns up a card and passes it.  Every
block offers a card to the next actor, who buries it and turns up a card of his own, or melds it.
"""


def _plan(
    player: Seat, dealer: Seat, melded: dict[Seat, bool], source: Source, buried: int | None
) -> list[list[Block]]:
    """Histories of blocks, from the non-dealer's first turn to ``player`` deciding on the center."""
    owners = [seat for seat in (player, player.other) if melded[seat]]
    final: list[Seat | None] = []
    if source is Source.OFFERED_DISCARD:
        if player.other not in owners:
            raise ValueError("an offered discard needs an opponent who has melded")
        owners.remove(player.other)
        final = [player.other]
    elif source is Source.OFFERED_REFUSED_FLIP:
        final = [None]
    plans = []
    for passes, trailing in product(range(22), (0, 1)):
        for owner_order in permutations(owners):
            kinds = [None] * passes + list(owner_order) + [None] * trailing + final
            actors = [dealer.other if i % 2 == 0 else dealer for i in range(len(kinds) + 1)]
            if actors.pop() != player or any(
                k not in (None, a) for k, a in zip(kinds, actors, strict=True)
            ):
                continue
            for chained in [None, *range(passes + 1, len(kinds))]:
                if chained and (kinds[chained] is None or kinds[chained - 1] is None):
                    continue
                plan = [
                    (a, k is not None, i == chained)
                    for i, (k, a) in enumerate(zip(kinds, actors, strict=True))
                ]
                if buried is None or _buried(plan, source) == buried:
                    plans.append(plan)
    return plans


def _buried(plan: list[Block], source: Source) -> int:
    """How many cards a history buries: every offered card but a melded one and the center."""
    return len(plan) - sum(chained for _, _, chained in plan) - (source is not Source.OWN_FLIP)


def given(
    *,
    hand: str = "",
    table: Sequence[str] = (),
    center: str,
    source: Source = Source.OFFERED_DISCARD,
    opponent_hand: str = "",
    opponent_table: Sequence[str] | None = None,
    dead: str = "",
    stock: str = "",
    stock_size: int | None = None,
    player: Seat = P,
    dealer: Seat | None = None,
    variant: Variant = DEFAULT,
    terms: MatchTerms | None = None,
) -> list[Event]:
    """Events whose fold is this position, with ``player`` (P) to decide on ``center``.

    ``hand`` and ``opponent_hand`` name cards the hands hold (the rest is filler); ``table`` and
    ``opponent_table`` are the combinations on the table, in display order (by default O has
    none, or a set of a rank nobody names when O must have melded to discard); ``stock`` names the
    top of the stock, top first; ``dead`` names cards that must be in the dead pile.
    """
    hands = {player: order(hand), player.other: order(opponent_hand)}
    named = [*hands[P], *hands[O], *order(stock), *order(dead), card(center)]
    named += [one for text in (*table, *(opponent_table or ())) for one in order(text)]
    if opponent_table is None:
        opponent_table = [_unnamed_set(named)] if source is Source.OFFERED_DISCARD else []
        named += order(opponent_table[0]) if opponent_table else []
    if len(set(named)) != len(named):
        raise ValueError("a card is named twice")
    tables = {player: table_of(table), player.other: table_of(opponent_table)}
    melded = {seat: bool(tables[seat]) for seat in Seat}
    buried = None if stock_size is None else 19 - stock_size
    plans = [
        (_buried(plan, source), seat, plan)
        for seat in ((player.other, player) if dealer is None else (dealer,))
        for plan in _plan(player, seat, melded, source, buried)
        if _buried(plan, source) >= len(order(dead))
    ]
    if not plans:
        raise ValueError("no history reaches this position")
    count, chosen_dealer, plan = min(plans, key=lambda found: found[0])
    pool = [one for one in DECK if one not in named]
    for seat in (player, player.other):
        on_table = [one for combo in tables[seat] for one in combo]
        context = [*hands[seat], *on_table, card(center), *order(stock)]
        hands[seat] += _fillers(10 - len(on_table) - len(hands[seat]), context, pool)
        pool = [one for one in pool if one not in hands[seat]]
    held = [*hands[P], *hands[O], *(one for t in tables.values() for c in t for one in c)]
    pool.sort(key=lambda one: -sum(_near(one, other) for other in held))  # least useful last
    graves = order(dead) + pool[: count - len(order(dead))]
    stock_rest = order(stock) + pool[count - len(order(dead)) :][::-1]
    history = _history(player, plan, tables, hands, card(center), source, graves)
    deck = _deck(chosen_dealer, history, stock_rest, variant.deal_batch)
    events = [
        MatchStarted(variant, terms or MatchTerms(), chosen_dealer),
        DealStarted(1, chosen_dealer, deck),
    ]
    events += history.events
    _check(replay(events), player, tables, hands, card(center), source)
    return events


@dataclass
class _History:
    events: list[Event]
    dealt: dict[Seat, list[Card]]
    flips: list[Card]


def _history(
    player: Seat,
    plan: list[Block],
    tables: dict[Seat, tuple[CardSet, ...]],
    hands: dict[Seat, list[Card]],
    center: Card,
    source: Source,
    graves: list[Card],
) -> _History:
    """The events of a planned history, and which cards it needs dealt and turned up."""
    done = _History([], {seat: list(hands[seat]) for seat in Seat}, [])
    graves = list(graves)
    offered: Card | None = None  # the card the previous block offered to this block's actor
    for i, (actor, melds, chained) in enumerate(plan):
        last = i == len(plan) - 1 and source is not Source.OWN_FLIP
        if offered is not None and not chained:
            done.events += [CardRefused(actor, offered), CardBuried(offered)]
        if not melds:
            offered = center if last else graves.pop(0)
            done.flips.append(offered)
            done.events += [CardTurnedUp(actor, offered), CardRefused(actor, offered)]
            done.events.append(CardPassed(actor, offered))
            continue
        on_table = [one for combo in tables[actor] for one in combo]
        taken = on_table[-1]  # when chained, the previous block discarded exactly this card
        if not chained:
            done.flips.append(taken)
            done.events.append(CardTurnedUp(actor, taken))
        if last:
            offered = center
        elif i + 1 < len(plan) and plan[i + 1][2]:
            offered = [one for combo in tables[actor.other] for one in combo][-1]
        else:
            offered = graves.pop(0)
        put_down = CardSet.of(one for one in on_table if one != taken)
        done.dealt[actor] += [*put_down, offered]
        done.events += [CenterCardTaken(actor, taken, put_down, tables[actor])]
        done.events.append(CardDiscarded(actor, offered))
    if source is Source.OWN_FLIP:
        if offered is not None:
            done.events += [CardRefused(player, offered), CardBuried(offered)]
        done.flips.append(center)
        done.events.append(CardTurnedUp(player, center))
    return done


def _deck(dealer: Seat, history: _History, stock: list[Card], batch: int) -> tuple[Card, ...]:
    """The deck order that deals ``history.dealt`` and turns up ``history.flips`` first."""
    first, second = list(history.dealt[dealer.other]), list(history.dealt[dealer])
    assert len(first) == len(second) == 10, (first, second)
    dealt = [first.pop(0) if (p // batch) % 2 == 0 else second.pop(0) for p in range(20)]
    deck = (*dealt, *history.flips, *stock)
    assert sorted(deck) == list(DECK), "the position does not use every card exactly once"
    return deck


def _check(
    state: GameState,
    player: Seat,
    tables: dict[Seat, tuple[CardSet, ...]],
    hands: dict[Seat, list[Card]],
    center: Card,
    source: Source,
) -> None:
    """The fold must be exactly the position asked for (a guard on this module, not on the rules)."""
    assert state.phase is Phase.DECIDE and state.player == player and state.to_act == player
    assert state.center == center and state.source is source
    for seat in Seat:
        assert state.tables[seat] == tables[seat]
        assert state.hands[seat] == CardSet.of(hands[seat])
    assert accounted_for(state) == CardSet.of(DECK)
    assert all(hand_plus_melded(state, seat) == 10 for seat in Seat)


def _unnamed_set(named: list[Card]) -> str:
    """Three unnamed cards of one rank, for an opponent who must have melded something; ranks
    that no named card has come first."""
    for limit in (0, 1):
        for rank in "QJK2A3456":
            free = [one for one in order(f"{rank}C {rank}D {rank}H {rank}S") if one not in named]
            if len(free) >= 4 - limit:
                return " ".join(str(one) for one in free[:3])
    raise ValueError("no rank has three unnamed cards")


def table_of(combinations: Sequence[str]) -> tuple[CardSet, ...]:
    combos = tuple(CardSet.parse(text) for text in combinations)
    if not is_valid_table(combos):
        raise ValueError(f"not a valid table: {combinations}")
    return combos


# --- real play from stacked decks ------------------------------------------------------------


def stacked_deck(nondealer: str = "", dealer: str = "", stock: str = "") -> tuple[Card, ...]:
    """A deck order dealing these cards to N (c1, c3 … c19) and D (c2 … c20), ``stock`` on top of
    the stock (c21 first); unnamed hand cards are filler that completes no combination."""
    hand_n, hand_d, top = order(nondealer), order(dealer), order(stock)
    named = hand_n + hand_d + top
    if len(set(named)) != len(named):
        raise ValueError("a card is named twice")
    pool = [one for one in DECK if one not in named]
    hand_n += _fillers(10 - len(hand_n), hand_n + top, pool)
    pool = [one for one in pool if one not in hand_n]
    hand_d += _fillers(10 - len(hand_d), hand_d + top, pool)
    rest = [one for one in pool if one not in hand_d]
    dealt = [hand_n.pop(0) if p % 2 == 0 else hand_d.pop(0) for p in range(20)]
    return (*dealt, *top, *rest)


def start(
    dealer: Seat = O, variant: Variant = DEFAULT, terms: MatchTerms | None = None
) -> list[Event]:
    """A started match whose first dealer is ``dealer`` (by default O, so P is the non-dealer)."""
    action = StartMatch(variant, terms or MatchTerms(), first_dealer=dealer)
    return decide(initial_state(), action)


def deal(
    nondealer: str = "",
    dealer: str = "",
    stock: str = "",
    *,
    first_dealer: Seat = O,
    variant: Variant = DEFAULT,
    terms: MatchTerms | None = None,
) -> list[Event]:
    """A match started and dealt from a stacked deck; N has turned up c21 (A20)."""
    events = start(first_dealer, variant, terms)
    return play(events, StartDeal(stacked_deck(nondealer, dealer, stock)))


def play(events: list[Event], *actions: Action) -> list[Event]:
    """``events`` followed by what each action causes, each decided on the state so far."""
    history = list(events)
    state = replay(history)
    for action in actions:
        new = decide(state, action)
        history += new
        state = replay(new, state)
    return history


def refuse_to_the_end(events: list[Event]) -> list[Event]:
    """Both players refuse every card until the deal ends in a draw (nobody melds)."""
    history = list(events)
    state = replay(history)
    while state.phase is Phase.DECIDE:
        assert state.to_act is not None
        new = decide(state, Refuse(state.to_act))
        history += new
        state = replay(new, state)
    return history


# --- invariants ------------------------------------------------------------------------------


def accounted_for(state: GameState) -> CardSet:
    """All cards in the zones of a deal (I1); raises if a card is in two zones."""
    zones = [
        *state.deck[state.next_stock :],
        *([] if state.center is None else [state.center]),
        *state.dead,
        *(c for seat in Seat for c in CardSet(state.hands[seat])),
        *(c for seat in Seat for combo in state.tables[seat] for c in combo),
    ]
    assert len(zones) == len(set(zones)), "a card is in two zones"
    return CardSet.of(zones)


def hand_plus_melded(state: GameState, seat: Seat) -> int:
    """``|hand| + |melded|`` for one seat (I3)."""
    return state.hands[seat].bit_count() + state.melded(seat)


def spare(state: GameState, seat: Seat, keep: str = "") -> Card:
    """A hand card of ``seat`` the test did not name, to discard."""
    kept = CardSet.parse(keep)
    return next(one for one in CardSet(state.hands[seat]) if one not in kept)


def rejects(events: list[Event], action: Action, error: type[Exception]) -> None:
    """``action`` is illegal after ``events`` with exactly ``error``, and the state is unchanged (I8)."""
    state = replay(events)
    with pytest.raises(error) as raised:
        decide(state, action)
    assert type(raised.value) is error
    assert state == replay(events)
