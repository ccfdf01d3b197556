"""Positions for grammar and prompt tests: stacked decks played through the real rules core."""

from __future__ import annotations

import random
from collections.abc import Iterator

from service.rules.actions import Force, PlayerAction, Refuse, StartDeal, StartMatch, Take
from service.rules.cards import DECK, Card, card, cards
from service.rules.decide import decide
from service.rules.evolve import replay
from service.rules.seats import Seat
from service.rules.state import GameState, initial_state
from service.rules.variants import DEFAULT, MatchTerms, Variant
from service.rules.view import PlayerView, view_for


def stacked(first: str, second: str, stock: str) -> tuple[Card, ...]:
    """A deck dealt by player 2: player 1 gets ``first`` (c1, c3 … c19), player 2 ``second``
    (c2 … c20); ``stock`` comes next, top first, then every other card in canonical order."""
    one, two, top = cards_in(first), cards_in(second), cards_in(stock)
    dealt = [c for pair in zip(one, two, strict=True) for c in pair]
    rest = [c for c in DECK if c not in (*dealt, *top)]
    return (*dealt, *top, *rest)


def cards_in(text: str) -> list[Card]:
    return [card(word) for word in text.split()]


# Player 1 will take KS with KH KD; player 2 takes the 4H discard with 4C 4S; player 2's QC QD
# wait for QH and KC fits player 1's kings (a force, or player 1 going out with the rest).
STACKED = stacked("AC 2C 3C 4D 5D 6D 7D KH KD 4H", "4C 4S 2S QC QD KC 6H 7S JC 3S", "KS QH")
# Player 1 melds 7C 7D 7H, then 4S 5S 6S; 7S then fits both combinations.
FORK = stacked("7C 7D 4S 5S JH AC 2D 3H KC QD", "AH 2H 4H 5H 6H AD 3D 4D 5D 6D", "7H 6S 7S")


def started(variant: Variant = DEFAULT, deck: tuple[Card, ...] = STACKED) -> GameState:
    """A one-deal match dealt from ``deck`` by player 2: player 1 decides on c21."""
    state = replay(decide(initial_state(), StartMatch(variant, MatchTerms(), Seat.SECOND)))
    return replay(decide(state, StartDeal(deck)), state)


def after(state: GameState, *actions: PlayerAction) -> GameState:
    """``state`` after each action in turn (each must be legal)."""
    for action in actions:
        state = replay(decide(state, action), state)
    return state


def to_act(state: GameState) -> PlayerView:
    """The view of the seat that must decide now."""
    assert state.to_act is not None
    return view_for(state, state.to_act)


def random_positions(variant: Variant, seed: int) -> Iterator[PlayerView]:
    """Every decision point of one deal of random legal play from a deck shuffled with ``seed``."""
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    state = started(variant, tuple(deck))
    while state.to_act is not None:
        view = to_act(state)
        yield view
        state = after(state, rng.choice(view.legal_actions))


def midgame(variant: Variant = DEFAULT) -> GameState:
    """Player 1 ([KS KH KD] on the table) decides on 2S; player 2 has [4C 4H 4S]."""
    return after(
        started(variant),
        Take(Seat.FIRST, cards("KH KD"), card("4H")),
        Take(Seat.SECOND, cards("4C 4S"), card("2S")),
    )


def force_window(variant: Variant = DEFAULT) -> GameState:
    """Player 1 refused KC, which fits their kings: player 2 may force it."""
    return after(
        started(variant),
        Take(Seat.FIRST, cards("KH KD"), card("4H")),
        Take(Seat.SECOND, cards("4C 4S"), card("KC")),
        Refuse(Seat.FIRST),
    )


def forced_with_two_targets(variant: Variant = DEFAULT) -> GameState:
    """Player 1 was forced to lay off 7S, which fits [7C 7D 7H] and [4S 5S 6S]."""
    first, second = Seat.FIRST, Seat.SECOND
    return after(
        started(variant, FORK),
        Take(first, cards("7C 7D"), card("JH")),
        Refuse(second),  # JH dies, player 2 turns up 6S
        Refuse(second),  # 6S passes to player 1
        Take(first, cards("4S 5S"), card("KC")),
        Refuse(second),  # KC dies, player 2 turns up 7S
        Refuse(second),  # 7S passes to player 1
        Refuse(first),
        Force(second),
    )
