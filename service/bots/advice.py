"""What the hard bot would do in a player's place, and why: the search behind a hint and the
review after a game.

It is handed the player's view only, never the game, so it cannot read a hidden card, and its
generator is seeded from that view (``seeded``): the same position always gets the same advice,
however often it is asked, and two games that differ only in cards the player cannot see get the
same advice at every decision the player saw alike (the review's twin games, issue 38).
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass

from service.bots.belief import belief_of
from service.bots.search import Score, rollout, sample_world, scored
from service.rules.actions import Discard, PlayerAction, Refuse, Take
from service.rules.cards import Card
from service.rules.view import PlayerView


@dataclass(frozen=True, slots=True)
class Advice:
    """The search's verdict on one decision: every legal action scored, best first, and the
    reason for the best in the terms a player reads it (``words/hints.py``)."""

    scores: tuple[Score, ...]
    melds: tuple[Card, ...]
    """The cards of the meld the best action makes (a take's hand cards with the center card, or a
    meld from hand); empty for one that makes no meld (a lay-off, a pass, a discard)."""
    fears: Card | None
    """The card the best action keeps back: of the discards it could have made with the same
    meld, the one whose rollouts went worst (the card it fears to give); None without a choice."""

    @property
    def best(self) -> Score:
        return self.scores[0]

    def score_of(self, action: PlayerAction) -> Score | None:
        """The score of ``action``, if it was a legal action of this decision."""
        return next((one for one in self.scores if one.action == action), None)


def advise(view: PlayerView, rollouts: int) -> Advice:
    """The hard bot's choice for ``view``'s decision with its reason, ``rollouts`` deal endings
    spread over the legal actions (at least one each)."""
    scores = tuple(scored(view, seeded(view), rollouts))
    best = scores[0].action
    return Advice(scores, _melds(best, view), _feared(best, scores))


MISTAKE = 0.25
"""How much worse than the best a move must be to be marked in the review: a quarter of the deal
— a move that turns an even deal into a likely loss (docs/decisions/reviews.md)."""


@dataclass(frozen=True, slots=True)
class Judgement:
    """One decision of a finished game judged from its player's view: the move made, the move
    the search prefers, and the share of the deal the move made gave away against it."""

    chosen: PlayerAction
    best: PlayerAction
    loss: float

    @property
    def mistake(self) -> bool:
        return self.loss >= MISTAKE


def judge(view: PlayerView, chosen: PlayerAction, rollouts: int) -> Judgement:
    """``chosen`` against the search's best for ``view``: when they differ, both are played out
    on the same ``rollouts // 4`` fresh worlds (paired, so the luck of the worlds cancels) and
    the loss is the difference of their points over the most they could differ."""
    best = advise(view, rollouts).best.action
    if does_the_same(best, chosen):
        return Judgement(chosen, best, 0.0)
    rng, worlds, gap = seeded(view, "judge"), max(1, rollouts // 4), 0
    belief = belief_of(view)
    for _ in range(worlds):
        world = sample_world(view, rng, belief)
        gap += rollout(world, best, view.seat) - rollout(world, chosen, view.seat)
    return Judgement(chosen, best, max(0.0, gap / (2 * worlds)))


def does_the_same(one: PlayerAction, other: PlayerAction) -> bool:
    """Whether two actions make the same move, whatever arrangement or grouping they carry."""
    return _what(one) == _what(other)


def _what(action: PlayerAction) -> tuple[object, ...]:
    names = ("seat", "put_down", "discard", "meld", "card", "onto")
    return (type(action).__name__, *(getattr(action, name, None) for name in names))


def seeded(view: PlayerView, purpose: str = "advise") -> random.Random:
    """A generator seeded from what the seat knows and nothing else: the position as it sees it
    (and what the numbers are for, so a judgement does not replay the advice's worlds)."""
    known = (
        purpose,
        view.seat,
        view.deal_number,
        view.turns,
        view.phase,
        view.to_act,
        int(view.hand),
        tuple(tuple(int(one) for one in table) for table in view.tables),
        view.center,
        view.dead,
        view.hand_sizes,
        view.stock_size,
        view.match.scores,
    )
    digest = hashlib.sha256(repr(known).encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def _melds(action: PlayerAction, view: PlayerView) -> tuple[Card, ...]:
    match action:
        case Take(put_down=put_down) if put_down:
            center = () if view.center is None else (view.center,)
            return tuple(sorted((*put_down, *center)))
        case Refuse(meld=meld):
            return tuple(sorted(meld))
    return ()


def _feared(best: PlayerAction, scores: tuple[Score, ...]) -> Card | None:
    """The discard scored worst among those the best action could have made instead."""
    if not isinstance(best, Take | Discard):
        return None
    mine = _discarded(best)
    others = [one for one in scores if _same_but_discard(one.action, best)]
    others = [one for one in others if _discarded(one.action) not in (None, mine)]
    if not others:
        return None
    return _discarded(min(others, key=lambda one: (one.rate, -one.played)).action)


def _discarded(action: PlayerAction) -> Card | None:
    match action:
        case Take(discard=discard):
            return discard
        case Discard(card=card):
            return card
    return None


def _same_but_discard(one: PlayerAction, other: PlayerAction) -> bool:
    if isinstance(one, Take) and isinstance(other, Take):
        return one.put_down == other.put_down
    if isinstance(one, Discard) and isinstance(other, Discard):
        return one.onto == other.onto
    return False
