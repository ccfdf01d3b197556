"""The review after a game (issue 38): each decision a player made, judged from that player's
own view by the hard bot's search, the much worse ones marked with the better move.

The log is walked as ``verify`` walks it: each move of the rules is turned back into the action
that caused it (``causes.action_for``) on the state before it.  A decision is reviewed when its
seat made it with a real choice (more than one legal action); a move a timeout made for the
player is not theirs, and is left out.  Each is judged on ``view_for`` of the state before it —
what the player was shown, never the hidden cards — with a generator seeded from that view
(``advice.seeded``), so twin games that differ only in cards the player could not see get the
same review.  Pure, and slow as a search is: the worker makes it (``app/reviewing.py``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from service.bots.advice import Judgement, judge
from service.game.codec import is_rules_event
from service.game.events import TurnTimedOut
from service.game.state import Game, apply, opened
from service.game.stored import StoredEvent
from service.log.causes import action_for
from service.rules.actions import Discard, Force, NoForce, PlayerAction, Refuse, Take
from service.rules.decide import decide
from service.rules.seats import Seat
from service.rules.view import view_for

REVIEW_ROLLOUTS = 160
"""Deal endings the search plays per reviewed decision: a third of the hard bot's budget, so a
whole match is reviewed within 30 s of one core (docs/benchmarks.md)."""
_CHOICES = (Take, Refuse, Force, NoForce, Discard)
"""The actions a decision chooses among (resigning is no choice a review weighs)."""


@dataclass(frozen=True, slots=True)
class Reviewed:
    """One decision: the number of the move's first event, and how it was judged."""

    seq: int
    judgement: Judgement


def review(
    stored: Sequence[StoredEvent], seat: Seat, rollouts: int = REVIEW_ROLLOUTS
) -> tuple[Reviewed, ...]:
    """Every decision ``seat`` made with a choice in the game logged as ``stored``, judged."""
    return tuple(
        Reviewed(seq, judge(view_for(game.rules, seat), action, rollouts))
        for seq, game, action in decisions(stored, seat)
    )


def decisions(
    stored: Sequence[StoredEvent], seat: Seat
) -> Iterator[tuple[int, Game, PlayerAction]]:
    """Each move ``seat`` chose with more than one legal action: its first event's number, the
    game before it and the action."""
    game, index, timed_out = opened(stored[0]), 1, False
    while index < len(stored):
        one, count = stored[index], 1
        action = action_for([step.event for step in stored[index : index + 2]])
        if is_rules_event(one.event) and action is not None:
            count = len(decide(game.rules, action))
            rules = game.rules
            if (
                isinstance(action, _CHOICES)
                and action.seat is seat
                and rules.to_act is seat
                and not timed_out
                and len(view_for(rules, seat).legal_actions) > 1
            ):
                yield one.seq, game, action
            timed_out = False
        elif isinstance(one.event, TurnTimedOut):
            timed_out = True
        for step in stored[index : index + count]:
            game = apply(game, step)
        index += count
