"""Replay speed: rebuilding finished games from their events.

Run as ``python -m tests.bench.replay --database memory|sqlite|postgresql``; prints one JSON
object.  Finished games are stored first (bot against bot, one deal each, through
``GameService`` as any game is stored), then each is rebuilt as a process that has never seen it
does: ``fold(store.load(game_id))`` — read, decode, fold — timed game by game on a fresh store
object (no cache).  ``memory`` is the in-memory store, which keeps events encoded exactly as the
database does, so it shows the decoding and folding without a database.  The fold alone is timed
too, over the decoded events: that is the "events folded per second".
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext

from adapters.bootstrap import build
from adapters.config import Settings
from adapters.sql.store import SqlEventStore
from service.app.games import GameService
from service.game.events import GameId, PlayerId
from service.game.state import fold
from service.ports.memory import InMemoryEventStore
from service.ports.memory_directory import ManualClock, SeededChance
from service.ports.protocols import EventStore
from tests.bench.databases import scratch
from tests.bench.moves import percentile

GREEDY, RANDOM = PlayerId("bot:greedy"), PlayerId("bot:random")


def finished_games(service: GameService, count: int) -> list[GameId]:
    """``count`` finished one-deal games, greedy bot against random bot."""
    games = [service.open_game(GREEDY, opponent=RANDOM) for _ in range(count)]
    assert all(service.game(game).status == "over" for game in games)
    return games


def rebuild_times(store: EventStore, games: Sequence[GameId], passes: int) -> list[int]:
    """Nanoseconds to rebuild each game from ``store``, every game ``passes`` times."""
    times = []
    for _ in range(passes):
        for game_id in games:
            began = time.perf_counter_ns()
            game = fold(store.load(game_id))
            times.append(time.perf_counter_ns() - began)
            assert game.status == "over"
    return times


def fold_rate(store: EventStore, games: Sequence[GameId], passes: int) -> float:
    """Events folded per second, the events already loaded and decoded."""
    logs = [store.load(game_id) for game_id in games]
    events = sum(len(log) for log in logs) * passes
    began = time.perf_counter()
    for _ in range(passes):
        for log in logs:
            fold(log)
    return events / (time.perf_counter() - began)


def measure(database: str, games: int, passes: int, seed: int) -> dict[str, float]:
    opened: Callable[[], AbstractContextManager[str | None]] = (
        (lambda: nullcontext(None)) if database == "memory" else (lambda: scratch(database))
    )
    with opened() as url:
        if url is None:
            store: EventStore = InMemoryEventStore()
            service = GameService(store, ManualClock(), SeededChance(seed))
            fresh: Callable[[], EventStore] = lambda: store  # noqa: E731 - no cache to bypass
            close: Callable[[], None] = lambda: None  # noqa: E731
        else:
            wiring = build(Settings(database_url=url), chance=SeededChance(seed))
            service, engine = wiring.service, wiring.engine
            fresh, close = (lambda: SqlEventStore(engine)), wiring.close
        try:
            ids = finished_games(service, games)
            store = fresh()
            rebuild_times(store, ids[:10], 1)  # warm up: connections, statement caches
            times = rebuild_times(store, ids, passes)
            events = [len(store.load(game_id)) for game_id in ids]
            folded = fold_rate(store, ids, passes)
        finally:
            close()
    milliseconds = sorted(t / 1e6 for t in times)
    return {
        "games": games,
        "events_per_game": statistics.fmean(events),
        "rebuild_p50_ms": percentile(milliseconds, 0.50),
        "rebuild_p99_ms": percentile(milliseconds, 0.99),
        "rebuild_mean_ms": statistics.fmean(milliseconds),
        "rebuilt_events_per_second": sum(events) * passes / (sum(milliseconds) / 1000),
        "folded_events_per_second": folded,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--database", choices=("memory", "sqlite", "postgresql"), required=True)
    parser.add_argument("--games", type=int, default=100, help="finished games to rebuild")
    parser.add_argument("--passes", type=int, default=5, help="times each game is rebuilt")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    result = measure(args.database, args.games, args.passes, args.seed)
    print(json.dumps({"database": args.database, **result}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
