"""What one start-up sweep costs per overdue game, in CPU time and statements rather than wall time.

Run as ``python -m tests.bench.sweep_cost --database sqlite|postgresql --games 2000``; prints one
JSON object.  The games are opened and settled as in ``deadlines`` (``startup``), then one
``Sweeper.expire_overdue`` runs on the real clock, with no scheduler, and is measured by:

- ``cpu_s``: the process's CPU time (``time.process_time``) for the sweep, the figure that does
  not depend on what else the machine runs;
- ``statements`` and ``transactions``: what the sweep sent to the database and the explicit
  transactions it committed (counted with SQLAlchemy's events, in a second run of the same size:
  the listeners cost CPU themselves);
- with ``--profile FILE``, a ``cProfile`` dump of a third run.

Wall time is printed too, but on a shared machine only the first two count.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import time
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import event

from adapters.bootstrap import build
from adapters.config import Settings
from service.app.sweeps import Sweeper
from service.ports.memory_directory import ManualClock, SeededChance
from tests.bench.databases import DATABASES, scratch
from tests.bench.deadlines import OUTAGE, open_games, settle


class Counted:
    """Statements and explicit transactions sent through an engine while attached."""

    def __init__(self) -> None:
        self.statements = 0
        self.transactions = 0

    def attach(self, engine: Any) -> None:
        event.listen(engine, "before_cursor_execute", self._statement)
        event.listen(engine, "commit", self._commit)

    def _statement(self, *args: Any) -> None:
        self.statements += 1

    def _commit(self, *args: Any) -> None:
        self.transactions += 1


def one_sweep(database: str, games: int, count: bool, profile: str | None) -> dict[str, float]:
    with scratch(database) as url:
        now = datetime.now(UTC)
        clock = ManualClock(now)
        wiring = build(Settings(database_url=url), clock, SeededChance(1))
        try:
            dues = [now - OUTAGE + OUTAGE * (n + 0.5) / games for n in range(games)]
            open_games(wiring, clock, dues)
            settle(wiring, clock, now - OUTAGE)
        finally:
            wiring.close()
        worker = build(Settings(database_url=url))
        try:
            counted = Counted()
            if count:
                counted.attach(worker.engine)
            sweeper = Sweeper(worker.service, Settings().worker.batch_size, timedelta(seconds=30))
            profiler = cProfile.Profile() if profile else None
            wall, cpu = time.perf_counter(), time.process_time()
            if profiler is not None:
                profiler.enable()
            timed_out = sweeper.expire_overdue()
            if profiler is not None and profile is not None:
                profiler.disable()
                profiler.dump_stats(profile)
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        finally:
            worker.close()
    assert timed_out == games, (timed_out, games)
    return {
        "cpu_s": round(cpu, 3),
        "wall_s": round(wall, 3),
        "statements": counted.statements,
        "transactions": counted.transactions,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", choices=DATABASES, required=True)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--profile", help="write a cProfile dump of the measured sweep here")
    args = parser.parse_args(argv)
    timed = one_sweep(args.database, args.games, count=False, profile=None)
    counted = one_sweep(args.database, args.games, count=True, profile=None)
    if args.profile:
        one_sweep(args.database, args.games, count=False, profile=args.profile)
    games = args.games
    result = {
        "database": args.database,
        "games": games,
        "cpu_s": timed["cpu_s"],
        "cpu_ms_per_game": round(1000 * timed["cpu_s"] / games, 3),
        "wall_s": timed["wall_s"],
        "statements_per_game": round(counted["statements"] / games, 2),
        "transactions_per_game": round(counted["transactions"] / games, 3),
    }
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
