"""What a notification costs the worker (issue 35): CPU seconds of the delivering process per
notification delivered, under a load like the soak's, and what the player waits.

``python -m tests.bench.notify_cost --database postgresql --seconds 30 --rate 20`` wires the
service as ``conquian serve`` does for every channel (``adapters.channels``), with the fake Bot
API and an SMTP sink in a child process (their CPU is not the worker's), on a scratch database.
Games between two players of one channel, mixed as the soak mixes them (half web, three tenths
Telegram, a fifth email), are played at ``--rate`` moves a second by this process's main thread
(the greedy bot's choice, through ``GameService.act``), while a second thread drains the outbox
as the worker's ``drain`` job does (``Worker.drain``, every ``drain_seconds``).  The delivery's
CPU is the process's (``time.process_time``: the draining thread, Telegram's event loop, the
connection pools) less the main thread's (``time.thread_time``); the worker's other jobs (the
sweep, the review after a game) do not run.  Prints one JSON object.

Where the outbox records the hand-over (migration 0026 on), the result also has, per channel,
the seconds from each move's append to its notification handed over (median, p99).

The code the issue was filed against runs it unchanged: ``tests.bench.notify_compare`` runs this
file in both trees, interleaved (docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import math
import multiprocessing
import os
import random
import statistics
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from sqlalchemy import inspect, select

from adapters.bootstrap import build
from adapters.channels import build_channels
from adapters.config import Settings
from adapters.sql.tables import outbox
from adapters.telegram.settings import TelegramSettings
from adapters.web.capabilities import Capabilities
from adapters.worker import Worker
from service.ports.directory import Address
from tests.bench.databases import DATABASES, scratch
from tests.bench.moves import Live, move
from tests.email.smtp_sink import SmtpSink
from tests.email.world import DOMAIN, KEYS, SERVICE
from tests.reliability.soak.checks import any_pending
from tests.telegram.fake_api import TOKEN, FakeTelegram
from tests.waiting import eventually

MIX = ("web",) * 5 + ("telegram",) * 3 + ("email",) * 2
"""The soak's mix of channels, one game in ten each: half web, three tenths Telegram, a fifth
email."""
WORKER = ("CONQUIAN_DRAIN_SECONDS", "CONQUIAN_SENDING_LANES")
FIRST_PERSON = 7001
SETTLE = 120.0
"""How long the last notifications may take after the load before the run is refused."""
WARM_UP = 5.0
"""Seconds of load before the measure: imports, pools, fonts, the first boards."""


def _fakes(conn: Connection, people: int) -> None:
    """The child process: the fake Bot API (every person has started the bot) and the SMTP sink,
    until the parent says stop."""
    fake = FakeTelegram()
    fake.started.update(range(FIRST_PERSON, FIRST_PERSON + people))
    sink = SmtpSink()
    sink.start()
    conn.send((fake.base_url, sink.port))
    conn.recv()
    sink.stop()
    fake.close()


@contextmanager
def outside(people: int) -> Iterator[tuple[str, int]]:
    """The fake Bot API's URL and the SMTP sink's port, served by a child process."""
    ours, theirs = multiprocessing.Pipe()
    child = multiprocessing.get_context("fork").Process(target=_fakes, args=(theirs, people))
    child.start()
    try:
        yield ours.recv()
    finally:
        ours.send("stop")
        child.join(10)


def environment(url: str, data_dir: Path, bot_url: str, smtp_port: int) -> dict[str, str]:
    """Every channel on, as the soak configures its processes (no IMAP: nothing is read); the
    worker's settings (``CONQUIAN_DRAIN_SECONDS``, ``CONQUIAN_SENDING_LANES``) from this
    process's environment where it sets them."""
    return {
        **{name: os.environ[name] for name in WORKER if name in os.environ},
        "CONQUIAN_DATA_DIR": str(data_dir),
        "CONQUIAN_DATABASE_URL": url,
        "CONQUIAN_WEB_KEYS": "bench-web-key-0123456789abcdef",
        "CONQUIAN_TELEGRAM_TOKEN": TOKEN,
        "CONQUIAN_TELEGRAM_API_URL": bot_url,
        "CONQUIAN_MAIL_DOMAIN": DOMAIN,
        "CONQUIAN_MAIL_FROM": SERVICE,
        "CONQUIAN_MAIL_TOKEN_KEYS": KEYS,
        "CONQUIAN_SMTP_HOST": "127.0.0.1",
        "CONQUIAN_SMTP_PORT": str(smtp_port),
        "CONQUIAN_SMTP_SECURITY": "none",
    }


class Load:
    """The games, their players on their channels, and the moves."""

    def __init__(
        self, wiring: Any, capabilities: Capabilities, seed: int, mix: tuple[str, ...] = MIX
    ) -> None:
        self.wiring = wiring
        self.mix = mix
        self.capabilities = capabilities
        self.rng = random.Random(seed)
        self.opened = 0
        self.people = 0

    def player(self, channel: str, name: str) -> Any:
        directory = self.wiring.directory
        if channel == "telegram":
            self.people += 1
            chat = str(FIRST_PERSON + self.people - 1)
            return directory.register(name, Address("telegram", chat))
        if channel == "email":
            return directory.register(name, Address("email", f"{name}@players.example"))
        return self.capabilities.register(name)

    def open(self) -> Live:
        number, self.opened = self.opened, self.opened + 1
        channel = self.mix[number % len(self.mix)]
        host = self.player(channel, f"{channel[0]}{number}a")
        guest = self.player(channel, f"{channel[0]}{number}b")
        service = self.wiring.service
        game_id = service.open_game(host)
        service.join(service.game(game_id).invitation, guest)
        return Live(game_id, service.game(game_id))

    def step(self, live: list[Live], turn: int) -> None:
        """One move in game ``turn`` (round-robin); a finished game is replaced."""
        one = live[turn % len(live)]
        move(self.wiring.service, one, self.rng)
        if one.game.status == "over":
            live[turn % len(live)] = self.open()


class Draining:
    """The worker's ``drain`` job on a thread of its own, every ``drain_seconds``."""

    def __init__(self, worker: Worker, profile: Path | None = None) -> None:
        """``profile``: where to write the draining thread's cProfile statistics."""
        self.worker = worker
        self.profile = profile
        self.delivered = 0
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, name="drain")

    def _run(self) -> None:
        """Ticks at a fixed rate, a tick that finds the drain still running skipped, as the
        worker's scheduler runs the job (``max_instances=1``, ``coalesce``)."""
        interval = self.worker.settings.drain_seconds
        profiler = cProfile.Profile(time.thread_time) if self.profile else None
        tick = time.monotonic()
        while True:
            tick += interval * max(1, math.ceil((time.monotonic() - tick) / interval))
            if self.stopping.wait(tick - time.monotonic()):
                break
            if profiler is not None:
                profiler.enable()
            self.delivered += self.worker.drain().delivered
            if profiler is not None:
                profiler.disable()
        if profiler is not None and self.profile is not None:
            profiler.dump_stats(self.profile)

    def __enter__(self) -> Draining:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stopping.set()
        self.thread.join()


def waits(engine: Any, since: datetime) -> dict[str, dict[str, float]]:
    """Per channel: seconds from each move's append to its hand-over (median, p99), if the
    outbox records them."""
    if "delivered_at" not in {c["name"] for c in inspect(engine).get_columns("outbox")}:
        return {}
    statement = select(outbox.c.channel, outbox.c.created_at, outbox.c.delivered_at).where(
        outbox.c.kind == "moves", outbox.c.status == "delivered", outbox.c.created_at >= since
    )
    by_channel: dict[str, list[float]] = {}
    with engine.connect() as connection:
        for channel, created, delivered in connection.execute(statement):
            if delivered is not None:
                by_channel.setdefault(channel, []).append((delivered - created).total_seconds())
    return {
        channel: {
            "count": len(found),
            "median_s": round(statistics.median(found), 3),
            "p99_s": round(sorted(found)[min(int(len(found) * 0.99), len(found) - 1)], 3),
        }
        for channel, found in sorted(by_channel.items())
    }


def run(
    database: str,
    seconds: float,
    rate: float,
    games: int,
    seed: int,
    profile: Path | None = None,
    mix: tuple[str, ...] = MIX,
    backlog: bool = False,
) -> dict[str, Any]:
    """The measure under a steady load; ``backlog``: how fast one drain empties an outbox of one
    notification in each of ``games`` games instead (``capacity``)."""
    people = 2 * games * 40  # more than the games opened in any run
    with outside(people) as (bot_url, smtp_port), scratch(database) as url:
        data_dir = Path(tempfile.mkdtemp(prefix="conquian-notify-"))
        env = environment(url, data_dir, bot_url, smtp_port)
        settings = Settings.from_env(env)
        wiring = build(settings)
        channels = build_channels(wiring, settings, TelegramSettings.from_env(env))
        try:
            worker = Worker(wiring, settings, senders=channels.senders)
            capabilities = Capabilities.from_settings(settings, wiring.directory)
            load = Load(wiring, capabilities, seed, mix)
            live = [load.open() for _ in range(games)]
            if backlog:
                return capacity(load, live, worker)
            with Draining(worker, profile) as draining:
                return _measure(load, live, draining, seconds, rate, wiring.engine)
        finally:
            channels.close()
            wiring.close()


def _measure(
    load: Load, live: list[Live], draining: Draining, seconds: float, rate: float, engine: Any
) -> dict[str, Any]:
    turn = 0
    began = time.monotonic()

    def pace(until: float) -> None:
        nonlocal turn
        while (now := time.monotonic()) < until:
            due = began + turn / rate
            if due > now:
                time.sleep(min(due - now, until - now))
                continue
            load.step(live, turn)
            turn += 1

    pace(began + WARM_UP)
    since = datetime.now(UTC)
    moves_before, delivered_before = turn, draining.delivered
    cpu, mine = time.process_time(), time.thread_time()
    pace(began + WARM_UP + seconds)
    # the load's last notifications, still counted
    if not eventually(lambda: not any_pending(engine), seconds=SETTLE):
        raise RuntimeError(f"notifications still pending {SETTLE:g} s after the load")
    delivery_cpu = (time.process_time() - cpu) - (time.thread_time() - mine)
    delivered = draining.delivered - delivered_before
    return {
        "moves": turn - moves_before,
        "delivered": delivered,
        "delivery_cpu_s": round(delivery_cpu, 3),
        "cpu_ms_per_notification": round(1000 * delivery_cpu / max(delivered, 1), 3),
        "handed_over": waits(engine, since),
    }


def capacity(load: Load, live: list[Live], worker: Worker) -> dict[str, Any]:
    """One move in each game with no worker running, then one drain on this thread until the
    outbox is empty: notifications a second one worker's drain delivers, in wall time, and the
    CPU each took (a backlog, as after a restart; one notification a game, none overtaken)."""
    worker.drain()  # the games' openings
    for turn in range(len(live)):
        load.step(live, turn)
    began, cpu = time.monotonic(), time.process_time()
    delivered = 0
    while (drained := worker.drain()).claimed:
        delivered += drained.delivered
    wall, cpu = time.monotonic() - began, time.process_time() - cpu
    return {
        "backlog": len(live),
        "delivered": delivered,
        "seconds": round(wall, 2),
        "notifications_per_second": round(delivered / wall, 1),
        "cpu_ms_per_notification": round(1000 * cpu / max(delivered, 1), 3),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", choices=DATABASES, default="postgresql")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--rate", type=float, default=20.0, help="moves a second")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", type=Path, help="the draining thread's cProfile, to this file")
    parser.add_argument("--channel", choices=sorted(set(MIX)), help="every game on this one")
    parser.add_argument(
        "--backlog", action="store_true", help="how fast one drain empties a move in each game"
    )
    args = parser.parse_args()
    mix = (args.channel,) if args.channel else MIX
    result = run(
        args.database,
        args.seconds,
        args.rate,
        args.games,
        args.seed,
        args.profile,
        mix,
        args.backlog,
    )
    print(json.dumps({"database": args.database, "rate": args.rate, **result}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
