"""The hard bot: determinized Monte Carlo search from what its seat knows.

For each decision it samples the hidden cards — the opponent's hand, the stock order and, where
the dead pile is face down, nothing more: every dead card was shown face up as the center card
(R20.2), so a seat that remembers (``bots.recall``) knows them — consistently with its view, the
opponent's hand drawn by what they let go (``bots.belief``; ``informed=False`` deals it
uniformly, the hard bot before issue 38, kept for the arena as ``hard-uniform``).  It plays every
candidate action on the same samples, finishes the deal with the wary greedy policy for both
seats (``finish``; the greedy bot that also keeps back a card the opponent could lay off, which won
more against the hard bot before issue 38 than plain greedy rollouts, docs/benchmarks.md), and
keeps the action that won most.  The samples come from the injected generator and the
budget is a number of rollouts, so the same view and seed always choose the same action, on any
machine.  It never reads the true hidden state: it is handed a view only.

Determinized search at the root only (perfect-information Monte Carlo), its budget spent by
successive halving, which beat an even spread in the arena; ISMCTS was not tried: a few hundred
rollouts per decision leave a tree below the root a handful of visits per node
(docs/benchmarks.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from service.bots.belief import Belief, belief_of, weighted_hand
from service.bots.policies import NoChance, Policy, Rng, greedy_bot, wary_bot
from service.rules.actions import PlayerAction
from service.rules.cards import DECK, Card
from service.rules.decide import decide
from service.rules.evolve import evolve
from service.rules.melds import table_mask
from service.rules.seats import Seat
from service.rules.state import GameState
from service.rules.view import PlayerView, view_for

_GREEDY = NoChance()


def search_bot(rollouts: int, informed: bool = True, finish: Policy = wary_bot) -> Policy:
    """The hard bot with ``rollouts`` deal endings played per decision (at least one per action);
    ``informed`` samples the opponent's hand by the belief (``bots.belief``), else uniformly."""

    def policy(view: PlayerView, rng: Rng) -> PlayerAction:
        return choose(view, rng, rollouts, informed, finish)

    return policy


def choose(
    view: PlayerView, rng: Rng, rollouts: int, informed: bool = True, finish: Policy = wary_bot
) -> PlayerAction:
    """The action that wins most deals over the sampled worlds, ties going to the greedy choice.

    The budget is spent in halving rounds: each round plays every remaining action on the same
    fresh worlds, then drops the worse half, so the close candidates get most of the rollouts
    (successive halving; it beat spending the budget evenly, docs/benchmarks.md)."""
    actions = view.legal_actions
    if len(actions) == 1:
        return actions[0]
    return scored(view, rng, rollouts, informed, finish)[0].action


@dataclass(frozen=True, slots=True)
class Score:
    """What the search found of one legal action: the points its rollouts won (2 a win, 1 a
    draw) over how many it played, and how far into the halving it survived."""

    action: PlayerAction
    points: int
    played: int
    rounds: int

    @property
    def rate(self) -> float:
        """The share of the deal it won, draws counting half: the search's score of the action."""
        return self.points / (2 * self.played) if self.played else 0.0


def scored(
    view: PlayerView, rng: Rng, rollouts: int, informed: bool = True, finish: Policy = wary_bot
) -> list[Score]:
    """Every legal action with its score, best first: the action ``choose`` takes leads, then
    those that survived longer in the halving, each round's by its points."""
    actions = view.legal_actions
    belief = belief_of(view) if informed else None
    preferred = greedy_bot(view, _GREEDY)
    wins = dict.fromkeys(range(len(actions)), 0)
    played = dict.fromkeys(range(len(actions)), 0)
    survived = dict.fromkeys(range(len(actions)), 0)
    rounds = max(1, (len(actions) - 1).bit_length())
    alive = list(wins)
    for round_number in range(1, rounds + 1):
        worlds = max(1, rollouts // (rounds * len(alive)))
        for _ in range(worlds):
            world = sample_world(view, rng, belief)
            for index in alive:
                wins[index] += rollout(world, actions[index], view.seat, finish)
                played[index] += 1
        alive.sort(key=lambda i: (wins[i], actions[i] is preferred), reverse=True)
        alive = alive[: max(1, (len(alive) + 1) // 2)]
        for index in alive:
            survived[index] = round_number
    order = sorted(
        wins, key=lambda i: (i == alive[0], survived[i], wins[i] / max(1, played[i])), reverse=True
    )
    return [Score(actions[i], wins[i], played[i], survived[i]) for i in order]


def sample_world(view: PlayerView, rng: Rng, belief: Belief | None = None) -> GameState:
    """A full state the seat cannot tell from the real one: the unseen cards dealt at random.

    Unseen are the cards neither in the seat's hand, on a table, in the center nor among the
    dead it knows of; the opponent holds as many of them as their hand size (drawn by the
    ``belief`` when there is one, else uniformly), the stock as many as its size, in a random
    order, and the rest are dead cards the seat does not remember."""
    known = view.hand | table_mask(view.tables[0]) | table_mask(view.tables[1])
    if view.center is not None:
        known |= 1 << view.center
    for one in view.dead:
        known |= 1 << one
    unseen = [DECK[i] for i in range(40) if not known >> i & 1]
    opponent_size = view.hand_sizes[view.opponent]
    opponent = 0
    if belief is not None:
        opponent = weighted_hand(belief, unseen, opponent_size, rng)
        _shuffle(unseen, rng)
        opponent_size = 0
    else:
        _shuffle(unseen, rng)
        for one in unseen[:opponent_size]:
            opponent |= 1 << one
    stock = unseen[opponent_size : opponent_size + view.stock_size]
    forgotten = tuple(unseen[opponent_size + view.stock_size :])
    hands = (view.hand, opponent) if view.seat is Seat.FIRST else (opponent, view.hand)
    in_stock = 0
    for one in stock:
        in_stock |= 1 << one
    before_stock = [DECK[i] for i in range(40) if not in_stock >> i & 1]
    return GameState(
        match=view.match,
        phase=view.phase,
        dealer=view.dealer,
        deal_number=view.deal_number,
        deck=(*before_stock, *stock),
        next_stock=40 - len(stock),
        hands=(int(hands[0]), int(hands[1])),
        tables=view.tables,
        center=view.center,
        source=view.source,
        dead=(*view.dead, *forgotten),
        player=view.player,
        to_act=view.to_act,
        turns=view.turns,
    )


def _shuffle(cards: list[Card], rng: Rng) -> None:
    """Fisher–Yates with ``rng.random()``, the one draw a bot's generator offers."""
    for last in range(len(cards) - 1, 0, -1):
        other = int(rng.random() * (last + 1))
        cards[last], cards[other] = cards[other], cards[last]


def rollout(world: GameState, action: PlayerAction, seat: Seat, finish: Policy = wary_bot) -> int:
    """2 for a win of ``seat``, 1 for a draw, 0 for a loss, once ``finish`` ends the deal for both."""
    state = world
    for event in decide(state, action):
        state = evolve(state, event)
    deal = world.deal_number
    while state.to_act is not None and state.deal_number == deal:
        mover = state.to_act
        for event in decide(state, finish(view_for(state, mover), _GREEDY)):
            state = evolve(state, event)
    if len(state.match.results) == len(world.match.results):
        return 1  # the deal did not end (a resignation is never a rollout's choice)
    winner = state.match.results[-1].winner
    return 1 if winner is None else 2 if winner == seat else 0
