"""Small helpers for the variant-flag tests: stacked decks, real play, and event comparison.

Positions are reached by playing real actions from a deck arranged by hand (RULES R5: with
``deal_batch=1`` the non-dealer gets c1, c3 … c19, the dealer c2, c4 … c20, the stock is c21 …
c40 and c21 is turned up for the non-dealer).  In the first deal of every match built here the
dealer is ``D = Seat.SECOND``, so ``N = Seat.FIRST`` plays first.
"""

from __future__ import annotations

from collections.abc import Iterable

from service.rules.actions import Action, Refuse, StartDeal, StartMatch, Take
from service.rules.cards import DECK, Card, card, cards
from service.rules.decide import decide
from service.rules.events import Event
from service.rules.evolve import replay
from service.rules.seats import Phase, Seat
from service.rules.variants import MatchTerms, Variant

N = Seat.FIRST
D = Seat.SECOND

_SPARE = tuple(DECK[(i * 7) % 40] for i in range(40))
"""Cards not named by a test fill the hands and the stock in this mixed-up (but fixed) order."""


def order(text: str) -> list[Card]:
    """Cards in the order written (``cards`` would sort them)."""
    return [card(word) for word in text.split()]


def stacked_deck(
    nondealer: str = "", dealer: str = "", stock: str = "", batch: int = 1
) -> tuple[Card, ...]:
    """A deck order dealing these cards to N and D and putting ``stock`` on top of the stock."""
    hand_n, hand_d, top = order(nondealer), order(dealer), order(stock)
    named = hand_n + hand_d + top
    assert len(set(named)) == len(named), "a card named twice"
    assert len(hand_n) <= 10 and len(hand_d) <= 10
    spare = [one for one in _SPARE if one not in named]
    hand_n += [spare.pop(0) for _ in range(10 - len(hand_n))]
    hand_d += [spare.pop(0) for _ in range(10 - len(hand_d))]
    dealt = [hand_n.pop(0) if (p // batch) % 2 == 0 else hand_d.pop(0) for p in range(20)]
    return (*dealt, *top, *spare)


def variant(**flags: str) -> Variant:
    return Variant().with_flags(flags)


def started(rules: Variant, deck: tuple[Card, ...], terms: MatchTerms | None = None) -> list[Event]:
    """A match started with D as first dealer, and its first deal dealt from ``deck``."""
    terms = MatchTerms() if terms is None else terms
    return played([], StartMatch(rules, terms, first_dealer=D), StartDeal(deck))


def played(events: list[Event], *actions: Action) -> list[Event]:
    """``events`` followed by what each action causes, each decided on the state so far."""
    history = list(events)
    state = replay(history)
    for action in actions:
        new = decide(state, action)
        history += new
        state = replay(new, state)
    return history


def when(events: list[Event], action: Action) -> list[Event]:
    """The events ``action`` causes after ``events`` (given … when … then)."""
    return decide(replay(events), action)


def unordered(events: Iterable[Event]) -> list[object]:
    """Events with every ``table`` as a set of combinations, where display order is no rule."""
    return [
        type(event)(**{**event.values(), "table": frozenset(event.table)})
        if hasattr(event, "table")
        else event
        for event in events
    ]


def table(*combinations: str) -> frozenset[int]:
    """A table written as combinations, e.g. ``table("4C 5C 6C", "KS KH KD")``, order ignored."""
    return frozenset(cards(text) for text in combinations)


def refuse_to_the_end(events: list[Event]) -> list[Event]:
    """Both players refuse every card until the deal ends (nobody melds, so nothing is forced)."""
    history = list(events)
    state = replay(history)
    while state.phase is Phase.DECIDE:
        assert state.to_act is not None
        new = decide(state, Refuse(state.to_act))
        history += new
        state = replay(new, state)
    return history


GOING_OUT_HAND = "2S 3S 4S 5S 6S 7S JS KS KH KC"
"""With QS as c21 the non-dealer goes out on the first turn: [2S … QS] and [KS KH KC]."""


def won_at_once(events: list[Event], loser_hand: str) -> list[Event]:
    """Deal the next deal so that its non-dealer goes out on the first turn, D holding ``loser_hand``."""
    history = played(events, StartDeal(stacked_deck(GOING_OUT_HAND, loser_hand, "QS")))
    return played(history, Take(replay(history).nondealer, cards(GOING_OUT_HAND)))
