"""The soak: bots play hundreds of games at once through the real channels at a steady rate of
moves, against ``conquian serve`` processes (two web, one Telegram poller, one worker with the
email poll and every sender) on one database, with faults in the middle; then the verdict.

``run(plan, dovecot)`` does it all and returns a ``Report``; ``make soak`` (``run.py``) and the
short form in ``test_soak.py`` call it.  On PostgreSQL the database is a private cluster
(``cluster.py``), so restarting it hurts nobody; on SQLite the processes share one file and a
database restart is not among the faults (there is no server to restart).
"""

from __future__ import annotations

import random
import tempfile
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from adapters.bootstrap import build
from adapters.channels import build_channels
from adapters.config import Settings, WebSettings
from adapters.web.capabilities import Capabilities
from tests.email.dovecot import Dovecot
from tests.email.smtp_sink import SmtpSink
from tests.reliability.soak.checks import outbox_counts, verify_log, wait_for_empty_outbox
from tests.reliability.soak.cluster import Cluster
from tests.reliability.soak.latency import Window, handed_over, work_by_ten_seconds
from tests.reliability.soak.players import Players, refresh_quietly
from tests.reliability.soak.report import WARM_UP_SECONDS, Plan, Report
from tests.reliability.soak.services import WEB_KEYS, Deployment, environment
from tests.reliability.soak.storage import per_move
from tests.telegram.fake_api import FakeTelegram, Limits
from tests.waiting import eventually

TICK = 0.05
LOOK_EVERY = 0.25
SAMPLE_EVERY = 2.0
OPENING_TOLD_WITHIN = 120.0
"""Seconds the opening's notifications may take before the load starts regardless."""


class Soak:
    """The servers, the processes and the bots of one soak (a context manager)."""

    def __init__(self, plan: Plan, dovecot: Dovecot, workdir: Path) -> None:
        self.plan = plan
        self.dovecot = dovecot
        self.workdir = workdir
        self.fake = FakeTelegram(limits=Limits())  # Telegram's limits on posts, with 429
        self.sink = SmtpSink()
        self.cluster: Cluster | None = None
        self.faults: list[str] = []
        self.fault_windows: list[Window] = []
        """When each fault began and ended: the notifications of its moves are counted apart."""
        self._stop_background = threading.Event()

    def __enter__(self) -> Soak:
        try:
            self._start()
        except BaseException:
            self.__exit__()
            raise
        return self

    def _start(self) -> None:
        self.sink.start()
        data_dir = self.workdir / "data"
        if self.plan.backend == "postgresql":
            self.cluster = Cluster()
            url = self.cluster.create().url
        else:
            url = f"sqlite:///{data_dir / 'conquian.db'}"
        self.settings = Settings(
            data_dir=data_dir, database_url=url, web=WebSettings(keys=(WEB_KEYS,))
        )
        self.wiring = build(self.settings)  # migrates, before the processes start
        (self.workdir / "logs").mkdir()
        env = environment(url, data_dir, self.fake, self.sink, self.dovecot)
        env.update(self.plan.retention)
        self.deployment = Deployment.of(env, self.workdir / "logs")
        self.deployment.start()
        capabilities = Capabilities.from_settings(self.settings, self.wiring.directory)
        webs = [web.base_url for web in self.deployment.webs]
        # The email channel as the processes have it, to tell a guest who joined by mail.
        self.channels = build_channels(self.wiring, Settings.from_env(env), None)
        self.players = Players(
            self.wiring,
            capabilities,
            self.fake,
            self.sink,
            self.dovecot,
            webs,
            seed=7,
            tell_guest=self.channels.senders["email"],
        )
        self.background = threading.Thread(target=self._housekeeping, daemon=True)
        self.background.start()

    def __exit__(self, *exc: object) -> None:
        """Stop and remove everything that was started (also after a failed start)."""
        self._stop_background.set()
        if hasattr(self, "players"):
            self.players.close()
        if hasattr(self, "deployment"):
            for service in self.deployment.all:
                if service.alive:
                    service.stop()
        if hasattr(self, "channels"):
            self.channels.close()
        if hasattr(self, "wiring"):
            self.wiring.close()
        if self.cluster is not None:
            self.cluster.remove()
        self.sink.stop()
        self.fake.close()

    def _housekeeping(self) -> None:
        """Index arriving mail, sample memory, keep the fake server small."""
        last_sample = last_trim = 0.0
        while not self._stop_background.wait(0.1):
            self.players.mail.index()
            now = time.monotonic()
            if now - last_sample >= SAMPLE_EVERY:
                self.deployment.sample()
                last_sample = now
            if now - last_trim >= 10.0:
                self.players.trim_fake()
                last_trim = now

    # -- the load ------------------------------------------------------------------------------

    def open_and_tell(self) -> str:
        """Open the plan's games and wait until their players are told (the outbox empty), so
        the load meets a running service, not 600 games opened in one second; what it took.
        The opening's notifications are not judged: the soak's waits count from the load."""
        began = time.monotonic()
        self.players.open_games(self.plan.games, dict(self.plan.mix))
        opened = time.monotonic()
        told = wait_for_empty_outbox(self.wiring.engine, OPENING_TOLD_WITHIN)
        telling = f"not all told within {OPENING_TOLD_WITHIN:.0f} s"
        if told is not None:
            telling = f"all told {told:.1f} s later"
        return (
            f"{self.plan.games} games opened in {opened - began:.1f} s before the load; {telling}"
        )

    def play(
        self, seconds: float, rate: float, events: dict[float, Callable[[], None]]
    ) -> list[int]:
        """Send ``rate`` moves a second for ``seconds``; ``events`` run at their second.  Per
        second, how many moves were sent."""
        players = self.players
        rng = random.Random(11)
        started = time.monotonic()
        budget = 0.0
        last = last_look = started
        per_second: list[int] = []
        faults = threading.Thread(target=self._faults, args=(started, events), name="faults")
        faults.start()
        while (now := time.monotonic()) - started < seconds:
            second = int(now - started)
            while len(per_second) <= second:
                per_second.append(0)
            budget = min(budget + rate * (now - last), rate)  # no burst after a pause
            last = now
            if now - last_look >= LOOK_EVERY:
                if not refresh_quietly(players):
                    time.sleep(TICK)
                    continue
                last_look = now
                self._keep_games_running()
            ready = players.ready()
            rng.shuffle(ready)
            for table in ready:
                if budget < 1:
                    break
                try:
                    players.move(table)
                except Exception as error:  # the database went away mid-look: next round
                    self.players.refused.append(f"look: {type(error).__name__}")
                    break
                budget -= 1
                per_second[second] += 1
            time.sleep(TICK)
        faults.join()
        return per_second

    def _keep_games_running(self) -> None:
        missing = self.plan.games - len(self.players.tables)
        if missing > 0:
            try:
                self.players.open_games(missing, dict(self.plan.mix))
            except Exception as error:
                self.players.refused.append(f"open: {type(error).__name__}")

    def settle(self, within: float) -> None:
        """Wait until every move sent has shown in its game (or ``within`` seconds passed).
        Each look reads every game, so it is asked every quarter second."""
        eventually(self._settled, within, every=0.25)

    def _settled(self) -> bool:
        refresh_quietly(self.players)
        return not any(t.in_flight or t.sending for t in self.players.all_tables())

    # -- faults --------------------------------------------------------------------------------

    def _faults(self, started: float, events: dict[float, Callable[[], None]]) -> None:
        """Each fault at its second, while the load goes on; one at a time, so that a database
        restart does not meet a worker still starting (a process that cannot reach the database
        at start-up exits, for its supervisor to start again)."""
        for at, fault in sorted(events.items()):
            time.sleep(max(started + at - time.monotonic(), 0.0))
            began = datetime.now(UTC)
            try:
                fault()
            except Exception as error:  # the verdict counts it
                self.faults.append(f"failed: {fault.__name__}: {error}")
            self.fault_windows.append((began, datetime.now(UTC)))

    def restart_worker(self) -> None:
        stop, start = self.deployment.worker.restart()
        self.faults.append(
            f"worker restarted: SIGTERM, exit 0 after {stop:.1f} s, running {start:.1f} s later"
        )

    def restart_database(self) -> None:
        if self.cluster is None:
            return
        began = time.monotonic()
        self.cluster.restart()
        self.faults.append(f"PostgreSQL restarted (fast) in {time.monotonic() - began:.1f} s")

    # -- the verdict ---------------------------------------------------------------------------

    def report(
        self, per_second: list[int], load_started: float, load_ended: float, since: datetime
    ) -> Report:
        """The verdict; ``since``: when the load began, on the wall clock the outbox keeps."""
        engine = self.wiring.engine
        empty_after = wait_for_empty_outbox(engine, self.plan.drain_within)
        waits = handed_over(engine, since, self.fault_windows)
        self.settle(30.0)
        stuck = len(self.players.in_flight())
        log = verify_log(self.players, self.wiring.service.store, engine)
        warm = load_started + (load_ended - load_started) / 5
        memory = {}
        for service in self.deployment.all:
            for incarnation in service.incarnations:
                if incarnation.running_at is None:
                    continue
                after = max(warm, incarnation.running_at + WARM_UP_SECONDS)
                growth = incarnation.growth(after, load_ended)
                if growth is not None:
                    memory[incarnation.name] = growth
        dead = self.deployment.dead()
        latency = _latencies(self.players, 0.5)
        slowest = _latencies(self.players, 0.99)
        exit_codes = self.deployment.stop()
        storage = per_move(engine, log.applied)
        errors = {
            service.name: service.log_text().count(" ERROR ") for service in self.deployment.all
        }
        return Report(
            self.plan, log, per_second, list(self.faults), outbox_counts(engine), empty_after,
            memory, dead, exit_codes, list(self.players.refused), stuck, latency,
            [f"error lines logged: {errors}", f"database: {storage}"], slowest,
            dict(self.fake.refused_by_limits), list(self.fake.refused_posts), waits,
            work_by_ten_seconds(engine, since),
        )  # fmt: skip


def _latencies(players: Players, share: float) -> dict[str, float]:
    """Seconds from sending a move to seeing it in the game, per channel: the ``share``
    quantile (0.5: the median)."""
    by_channel: dict[str, list[float]] = {}
    for sent in players.sent:
        if sent.applied_at is not None:
            by_channel.setdefault(sent.channel, []).append(sent.applied_at - sent.at)
    return {
        channel: round(sorted(values)[min(int(len(values) * share), len(values) - 1)], 2)
        for channel, values in sorted(by_channel.items())
    }


def run(plan: Plan, dovecot: Dovecot, workdir: Path | None = None) -> Report:
    """The whole soak: set up, load with the faults in the middle, stop the load, judge.  The
    processes' logs stay in ``workdir`` (a new temporary directory if not given)."""
    root = workdir or Path(tempfile.mkdtemp(prefix="conquian-soak-"))
    with Soak(plan, dovecot, root) as soak:
        opening = soak.open_and_tell()
        events: dict[float, Callable[[], None]] = {}
        if plan.restart_worker_at is not None:
            events[plan.seconds * plan.restart_worker_at] = soak.restart_worker
        if plan.restart_database_at is not None and plan.backend == "postgresql":
            events[plan.seconds * plan.restart_database_at] = soak.restart_database
        since, started = datetime.now(UTC), time.monotonic()
        per_second = soak.play(plan.seconds, plan.rate, events)
        ended = time.monotonic()
        report = soak.report(per_second, started, ended, since)
    report.notes.append(opening)
    report.notes.append(f"the processes' logs: {root / 'logs'}")
    return report
