"""Pairing quality on a simulated pool (issue 36): a few hundred players arrive over a day and wait
with their ratings and terms; the pairing step (``service.seeks.pairing.pairs``, the worker's)
runs every ``--step`` minutes of simulated time.  Prints the median rating gap of the pairs made,
the median and 90th-percentile waits, and who was still waiting after two days, as the table
docs/benchmarks.md keeps.  Not a timed test: a measure of the pairing's choices.

    python -m tests.bench.pairing_pool [--players 300] [--step 10] [--seed 36]
"""

from __future__ import annotations

import argparse
import random
import statistics
from datetime import timedelta

from service.game.events import PlayerId, TimeControl
from service.seeks.pairing import pairs
from service.seeks.seeks import Waiting
from service.seeks.terms import SeekTerms, Wanted
from tests.service.given import T0

MOVE_TIMES = (3600, 8 * 3600, 86400, 3 * 86400)
"""Times per move the simulated players ask for (an hour to three days)."""


def crowd(players: int, chance: random.Random) -> list[Waiting]:
    """Players arriving over a day: ratings around 1500, a time per move, mostly rated."""
    return sorted(
        (
            Waiting(
                PlayerId(f"p{n}"),
                SeekTerms.of(
                    time_control=TimeControl(chance.choice(MOVE_TIMES)),
                    rated=chance.random() < 0.8,
                ),
                Wanted(),
                round(chance.gauss(1500, 250)),
                None,
                T0 + timedelta(minutes=chance.uniform(0, 24 * 60)),
            )
            for n in range(players)
        ),
        key=lambda one: one.since,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--step", type=int, default=10, help="minutes between pairing steps")
    parser.add_argument("--seed", type=int, default=36)
    args = parser.parse_args(argv)
    arriving = crowd(args.players, random.Random(args.seed))
    pool: list[Waiting] = []
    gaps: list[float] = []
    waits: list[float] = []
    now = T0
    while now <= T0 + timedelta(days=2):
        pool.extend(
            one for one in arriving if now - timedelta(minutes=args.step) < one.since <= now
        )
        for pair in pairs(pool, now):
            gaps.append(abs(pair.first.rating - pair.second.rating))
            for one in (pair.first, pair.second):
                waits.append((now - one.since).total_seconds() / 3600)
                pool.remove(one)
        now += timedelta(minutes=args.step)
    ninetieth = statistics.quantiles(waits, n=10)[-1]
    print("| players | pairs | median gap | median wait | 90th pct wait | unpaired after 2 days |")
    print("| --- | --- | --- | --- | --- | --- |")
    print(
        f"| {args.players} | {len(gaps)} | {statistics.median(gaps):.0f} |"
        f" {statistics.median(waits) * 60:.0f} min | {ninetieth:.1f} h | {len(pool)} |"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
