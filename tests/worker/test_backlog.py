"""Timeouts come first: while a sweep works through a backlog of overdue games (its batches come
back full), the outbox and reminder jobs give way, and they carry on once it is cleared."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from adapters.config import Settings, WorkerSettings
from adapters.worker import Worker
from service.app.games import GameService
from service.delivery.dispatch import Drained
from service.game.events import TimeControl
from service.ports.directory import Address
from service.ports.memory import InMemoryEventStore, InMemoryOutbox
from service.ports.memory_directory import InMemoryDirectory, ManualClock, SeededChance
from service.ports.protocols import Due
from tests.fakes import RecordingSender
from tests.worker.conftest import START, Parts

GAMES = 5
BATCH = 2


class Interrupting(InMemoryEventStore):
    """A store that runs ``during`` when a sweep claims its second batch of deadlines: while the
    sweep is in the middle of a backlog."""

    def __init__(self) -> None:
        super().__init__()
        self.claims = 0
        self.during: Callable[[], None] = lambda: None

    def claim_due(self, now: datetime, limit: int, lease: timedelta) -> list[Due]:
        self.claims += 1
        if self.claims == 2:
            self.during()
        return super().claim_due(now, limit, lease)


def test_the_outbox_and_reminders_wait_while_a_sweep_clears_a_backlog() -> None:
    clock, store, directory = ManualClock(START), Interrupting(), InMemoryDirectory()
    service = GameService(store, clock, SeededChance(4), directory=directory)
    players = [directory.register(f"P{n}", Address("log", f"p{n}")) for n in range(2 * GAMES)]
    for number in range(GAMES):
        game_id = service.open_game(players[2 * number], time_control=TimeControl(3600))
        service.join(service.game(game_id).invitation, players[2 * number + 1])
    clock.advance(hours=2)  # every decision overdue, and a reminder due for each
    sender = RecordingSender()
    settings = Settings(worker=WorkerSettings(batch_size=BATCH))
    parts = Parts(store, directory, InMemoryOutbox(store), service)
    worker = Worker(parts, settings, clock, {"log": sender}, SeededChance(1))
    meanwhile: list[tuple[int, Drained]] = []
    store.during = lambda: meanwhile.append((worker.remind(), worker.drain()))

    assert worker.sweep() == GAMES
    assert meanwhile == [(0, Drained())]  # the joins' notifications were waiting, untouched
    assert worker.drain().delivered == GAMES + 2 * GAMES  # then the joins and the timeouts
