"""A drain that outlasts its interval (the outbox stays full under load) leaves no warning per
skipped tick in the log: the soak at 50 moves/s wrote one a second for an hour."""

from __future__ import annotations

import logging
import threading

import pytest
from apscheduler.events import EVENT_JOB_MAX_INSTANCES

from adapters.config import Settings, WorkerSettings
from adapters.system import SystemClock
from adapters.worker import Worker
from service.app.games import GameService
from service.delivery.dispatch import Telling
from service.ports.directory import Address
from service.ports.memory import InMemoryEventStore, InMemoryOutbox
from service.ports.memory_directory import InMemoryDirectory, SeededChance
from tests.fakes import RecordingSender
from tests.waiting import eventually
from tests.worker.conftest import Parts


class SlowSender(RecordingSender):
    """Holds every send until told to go on, as a slow channel does."""

    def __init__(self) -> None:
        super().__init__()
        self.sending = threading.Event()
        self.go_on = threading.Event()

    def send(self, address: Address, telling: Telling) -> None:
        self.sending.set()
        self.go_on.wait(10)
        super().send(address, telling)


def test_ticks_that_find_the_drain_still_sending_are_not_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    clock, store, directory = SystemClock(), InMemoryEventStore(), InMemoryDirectory()
    service = GameService(store, clock, SeededChance(4), directory=directory)
    host, guest = (directory.register(name, Address("log", name)) for name in ("ana", "ben"))
    service.join(service.game(service.open_game(host)).invitation, guest)
    sender = SlowSender()
    parts = Parts(store, directory, InMemoryOutbox(store), service)
    settings = Settings(worker=WorkerSettings(drain_seconds=0.2, sweep_seconds=60))
    worker = Worker(parts, settings, clock, {"log": sender}, SeededChance(1))
    caplog.set_level(logging.INFO, logger="apscheduler")
    worker.start()
    assert worker._scheduler is not None
    skipped_ticks: list[object] = []
    worker._scheduler.add_listener(skipped_ticks.append, EVENT_JOB_MAX_INSTANCES)
    try:
        assert sender.sending.wait(10)
        # ticks of the drain while it waits on the channel
        assert eventually(lambda: len(skipped_ticks) >= 3, 10), "the drain's ticks came"
        sender.go_on.set()
    finally:
        worker.stop()

    assert sender.delivered  # the drain did go on once the channel answered
    skipped = [r for r in caplog.records if "maximum number of running instances" in r.message]
    assert skipped == []
    assert any("Running job" in r.message or "executed" in r.message for r in caplog.records)
