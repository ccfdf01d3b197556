"""The worker on the real clock: how late timeouts fire, and how long a start-up sweep takes.

Run as ``python -m tests.bench.deadlines --database sqlite|postgresql --measure lateness|startup``;
prints one JSON object.  Each run gets a scratch database (``databases``) and opens its games
through ``GameService`` as players would, between people on the ``log`` channel, each with a
one-hour move time, the clock set in the past so that the first deadlines fall where wanted:

- ``lateness``: 10,000 active games whose deadlines fall evenly over the next two minutes of real
  time, starting a few seconds after the worker has started.  The worker (``Worker.start``: the
  scheduler, sweep rounds with their alarms, reminders, the outbox) runs until every one has timed
  out; lateness is each ``TurnTimedOut``'s time in the log minus its deadline.
- ``startup``: 10,000 games whose deadlines all fell during the last ten minutes, while no worker
  ran; one worker starts, and the figure is the time from ``Worker.start`` to the last timeout
  appended (and to the first).

Before either, a worker that was running all along has had its say: the clock set to the start of
the measurement (``lateness``) or of the outage (``startup``), one round of each job queues and
sends the reminders and notifications due by then, so the measured worker finds only what a real
one would.  Its notifications go to a sender that only counts them: the figures are the worker's,
not a channel's.  Opening the games is not timed.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from sqlalchemy import func, select

from adapters.bootstrap import Wiring, build
from adapters.config import Settings
from adapters.sql.tables import events, game_summaries
from adapters.worker import Worker
from service.delivery.dispatch import Telling
from service.game.events import GameId, TimeControl
from service.ports.directory import Address
from service.ports.memory_directory import ManualClock, SeededChance
from tests.bench.databases import DATABASES, scratch
from tests.bench.moves import percentile

MOVE = timedelta(hours=1)
OUTAGE = timedelta(minutes=10)
LEAD = timedelta(seconds=5)
"""At least this from the worker's start to the first deadline (``lateness``)."""
PROBE = 100


class CountingSender:
    """A channel that takes every notification and only counts them."""

    def __init__(self) -> None:
        self.sent = 0

    def send(self, address: Address, telling: Telling) -> None:
        self.sent += 1


def open_games(
    wiring: Wiring, clock: ManualClock, dues: Sequence[datetime], name: str = "p"
) -> list[GameId]:
    """One game per deadline in ``dues``, between players (named ``name`` and a number) who each
    play two of them."""
    directory, service = wiring.directory, wiring.service
    players = [
        directory.register(f"{name}{n}", Address("log", f"{name}{n}")) for n in range(len(dues))
    ]
    opened = []
    for number, due in enumerate(dues):
        clock.current = due - MOVE
        game_id = service.open_game(players[number], time_control=TimeControl(int(MOVE.seconds)))
        service.join(service.game(game_id).invitation, players[(number + 1) % len(players)])
        opened.append(game_id)
    return opened


def settle(wiring: Wiring, clock: ManualClock, at: datetime) -> None:
    """A worker that ran all along, at ``at``: what was due by then is queued and sent."""
    clock.current = at
    Worker(wiring, Settings(), clock, {"log": CountingSender()}, SeededChance(2)).run_once()


def seconds_per_game(wiring: Wiring, clock: ManualClock) -> float:
    """What opening a game and settling its reminder and notifications takes here and now, from
    a hundred games due in an hour (they stay active, and do not fall due while measured)."""
    began = time.perf_counter()
    now = datetime.now(UTC)
    open_games(wiring, clock, [now + MOVE] * PROBE, name="probe")
    settle(wiring, clock, now + MOVE / 2)
    return (time.perf_counter() - began) / PROBE


def timeouts(wiring: Wiring) -> dict[GameId, datetime]:
    """When each game's first decision timed out, from the log."""
    query = (
        select(events.c.game_id, func.min(events.c.at))
        .where(events.c.name == "TurnTimedOut")
        .group_by(events.c.game_id)
    )
    with wiring.engine.connect() as connection:
        rows = connection.execute(query).all()
    return {GameId(game_id): at.replace(tzinfo=at.tzinfo or UTC) for game_id, at in rows}


def waiting(wiring: Wiring, by: datetime) -> int:
    """How many games still wait for a decision due by ``by`` (an index range that shrinks as
    they time out: cheap to ask while the worker runs)."""
    query = select(func.count()).where(
        game_summaries.c.status == "playing", game_summaries.c.due_at <= by
    )
    with wiring.engine.connect() as connection:
        return int(connection.execute(query).scalar_one())


def run_worker(url: str, last_due: datetime) -> tuple[datetime, dict[GameId, datetime]]:
    """Start a worker process's wiring and scheduler; stop once no decision due by ``last_due``
    is left (or two minutes after it); when it started, and the timeouts."""
    worker_wiring = build(Settings(database_url=url))
    worker = Worker(worker_wiring, Settings(database_url=url), senders={"log": CountingSender()})
    try:
        started = datetime.now(UTC)
        worker.start()
        give_up = max(last_due, started) + timedelta(minutes=2)
        while datetime.now(UTC) < last_due or waiting(worker_wiring, last_due):
            if datetime.now(UTC) > give_up:
                break
            time.sleep(0.2)
        worker.stop()
        return started, timeouts(worker_wiring)
    finally:
        worker.stop()
        worker_wiring.close()


def lateness(url: str, games: int, spread: timedelta) -> dict[str, object]:
    clock = ManualClock(datetime.now(UTC))
    wiring = build(Settings(database_url=url), clock, SeededChance(1))
    try:
        began = time.perf_counter()
        # A deadline is fixed when its game opens, so the deadlines are placed after the setup
        # (opening, and settling what fell due before) will be done, with half again to spare.
        each = seconds_per_game(wiring, clock)
        first = datetime.now(UTC) + timedelta(seconds=1.5 * each * games) + LEAD
        dues = [first + spread * n / games for n in range(games)]
        game_ids = open_games(wiring, clock, dues)
        settle(wiring, clock, dues[-1] - MOVE / 2)  # each reminder is half a move time early
        setup = time.perf_counter() - began
    finally:
        wiring.close()
    if datetime.now(UTC) > first - LEAD / 2:
        raise RuntimeError(f"the setup ran until {first - LEAD / 2}: the figures would mislead")
    started, found = run_worker(url, dues[-1])
    late = sorted((found[g] - due).total_seconds() for g, due in zip(game_ids, dues, strict=True))
    return {
        "games": games,
        "spread_s": spread.total_seconds(),
        "timed_out": len(late),
        "lead_s": round((first - started).total_seconds(), 1),
        "lateness_p50_s": percentile(late, 0.50),
        "lateness_p99_s": percentile(late, 0.99),
        "lateness_max_s": late[-1],
        "lateness_mean_s": statistics.fmean(late),
        "setup_s": round(setup, 1),
    }


def startup(url: str, games: int) -> dict[str, object]:
    now = datetime.now(UTC)
    clock = ManualClock(now)
    wiring = build(Settings(database_url=url), clock, SeededChance(1))
    try:
        setup = time.perf_counter()
        dues = [now - OUTAGE + OUTAGE * (n + 0.5) / games for n in range(games)]
        open_games(wiring, clock, dues)
        settle(wiring, clock, now - OUTAGE)
        setup = time.perf_counter() - setup
    finally:
        wiring.close()
    started, found = run_worker(url, dues[-1])
    times = sorted(found.values())
    return {
        "games": games,
        "timed_out": len(times),
        "seconds_to_all": (times[-1] - started).total_seconds(),
        "seconds_to_first": (times[0] - started).total_seconds(),
        "setup_s": round(setup, 1),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", choices=DATABASES, required=True)
    parser.add_argument("--measure", choices=("lateness", "startup"), required=True)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--spread", type=float, default=120, help="seconds (lateness)")
    args = parser.parse_args(argv)
    with scratch(args.database) as url:
        if args.measure == "lateness":
            result = lateness(url, args.games, timedelta(seconds=args.spread))
        else:
            result = startup(url, args.games)
    print(json.dumps({"database": args.database, "measure": args.measure, **result}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
