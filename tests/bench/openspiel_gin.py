"""OpenSpiel's C++ gin rummy through its Python API, with uniform random choices.

Runs only in the benchmark venv (``.venv-bench/bin/python -I tests/bench/openspiel_gin.py``) and
only if the optional ``open_spiel`` wheel installed there.  Prints one JSON object with the same
keys as ``conquian selfplay --json``.  Chance nodes (the shuffle and draws) are sampled from their
outcome lists and are not decisions; a decision is an action a player chose.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Sequence
from importlib.metadata import version


def play(games: int, seed: int) -> int:
    """Play ``games`` games of ``gin_rummy``; returns the number of decisions."""
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(seed)
    decisions = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcome, _ = rng.choice(state.chance_outcomes())
                state.apply_action(outcome)
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
    return decisions


def main(argv: Sequence[str] | None = None) -> int:
    """Time ``--games`` games and print the figures as JSON."""
    parser = argparse.ArgumentParser(description="Time OpenSpiel's gin rummy with random play.")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    decisions = play(args.games, args.seed)
    seconds = time.perf_counter() - started
    report = {
        "library": f"open_spiel {version('open_spiel')}",
        "loop": "game",
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
