"""Bots playing complete deals against each other: for benchmarks, tests and tuning bots.

Each deal is a one-deal match with a fresh deck from the injected generator; the first dealer
alternates so both seats deal equally often.  Pure apart from the generator it is given.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from service.bots.policies import Policy, recall
from service.rules.actions import StartDeal, StartMatch
from service.rules.cards import DECK, Card
from service.rules.decide import decide
from service.rules.evolve import evolve, replay
from service.rules.seats import Seat
from service.rules.state import GameState, initial_state
from service.rules.variants import MatchTerms, Variant


@dataclass
class Tally:
    """Wins per seat, draws, turns and decisions over the deals played so far."""

    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    deals: int = 0
    turns: int = 0
    decisions: int = 0

    def add(self, state: GameState, decisions: int) -> None:
        winner = state.results[-1].winner
        if winner is None:
            self.draws += 1
        else:
            self.wins[winner] += 1
        self.deals += 1
        self.turns += state.turns
        self.decisions += decisions


def play_deal(
    variant: Variant,
    deck: tuple[Card, ...],
    dealer: Seat,
    policies: tuple[Policy, Policy],
    rng: random.Random,
) -> tuple[GameState, int]:
    """Play one deal to its end; returns the final state and the number of decisions made."""
    state = replay(decide(initial_state(), StartMatch(variant, MatchTerms(), dealer)))
    state = replay(decide(state, StartDeal(deck)), state)
    decisions = 0
    while state.to_act is not None:
        seat = state.to_act
        action = policies[seat](recall(state, seat), rng)
        for event in decide(state, action):
            state = evolve(state, event)
        decisions += 1
    return state, decisions


def selfplay(
    games: int, rng: random.Random, policies: tuple[Policy, Policy], variant: Variant
) -> Tally:
    """Play ``games`` deals, shuffling each deck with ``rng``."""
    tally = Tally()
    for number in range(games):
        deck = list(DECK)
        rng.shuffle(deck)
        state, decisions = play_deal(variant, tuple(deck), Seat(number % 2), policies, rng)
        tally.add(state, decisions)
    return tally
