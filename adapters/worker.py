"""The background worker: times out overdue decisions, queues reminders and sends the outbox.

APScheduler is only the alarm clock.  Every job reads what is due from the database, claims it
for a lease and acts through ``GameService`` under the version it claimed (``service.app.sweeps``) or
records each send's outcome in the outbox (``service.delivery.dispatch``), so a job is safe to run at the
same time as itself in another process, a repeated run does nothing twice, and a worker that
restarts — or a second worker — finds everything due in the database.  The scheduler keeps no
state of its own (a memory job store of interval jobs: ``prune`` deletes the working rows past
their retention window, ``adapters/sql/retention.py``; ``digest`` sends the daily mail digests
whose hour has come, ``adapters/email/digests.py``).

Timeouts come first.  While a sweep works through a backlog (batches come back full, as after a
restart with many overdue games) the reminder and outbox jobs give way — they stop before their
next batch and leave the rest to a later tick — so the jobs do not share one interpreter (and, on
SQLite, the write lock) with it; the notifications of those timeouts follow them.

A stopping worker finishes the batch at hand and no more: under a steady load the outbox never
comes back short, and a drain that waited for that would never let the process stop.

A scheduled sweep is a round that lasts most of its interval: after sweeping it reads when the
next deadline nobody holds falls (``EventStore.next_due``) and, if that is before the round ends,
waits for it and sweeps again.  So a timeout fires when it falls due, not up to an interval later.

A job that raises is logged at error level and left to the next tick: nothing was advanced, the
claims it took lapse after their lease, and the outbox rows it did not finish stay pending.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol, TypeVar

from apscheduler.executors.pool import ThreadPoolExecutor
from apscheduler.jobstores.memory import MemoryJobStore
from apscheduler.schedulers.background import BackgroundScheduler

from adapters.bootstrap import Wiring
from adapters.config import Settings
from adapters.giving_way import GivingWay
from adapters.review_process import ReviewProcess
from adapters.scheduler_log import quiet_ticks_while_running
from adapters.system import SystemChance
from service.app.games import GameService
from service.app.ratings import Ratings
from service.app.sweeps import Sweeper
from service.delivery.dispatch import Backoff, Dispatcher, Drained, LogSender, Sender
from service.ports.directory import Directory
from service.ports.protocols import Chance, Clock, Outbox

log = logging.getLogger(__name__)
T = TypeVar("T")

JOBS = ("sweep", "remind", "drain", "rate", "review", "prune", "digest")
DIGEST_SECONDS = 60.0
"""How often the ``digest`` job looks for digests whose hour has come: each look reads every
address that chose the digest, and a digest a minute after its hour is on time."""
ROUND_SHARE = 0.9
"""A sweep round ends by this share of its interval, before the scheduler starts the next one
(which it would skip, with a warning, while the round still ran)."""


class DigestJob(Protocol):
    """A channel's daily digests (the email channel's ``Digests``)."""

    def send_due(self) -> int: ...


class Parts(Protocol):
    """What the worker needs of the wiring (``bootstrap.Wiring``, or in-memory parts in tests)."""

    @property
    def service(self) -> GameService: ...

    @property
    def directory(self) -> Directory: ...

    @property
    def outbox(self) -> Outbox: ...


@dataclass(frozen=True)
class Round:
    """What one run of each job did (``run_once``); a job that raised has its error instead."""

    timed_out: int = 0
    reminded: int = 0
    drained: Drained = field(default_factory=Drained)
    errors: dict[str, str] = field(default_factory=dict)
    rated: int = 0
    digests: int = 0

    def counts(self) -> dict[str, object]:
        drained = self.drained
        return {
            "timed_out": self.timed_out,
            "reminded": self.reminded,
            "delivered": drained.delivered,
            "retried": drained.retried,
            "failed": drained.failed,
            "left": drained.left,
            "rated": self.rated,
            "digests": self.digests,
            "errors": self.errors,
        }


class Worker:
    def __init__(
        self,
        wiring: Parts,
        settings: Settings,
        clock: Clock | None = None,
        senders: Mapping[str, Sender] | None = None,
        chance: Chance | None = None,
        ratings: Ratings | None = None,
        digests: DigestJob | None = None,
    ) -> None:
        """``clock`` defaults to the service's; ``senders`` to the ``log`` channel alone;
        ``chance`` (the jitter of retries) to the system's; ``ratings``, when given, is the
        projection the ``rate`` job keeps up with the log; ``digests``, when given, the daily
        digests the ``digest`` job sends."""
        service = wiring.service
        self.wiring = wiring
        self.settings = settings.worker
        self.clock = clock or service.clock
        self.sweeper = Sweeper(service, self.settings.batch_size, self.settings.lease)
        self.dispatcher = Dispatcher(
            wiring.outbox,
            wiring.directory,
            senders if senders is not None else {"log": LogSender()},
            self.clock,
            chance=chance or SystemChance(),
            # whose turn it is only orders a batch of notifications, and the worker has usually
            # just timed the game out itself: the game as this process last saw it does
            to_act=lambda game_id: service.last_seen(game_id).to_act,
            backoff=Backoff(max_attempts=self.settings.delivery_attempts),
            lease=self.settings.lease,
            notices=service.notice,
            lanes=self.settings.sending_lanes,
        )
        self.ratings = ratings
        self.digests = digests
        self.retention = wiring.retention if isinstance(wiring, Wiring) else None
        """Working rows past their window go (``adapters/sql/retention.py``); none in memory."""
        self._scheduler: BackgroundScheduler | None = None
        self._stopping = threading.Event()
        self._backlog = threading.Event()
        """Set while a sweep works through full batches: the other jobs wait for it."""
        self.giving_way = GivingWay(
            self.settings.review_quiet_seconds, self.settings.review_patience_seconds
        )
        self.review_process = ReviewProcess()
        self.reviewing = replace(service.reviewing, judge=self.review_process.judge)
        """Reviews wait for a quiet outbox and search in a child process: players come first."""

    # -- the jobs: each safe to run at once in several processes ------------------------------

    def sweep(self) -> int:
        """Time out every overdue decision, batch by batch; how many timed out.  While batches
        come back full (a backlog, as after a restart) the reminders and the outbox give way.
        A stopping worker ends after the batch at hand."""
        count = 0
        try:
            while True:
                claimed, timed_out = self.sweeper.expire_batch()
                count += timed_out
                if claimed < self.sweeper.batch or self._stopping.is_set():
                    return count
                self._backlog.set()
        finally:
            self._backlog.clear()

    def next_sweep(self, before: datetime) -> datetime | None:
        """When to sweep again if that is before ``before``: when the earliest deadline nobody
        holds falls, or now if it has passed; None if it falls later (or there is none)."""
        due = self.sweeper.next_due()
        if due is None or due >= before:
            return None
        return max(due, self.clock.now())

    def sweep_round(self) -> int:
        """A scheduled sweep: sweep, then wait for each deadline that falls before the round ends
        and sweep again when it falls; how many timed out.  The round ends by ``ROUND_SHARE`` of
        the sweep interval in real time (whatever the ``clock`` says), or when the worker stops."""
        ends = time.monotonic() + self.settings.sweep_seconds * ROUND_SHARE
        count = self.sweep()
        while True:
            left = self._round_ends(ends) - time.monotonic()
            alarm = self.next_sweep(self.clock.now() + timedelta(seconds=left))
            if alarm is None or left <= 0:
                return count
            if self._stopping.wait(max((alarm - self.clock.now()).total_seconds(), 0.0)):
                return count
            count += self.sweep()

    def _round_ends(self, unscheduled: float) -> float:
        """When the running round must end (``time.monotonic``): ``ROUND_SHARE`` of an interval
        after the scheduler's last run of the sweep, so before its next run.  A round that ran
        past that next run made the scheduler skip it (``max_instances=1``) and move on to the one
        after: the round then carries on until shortly before that one, instead of leaving a
        whole interval without a sweep (timeouts up to an interval late).  ``unscheduled`` when
        no scheduler runs the round."""
        job = self._scheduler.get_job("sweep") if self._scheduler is not None else None
        if job is None or job.next_run_time is None:
            return unscheduled
        next_run: datetime = job.next_run_time
        until_next = (next_run - datetime.now(UTC)).total_seconds()
        return time.monotonic() + until_next - self.settings.sweep_seconds * (1 - ROUND_SHARE)

    def remind(self) -> int:
        """Queue every due reminder (giving way to a sweep's backlog); how many were queued."""
        return self.sweeper.send_reminders(give_way=self._backlog.is_set)

    def drain(self) -> Drained:
        """Send the outbox, batch by batch, until a batch comes back short, a sweep has a
        backlog to clear, or the worker is stopping (what is left goes on a later tick, or to
        the next worker)."""
        total = Drained()
        batch = self.settings.batch_size
        while not (self._backlog.is_set() or self._stopping.is_set()):
            drained = self.dispatcher.drain(batch)
            total += drained
            if drained.claimed:
                self.giving_way.delivered()
            if drained.claimed < batch or drained.left:
                break
        return total

    def rate(self) -> int:
        """Fold the games finished since the last run into the ratings, batch by batch (each
        batch one transaction that one worker holds at a time: a game counts once)."""
        if isinstance(self.wiring, Wiring) and self.wiring.lobby is not None:
            self.wiring.lobby.tend()  # the reliabilities' follower, then the pairing of the waiting
        if isinstance(self.wiring, Wiring) and self.wiring.tournaments is not None:
            self.wiring.tournaments.tend()  # results recorded, rounds ended and paired
        if self.ratings is None:
            return 0
        total = 0
        while not self._stopping.is_set():
            counted = self.ratings.follow()
            total += counted
            if not counted:
                break
        return total

    def review(self) -> int:
        """Review one match ended since the last review (issue 38), once delivery gives way."""
        return self.reviewing.follow() if self.giving_way.may_run() else 0

    def prune(self) -> dict[str, int]:
        """Prune the working rows past their retention window; how many went, by kind."""
        return {} if self.retention is None else self.retention.prune(self.clock.now())

    def digest(self) -> int:
        """Send the daily digests now due (none without a channel that has them); how many."""
        return 0 if self.digests is None else self.digests.send_due()

    def run_once(self) -> Round:
        """Each job once, in order (so a timeout's notifications go out in the same round)."""
        errors: dict[str, str] = {}
        timed_out = _attempt("sweep", self.sweep, errors)
        reminded = _attempt("remind", self.remind, errors)
        drained = _attempt("drain", self.drain, errors)
        rated = _attempt("rate", self.rate, errors)
        digests = _attempt("digest", self.digest, errors)
        return Round(
            timed_out or 0, reminded or 0, drained or Drained(), errors, rated or 0, digests or 0
        )

    # -- the alarm clock ----------------------------------------------------------------------

    def start(self) -> None:
        """Run the jobs on their intervals in background threads; the first sweep round starts at
        once."""
        if self._scheduler is not None:
            return
        self._stopping.clear()
        quiet_ticks_while_running()
        scheduler = BackgroundScheduler(
            jobstores={"default": MemoryJobStore()},
            executors={"default": ThreadPoolExecutor(len(JOBS))},
            job_defaults={"max_instances": 1, "coalesce": True, "misfire_grace_time": None},
            timezone=UTC,
        )
        intervals = {
            "sweep": self.settings.sweep_seconds,
            "remind": self.settings.reminder_seconds,
            "drain": self.settings.drain_seconds,
            "rate": self.settings.drain_seconds,
            "review": self.settings.drain_seconds,
            "prune": self.settings.prune_seconds,
            "digest": DIGEST_SECONDS,
        }
        jobs: dict[str, Callable[[], object]] = {
            "sweep": self.sweep_round,
            "remind": self.remind,
            "drain": self.drain,
            "rate": self.rate,
            "review": self.review,
            "prune": self.prune,
            "digest": self.digest,
        }
        for name in JOBS:
            # The first sweep runs at once: a restarted worker handles what fell due meanwhile.
            # (APScheduler reads ``next_run_time=None`` as "paused", so it is passed only here.)
            first: dict[str, Any] = {"next_run_time": datetime.now(UTC)} if name == "sweep" else {}
            scheduler.add_job(
                _attempt,
                "interval",
                args=(name, jobs[name]),
                seconds=intervals[name],
                id=name,
                name=name,
                **first,
            )
        scheduler.start()
        self._scheduler = scheduler
        log.info("worker started: %s", ", ".join(f"{n} every {intervals[n]:g} s" for n in JOBS))

    def stop(self) -> None:
        """Stop the scheduler, letting running jobs finish."""
        scheduler, self._scheduler = self._scheduler, None
        self._stopping.set()  # a sweep round waiting for a deadline ends now
        if scheduler is not None:
            scheduler.shutdown(wait=True)
            log.info("worker stopped")
        self.review_process.close()

    @property
    def running(self) -> bool:
        return self._scheduler is not None


def _attempt(name: str, job: Callable[[], T], errors: dict[str, str] | None = None) -> T | None:
    """Run ``job``; log its result at debug, or its error at error level (and in ``errors``):
    the next tick tries again."""
    try:
        result = job()
    except Exception as error:
        log.exception("%s failed; the next run tries again", name)
        if errors is not None:
            errors[name] = f"{type(error).__name__}: {error}"
        return None
    log.debug("%s: %s", name, result)
    return result
