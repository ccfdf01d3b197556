"""A worker told to stop finishes the batch at hand and no more.  Under a steady load the outbox
never comes back short, so a drain that waited for a short batch never returned, and SIGTERM
could not stop the process (the soak at 50 moves/s found it: the worker was killed after 60 s)."""

from __future__ import annotations

from adapters.config import Settings, WorkerSettings
from adapters.worker import Worker
from service.app.games import GameService
from service.delivery.dispatch import Telling
from service.ports.directory import Address
from service.ports.memory import InMemoryEventStore, InMemoryOutbox
from service.ports.memory_directory import InMemoryDirectory, ManualClock, SeededChance
from tests.fakes import RecordingSender
from tests.worker.conftest import START, Parts

GAMES = 6
BATCH = 2


class StoppingSender(RecordingSender):
    """Records what it sends; the first send stops the worker (SIGTERM arriving mid-drain)."""

    worker: Worker

    def send(self, address: Address, telling: Telling) -> None:
        super().send(address, telling)
        self.worker.stop()


def test_a_stopping_worker_drains_no_further_than_the_batch_at_hand() -> None:
    clock, store, directory = ManualClock(START), InMemoryEventStore(), InMemoryDirectory()
    service = GameService(store, clock, SeededChance(4), directory=directory)
    players = [directory.register(f"P{n}", Address("log", f"p{n}")) for n in range(2 * GAMES)]
    for number in range(GAMES):
        game_id = service.open_game(players[2 * number])
        service.join(service.game(game_id).invitation, players[2 * number + 1])
    sender = StoppingSender()
    parts = Parts(store, directory, InMemoryOutbox(store), service)
    settings = Settings(worker=WorkerSettings(batch_size=BATCH))
    worker = Worker(parts, settings, clock, {"log": sender}, SeededChance(1))
    sender.worker = worker

    drained = worker.drain()

    assert drained.delivered == BATCH  # GAMES joins are waiting: many batches' worth
    assert len(sender.delivered) == BATCH
