"""Cost of ``legal_actions`` on its own, apart from deciding and folding events.

Run as ``python -m tests.bench.legal`` (``run.py`` starts it pinned to one core); prints one JSON
object.  The positions are fixed for a seed: every decision point of random deals, collected once,
then ``legal_actions`` is called on all of them in several timed passes.  Timing a fixed sample
rather than whole deals isolates the enumeration from everything else a decision costs.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Sequence

from service.rules import (
    DECK,
    GameState,
    MatchTerms,
    Seat,
    StartDeal,
    StartMatch,
    Take,
    Variant,
    decide,
    evolve,
    initial_state,
    legal_actions,
    replay,
)

Position = tuple[GameState, Seat]


def collect_positions(deals: int, seed: int) -> list[Position]:
    """Every decision point of ``deals`` random deals, as the random bot would reach them."""
    rng = random.Random(seed)
    positions: list[Position] = []
    for number in range(deals):
        deck = list(DECK)
        rng.shuffle(deck)
        positions.extend(_deal_positions(tuple(deck), Seat(number % 2), rng))
    return positions


def _deal_positions(deck: tuple[int, ...], dealer: Seat, rng: random.Random) -> list[Position]:
    """Play one deal with uniform choices (like ``service.bots.selfplay.play_deal``), keeping each state."""
    state = replay(decide(initial_state(), StartMatch(Variant(), MatchTerms(), dealer)))
    state = replay(decide(state, StartDeal(deck)), state)
    positions: list[Position] = []
    while state.to_act is not None:
        seat = state.to_act
        positions.append((state, seat))
        for event in decide(state, rng.choice(legal_actions(state, seat))):
            state = evolve(state, event)
    return positions


def time_pass(positions: Sequence[Position]) -> float:
    """Seconds for one call of ``legal_actions`` on every position; the loop is all we add."""
    started = time.perf_counter()
    for state, seat in positions:
        legal_actions(state, seat)
    return time.perf_counter() - started


def action_counts(positions: Sequence[Position]) -> dict[str, float]:
    """Size of the action space: mean and max, and the mean where a take is possible at all."""
    counts = []
    with_take = []
    for state, seat in positions:
        actions = legal_actions(state, seat)
        counts.append(len(actions))
        if any(isinstance(action, Take) for action in actions):
            with_take.append(len(actions))
    return {
        "mean_actions": statistics.fmean(counts),
        "max_actions": max(counts),
        "take_positions": len(with_take),
        "mean_actions_with_take": statistics.fmean(with_take) if with_take else 0.0,
    }


def measure(deals: int, seed: int, passes: int) -> dict[str, object]:
    """Collect the sample, time ``passes`` passes over it, and report the median pass."""
    positions = collect_positions(deals, seed)
    seconds = [time_pass(positions) for _ in range(passes)]
    median = statistics.median(seconds)
    return {
        "deals": deals,
        "seed": seed,
        "positions": len(positions),
        "passes": seconds,
        "seconds": median,
        "calls_per_second": len(positions) / median,
        **action_counts(positions),
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the sample's size and seed, measure, print one JSON object."""
    parser = argparse.ArgumentParser(description="Time legal_actions on a fixed sample.")
    parser.add_argument("--deals", type=int, default=300, help="random deals to sample")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--passes", type=int, default=9, help="timed passes; the median counts")
    args = parser.parse_args(argv)
    print(json.dumps(measure(args.deals, args.seed, args.passes)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
