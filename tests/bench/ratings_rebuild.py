"""``make bench-ratings``: 10,000 finished games made through the service, followed as the worker
does, then ``conquian ratings rebuild``'s work timed and compared with what the follower kept.

The games are played by bot-driven accounts through ``GameService`` on SQLite: 200 players open
rated games against each other (and one game in ten a rated game against a bot), and a seeded
choice resigns one side once the deal is dealt, a game every seven minutes of a manual clock (so
the games spread over seven weeks of rating periods).  The follower folds every 250 games, as the
worker's ``rate`` job would between its ticks.  Prints one JSON line; docs/benchmarks.md keeps
the numbers.

    python -m tests.bench.ratings_rebuild [--games N] [--db PATH]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path

from adapters.bootstrap import build
from adapters.config import Settings
from service.app.ratings import Ratings
from service.game.events import PlayerId
from service.ports.directory import Address
from service.ports.memory_directory import ManualClock, SeededChance
from tests.service.given import T0

PLAYERS = 200
BOTS = (PlayerId("bot:random"), PlayerId("bot:greedy"), PlayerId("bot:search"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--db", type=Path, help="an existing bench database: only rebuild it")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="ratings-bench-") as folder:
        return _run(args, Path(folder))


def _run(args: argparse.Namespace, folder: Path) -> int:
    """Make the games (unless ``--db`` holds them already), then time the rebuild."""
    db = args.db or folder / "conquian.db"
    clock = ManualClock(T0)
    wiring = build(
        Settings(data_dir=folder, database_url=f"sqlite:///{db}"), clock, SeededChance(19)
    )
    service, ratings = wiring.service, wiring.ratings
    if args.db is not None and ratings.store.standings():
        try:
            return _rebuild_only(ratings, args.games)
        finally:
            wiring.close()
    pick = random.Random(19)
    people = [wiring.directory.register(f"P{n}", Address("bench", str(n))) for n in range(PLAYERS)]
    made = time.perf_counter()
    for n in range(args.games):
        host = pick.choice(people)
        if n % 10 == 9:
            game_id = service.open_game(host, opponent=pick.choice(BOTS), rated=True)
            service.resign(
                game_id, host if pick.random() < 0.5 else service.game(game_id).players[1]
            )
        else:
            guest = pick.choice([one for one in people if one != host])
            game_id = service.open_game(host)
            service.join(service.game(game_id).invitation, guest)
            service.resign(game_id, pick.choice((host, guest)))
        clock.advance(minutes=7)
        if n % 250 == 249:
            ratings.follow(limit=500)
    made = time.perf_counter() - made
    ratings.catch_up()
    followed = ratings.store.standings()
    started, cpu = time.perf_counter(), time.process_time()
    counted = ratings.rebuild()
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    same = ratings.store.standings() == followed
    wiring.close()
    print(
        json.dumps(
            {
                "games": args.games,
                "counted": counted,
                "rebuild_seconds": round(seconds, 2),
                "rebuild_cpu_seconds": round(cpu, 2),
                "same_as_follower": same,
                "players": len(followed),
                "making_seconds": round(made, 1),
            }
        )
    )
    return 0 if same and counted == args.games else 1


def _rebuild_only(ratings: Ratings, games: int) -> int:
    """Time the rebuild of a database an earlier run made (the machine may be quieter now)."""
    ratings.catch_up()
    followed = ratings.store.standings()
    started, cpu = time.perf_counter(), time.process_time()
    counted = ratings.rebuild()
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    same = ratings.store.standings() == followed
    print(
        json.dumps(
            {
                "counted": counted,
                "rebuild_seconds": round(seconds, 2),
                "rebuild_cpu_seconds": round(cpu, 2),
                "same_as_follower": same,
            }
        )
    )
    return 0 if same and counted == games else 1


if __name__ == "__main__":
    sys.exit(main())
