"""Under the ``bot`` policy a timed-out decision is the hard bot's, made within its budget.

The move is determined by the log alone (the search's generator is seeded from what the log
holds), so ``verify`` recomputes it (``timed_out`` on the game before the timeout); the time it takes is bounded by the rollout budget.
"""

from __future__ import annotations

import random
import time

from service.bots.policies import recall
from service.bots.search import choose
from service.clock.timeouts import TIMEOUT_ROLLOUTS, timed_out, timeout_seed
from service.game.events import TimeControl, TurnTimedOut
from service.rules.decide import decide
from tests.service.test_time_control import HOUR, Table

BUDGET_SECONDS = 3.0
"""The interpreted build's bound per decision (the compiled build's is 1 s: docs/benchmarks.md)."""


def test_a_timeout_under_the_bot_policy_plays_the_hard_bots_choice_within_budget() -> None:
    for seed in range(4):
        table = Table(TimeControl(move_seconds=3600, on_timeout="bot"), seed=seed)
        game = table.game
        seat = game.rules.to_act
        assert seat is not None
        view = recall(game.rules, seat)
        hard = choose(view, random.Random(timeout_seed(view)), TIMEOUT_ROLLOUTS)
        version = game.version
        started = time.perf_counter()
        table.sweep(HOUR)
        assert time.perf_counter() - started < BUDGET_SECONDS
        events = table.events_since(version)
        expected = decide(game.rules, hard)
        assert events[0] == TurnTimedOut(seat, "bot")
        assert events[1 : 1 + len(expected)] == expected
        assert timed_out(game) == events[: 1 + len(expected)], "the log alone decides it again"
