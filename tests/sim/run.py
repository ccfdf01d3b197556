"""``make sim``: the simulated hour with 10,000 games on SQLite and on PostgreSQL, then two
``conquian worker`` processes on PostgreSQL while 10,000 deadlines fall due over a minute of
real time.

Each run gets a scratch database (``tests.bench.databases``: a SQLite file in a temporary
directory, or a new PostgreSQL database dropped afterwards).  Prints one JSON object per run, then
the problems found, if any; exits 1 when there are any.  Under ``CI=true`` an unreachable
PostgreSQL is an error, not a skipped run.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from datetime import datetime, timedelta

from service.game.events import GameId
from tests.bench.databases import DATABASES, Unreachable, postgres_required, postgres_user, scratch
from tests.sim.checks import check
from tests.sim.hour import Plan, Simulation
from tests.sim.processes import GRACE, open_games, run_workers, verify

MOVE_SETUP = timedelta(milliseconds=10)
"""A generous time to open and join one game on PostgreSQL: the lead before the first deadline."""


def hour(database: str, games: int, seed: int) -> tuple[dict[str, object], list[str]]:
    """The simulated hour on a scratch database: what happened, and the problems found."""
    plan = Plan(games=games, seed=seed)
    with scratch(database) as url:
        simulation = Simulation(url, plan)
        try:
            run = simulation.simulate()
        finally:
            simulation.close()
        began = time.perf_counter()
        found = check(url, plan, run, simulation.sender)
        run.seconds["check"] = time.perf_counter() - began
    figures = {
        "run": "hour",
        "database": database,
        "games": games,
        "moves": run.moves,
        "sweeps": run.sweeps,
        "reminders_queued": run.reminded,
        **found.summary(),
        "seconds": {name: round(value, 1) for name, value in run.seconds.items()},
    }
    return figures, found.problems


def two_workers(games: int, spread: timedelta) -> tuple[dict[str, object], list[str]]:
    """Two worker processes on a scratch PostgreSQL database while ``games`` first deadlines
    fall due over ``spread``."""
    with scratch("postgresql") as url:
        game_ids: list[GameId] = []
        stops: list[datetime] = []
        setup: list[float] = []

        def plan() -> datetime:
            began = time.perf_counter()
            first, opened = open_games(
                url, games, timedelta(seconds=8) + games * MOVE_SETUP, spread
            )
            setup.append(time.perf_counter() - began)
            game_ids.extend(opened)
            stops.append(first + spread + 2 * GRACE)
            return stops[0]

        logs = run_workers(url, 2, plan)
        verdict = verify(url, game_ids, logs, stops[0])
    problems = []
    if verdict.early or verdict.missed or verdict.sent_twice or verdict.refused:
        problems.append(f"two workers: {verdict.summary()}")
    figures = {
        "run": "two workers",
        "database": "postgresql",
        "games": games,
        "spread_s": spread.total_seconds(),
        **verdict.summary(),
        "seconds": {"setup": round(setup[0], 1)},
    }
    return figures, problems


def available(databases: Sequence[str]) -> list[str]:
    """The databases asked for that can be reached (all of them, or an error, under CI)."""
    if "postgresql" not in databases:
        return list(databases)
    try:
        postgres_user()
    except Unreachable as error:
        if postgres_required():
            raise
        print(f"PostgreSQL left out: {error}", file=sys.stderr)
        return [name for name in databases if name != "postgresql"]
    return list(databases)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--database", choices=DATABASES, action="append")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--spread", type=float, default=60, help="seconds, two-worker run")
    parser.add_argument("--only", choices=("hour", "workers"))
    args = parser.parse_args(argv)
    databases = available(args.database or DATABASES)
    print(f"# {datetime.now().astimezone():%Y-%m-%d %H:%M %Z}", flush=True)
    problems: list[str] = []
    runs = []
    if args.only in (None, "hour"):
        runs += [lambda name=name: hour(name, args.games, args.seed) for name in databases]
    if args.only in (None, "workers") and "postgresql" in databases:
        runs.append(lambda: two_workers(args.games, timedelta(seconds=args.spread)))
    for one in runs:
        figures, found = one()
        print(json.dumps(figures), flush=True)
        problems += found
    for problem in problems[:50]:
        print(f"PROBLEM: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
