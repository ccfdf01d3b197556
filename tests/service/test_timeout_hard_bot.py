"""Under the ``bot`` policy a timed-out decision is the hard bot's, made within its budget.

The move is determined by the log alone (the search's generator is seeded from what the log
holds), so ``verify`` recomputes it (``timed_out`` on the game before the timeout).  The time it
takes is bounded by the rollout budget and measured by ``make bench`` (docs/benchmarks.md), not
here.
"""

from __future__ import annotations

import random

from service.bots.policies import recall
from service.bots.search import choose
from service.clock.timeouts import TIMEOUT_ROLLOUTS, timed_out, timeout_seed
from service.game.events import TimeControl, TurnTimedOut
from service.rules.decide import decide
from tests.service.test_time_control import HOUR, Table


def test_a_timeout_under_the_bot_policy_plays_the_hard_bots_choice() -> None:
    for seed in range(4):
        table = Table(TimeControl(move_seconds=3600, on_timeout="bot"), seed=seed)
        game = table.game
        seat = game.rules.to_act
        assert seat is not None
        view = recall(game.rules, seat)
        hard = choose(view, random.Random(timeout_seed(view)), TIMEOUT_ROLLOUTS)
        version = game.version
        table.sweep(HOUR)
        events = table.events_since(version)
        expected = decide(game.rules, hard)
        assert events[0] == TurnTimedOut(seat, "bot")
        assert events[1 : 1 + len(expected)] == expected
        assert timed_out(game) == events[: 1 + len(expected)], "the log alone decides it again"
