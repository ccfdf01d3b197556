"""RLCard's gin rummy with uniform random choices: the pure-Python reference for our speed.

Runs only in the benchmark venv (``.venv-bench/bin/python -I tests/bench/rlcard_gin.py``); RLCard
and numpy are never dependencies of the project.  Prints one JSON object with the same keys as
``conquian selfplay --json`` so ``run.py`` summarises both alike.  Two loops are offered:

- ``env``: the documented agent loop, ``env.run`` with ``RandomAgent``s; each step also encodes the
  observation for the agent, as a learning setup would.
- ``game``: the bare engine, ``GinRummyGame`` with a uniform pick from the judge's legal actions;
  like our selfplay, each decision is "enumerate the legal actions, apply one".

A decision is a step where an agent acted (gin rummy's scoring steps included).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable, Sequence
from importlib.metadata import version


def play_env(games: int, seed: int) -> int:
    """Play ``games`` games through ``env.run``; returns the number of decisions."""
    import numpy as np
    import rlcard
    from rlcard.agents import RandomAgent

    np.random.seed(seed)  # RandomAgent draws from numpy's global generator
    env = rlcard.make("gin-rummy", config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    decisions = 0
    for _ in range(games):
        trajectories, _ = env.run(is_training=False)
        decisions += sum(len(states_and_actions) // 2 for states_and_actions in trajectories)
    return decisions


def play_game(games: int, seed: int) -> int:
    """Play ``games`` games on the bare ``GinRummyGame``; returns the number of decisions."""
    import numpy as np
    from rlcard.games.gin_rummy.game import GinRummyGame

    game = GinRummyGame()
    game.np_random = np.random.RandomState(seed)
    rng = random.Random(seed)
    decisions = 0
    for _ in range(games):
        game.init_game()
        while not game.is_over():
            game.step(rng.choice(game.judge.get_legal_actions()))
            decisions += 1
    return decisions


LOOPS: dict[str, Callable[[int, int], int]] = {"env": play_env, "game": play_game}


def main(argv: Sequence[str] | None = None) -> int:
    """Time one loop over ``--games`` games and print the figures as JSON."""
    parser = argparse.ArgumentParser(description="Time RLCard's gin rummy with random play.")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--loop", choices=sorted(LOOPS), default="game")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    decisions = LOOPS[args.loop](args.games, args.seed)
    seconds = time.perf_counter() - started
    report = {
        "library": f"rlcard {version('rlcard')}",
        "loop": args.loop,
        "games": args.games,
        "decisions": decisions,
        "seconds": seconds,
        "deals_per_second": args.games / seconds,
        "decisions_per_second": decisions / seconds,
    }
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
