"""What the hard bot believes the opponent holds: weights for the hidden cards, from the view only.

A hand never grows in Conquian (a center card is melded at once, never taken into hand, R7.2), so
whatever the opponent holds now they already held whenever a card passed them by.  Every dead card
passed them by: it was refused by them (a flip refused by both, or our discard they refused) or it
was their own discard that we refused (R7.4).  So was the center card now offered to us by them.
A hand holding two cards that would have made a meld with such a card would have taken it (or
not thrown it away): hands like that are unlikely (``CLASH``).  A card that merely sits next to a
passed card (same rank, or one or two apart in its suit) is a little less likely too
(``NEIGHBOUR``): it would have made the passed card worth keeping or taking later.  The cards the
opponent took are on their table, known, and never sampled.

The belief is built from a ``PlayerView`` and nothing else, so two games that differ only in cards
the seat cannot see give the same belief (the review's twin games, issue 38).
"""

from __future__ import annotations

from dataclasses import dataclass

from service.bots.policies import Rng
from service.rules.cards import Card
from service.rules.seats import Phase, Source
from service.rules.view import PlayerView

CLASH = 0.1
"""Factor on a hidden card that would complete, with a card already placed in the opponent's hand,
a meld with a card that passed them by (a person may refuse a meld on purpose, so not zero)."""
NEIGHBOUR = 0.75
"""Factor on a hidden card for each passed card of its rank or one or two apart in its suit."""


@dataclass(frozen=True, slots=True)
class Belief:
    """Per card (0–39): its weight as an opponent's card, and the cards that, held with it,
    would have melded a passed card (a mask)."""

    weights: tuple[float, ...]
    clashes: tuple[int, ...]


def passed_cards(view: PlayerView) -> list[Card]:
    """The cards the opponent let go that the seat knows of: the dead it remembers, and the center
    card when it is offered to the seat by the opponent (their discard or their refused flip)."""
    passed = list(view.dead)
    offered = view.source in (Source.OFFERED_DISCARD, Source.OFFERED_REFUSED_FLIP)
    if (
        view.center is not None
        and offered
        and view.phase is Phase.DECIDE
        and view.to_act == view.seat
    ):
        passed.append(view.center)
    return passed


def belief_of(view: PlayerView) -> Belief:
    """The weights and clashes of every card, from the cards that passed the opponent by."""
    weights = [1.0] * 40
    clashes = [0] * 40
    for one in passed_cards(view):
        rank = one % 10
        suit_start = one - rank
        same_rank = [other for other in range(rank, 40, 10) if other != one]
        in_suit = [one + d for d in (-2, -1, 1, 2) if 0 <= rank + d < 10]
        for other in (*same_rank, *in_suit):
            weights[other] *= NEIGHBOUR
        for first in same_rank:
            for second in same_rank:
                if first != second:
                    clashes[first] |= 1 << second
        for low in range(max(0, rank - 2), min(rank, 7) + 1):
            run = [suit_start + low + i for i in range(3) if low + i != rank]
            clashes[run[0]] |= 1 << run[1]
            clashes[run[1]] |= 1 << run[0]
    return Belief(tuple(weights), tuple(clashes))


def weighted_hand(belief: Belief, unseen: list[Card], size: int, rng: Rng) -> int:
    """``size`` of the ``unseen`` cards drawn one by one by their weight, a card that clashes with
    one already drawn counting ``CLASH`` as much; they are removed from ``unseen``.  The hand as a
    mask."""
    hand = 0
    weights = belief.weights
    clashes = belief.clashes
    for _ in range(min(size, len(unseen))):
        chances = [weights[one] * (CLASH if clashes[one] & hand else 1.0) for one in unseen]
        target = rng.random() * sum(chances)
        index = 0
        last = len(unseen) - 1
        while index < last and target >= chances[index]:
            target -= chances[index]
            index += 1
        hand |= 1 << unseen.pop(index)
    return hand
