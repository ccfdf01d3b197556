"""A sweep round on the real clock sets its alarm for the next deadline: a decision that falls
due in the middle of a round is timed out then, not at the next round, and stopping the worker
ends a round that is waiting for a deadline."""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime, timedelta

from adapters.config import Settings, WorkerSettings
from adapters.system import SystemClock
from adapters.worker import Worker
from service.app.games import GameService
from service.game.events import TimeControl, TurnTimedOut
from service.ports.directory import Address
from service.ports.memory import InMemoryEventStore, InMemoryOutbox
from service.ports.memory_directory import InMemoryDirectory, ManualClock, SeededChance
from service.ports.protocols import Due
from tests.fakes import RecordingSender
from tests.worker.conftest import Parts

MOVE = timedelta(minutes=1)


class SlowFirstClaim(InMemoryEventStore):
    """A store whose first claim of deadlines takes ``seconds`` (a backlog, a busy machine)."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.seconds: float | None = seconds

    def claim_due(self, now: datetime, limit: int, lease: timedelta) -> list[Due]:
        if self.seconds is not None:
            time.sleep(self.seconds)
            self.seconds = None
        return super().claim_due(now, limit, lease)


class WatchedStore(InMemoryEventStore):
    """A store that tells when a sweep round has asked it for the next deadline (the round then
    waits for it)."""

    def __init__(self) -> None:
        super().__init__()
        self.asked = threading.Event()

    def next_due(self, now: datetime) -> datetime | None:
        found = super().next_due(now)
        self.asked.set()
        return found


def due_in(
    delay: timedelta, sweep_seconds: float, store: InMemoryEventStore | None = None
) -> tuple[Worker, InMemoryEventStore, datetime]:
    """A game whose first decision falls due ``delay`` from now (it was opened a move time
    before that), and a worker on the real clock; the worker, the store and the deadline."""
    store, directory = store or InMemoryEventStore(), InMemoryDirectory()
    due = datetime.now(UTC) + delay
    opener = GameService(store, ManualClock(due - MOVE), SeededChance(4), directory=directory)
    ana = directory.register("Ana", Address("log", "ana"))
    ben = directory.register("Ben", Address("log", "ben"))
    game_id = opener.open_game(ana, time_control=TimeControl(int(MOVE.total_seconds())))
    opener.join(opener.game(game_id).invitation, ben)
    clock = SystemClock()
    service = GameService(store, clock, SeededChance(5), directory=directory)
    parts = Parts(store, directory, InMemoryOutbox(store), service)
    settings = Settings(worker=WorkerSettings(sweep_seconds=sweep_seconds))
    return Worker(parts, settings, clock, {"log": RecordingSender()}, SeededChance(1)), store, due


def test_a_decision_due_in_the_middle_of_a_round_is_timed_out_when_it_falls_due() -> None:
    worker, store, due = due_in(timedelta(seconds=0.3), sweep_seconds=1.5)
    assert worker.sweep_round() == 1  # without the alarm, only the next round would find it
    (timeout,) = [one for one in store.rows if one.name == "TurnTimedOut"]
    assert due <= timeout.at < due + timedelta(seconds=1)


def test_stopping_the_worker_ends_a_round_waiting_for_a_deadline() -> None:
    watched = WatchedStore()
    worker, store, _ = due_in(timedelta(seconds=20), sweep_seconds=60, store=watched)
    worker.start()
    assert watched.asked.wait(10)  # the first round has swept and waits for the deadline
    began = time.monotonic()
    worker.stop()
    assert time.monotonic() - began < 5
    assert not any(isinstance(one.event, TurnTimedOut) for one in store.read_all())


def test_a_round_that_ran_past_the_next_run_carries_on_in_its_place() -> None:
    """The round's first sweep takes longer than the interval: the scheduler skips the run that
    fell meanwhile (one run at a time), so the round carries on until shortly before the run
    after, and a deadline in between is timed out when it falls due, not an interval later."""
    slow = SlowFirstClaim(seconds=2.4)
    worker, store, due = due_in(timedelta(seconds=2.8), sweep_seconds=2.0, store=slow)
    worker.start()
    try:
        while not any(one.name == "TurnTimedOut" for one in store.rows):
            assert datetime.now(UTC) < due + timedelta(seconds=5), "never timed out"
            time.sleep(0.05)
    finally:
        worker.stop()
    (timeout,) = [one for one in store.rows if one.name == "TurnTimedOut"]
    # The next run after the skipped one is 4 s after the start, 1.2 s after the deadline.
    assert due <= timeout.at < due + timedelta(seconds=0.8)
