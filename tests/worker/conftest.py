"""A worker's world for the tests: a store (in memory, or SQLite or PostgreSQL wired by
``bootstrap.build`` on the scratch databases of ``tests/conftest.py``), a directory with two
players reachable on the ``log`` channel, a game between them with a one-hour move time, and a
clock the tests move."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from adapters.bootstrap import Wiring, build
from adapters.config import Settings, WorkerSettings
from adapters.worker import Worker
from service.app.games import GameService
from service.game.events import GameId, TimeControl, TurnTimedOut
from service.ports.directory import Address, Directory
from service.ports.memory import InMemoryEventStore, InMemoryOutbox
from service.ports.memory_directory import InMemoryDirectory, ManualClock, SeededChance
from service.ports.protocols import EventStore, Notification, Outbox
from tests.conftest import sql_engine
from tests.fakes import RecordingSender

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
MOVE_TIME = timedelta(hours=1)
BACKENDS = ("memory", "sqlite", "postgresql")


@dataclass(frozen=True)
class Parts:
    """The worker's ``Parts``: what ``bootstrap.Wiring`` provides, over any store."""

    store: EventStore
    directory: Directory
    outbox: Outbox
    service: GameService


class World:
    """One database, with a game between Ana and Ben whose first decision is Ana's or Ben's.

    ``database_url`` is an empty, migrated SQL database; without it the world is in memory."""

    def __init__(self, backend: str, tmp_path: Path, database_url: str | None = None) -> None:
        self.backend = backend
        self.tmp_path = tmp_path
        self.clock = ManualClock(START)
        self.settings = Settings(
            data_dir=tmp_path / "data",
            database_url=database_url,
            worker=WorkerSettings(batch_size=10),
        )
        self.sender = RecordingSender()
        self._wirings: list[Wiring] = []
        self.parts = self.connect()
        directory = self.parts.directory
        self.ana = directory.register("Ana", Address("log", "ana"))
        self.ben = directory.register("Ben", Address("log", "ben"))
        self.game_id = self.open_game()
        self.worker().drain()  # Ana has been told that Ben joined
        self.sender.delivered.clear()

    def connect(self) -> Parts:
        """The parts as a new process would build them on this database (a fresh service)."""
        if self.backend == "memory":
            if not hasattr(self, "_memory"):
                store = InMemoryEventStore()
                self._memory = (store, InMemoryDirectory(), InMemoryOutbox(store))
            store, directory, outbox = self._memory
            service = GameService(store, self.clock, SeededChance(4), directory=directory)
            return Parts(store, directory, outbox, service)
        wiring = build(self.settings, self.clock, SeededChance(4))
        self._wirings.append(wiring)
        return Parts(wiring.store, wiring.directory, wiring.outbox, wiring.service)

    def open_game(self) -> GameId:
        service = self.parts.service
        game_id = service.open_game(
            self.ana, time_control=TimeControl(int(MOVE_TIME.total_seconds()))
        )
        service.join(service.game(game_id).invitation, self.ben)
        return game_id

    def worker(self, parts: Parts | None = None, **settings: float) -> Worker:
        """A worker on these parts (or a new process's) sending through ``self.sender``."""
        worker_settings = WorkerSettings(**{"batch_size": 10, **settings})  # type: ignore[arg-type]
        return Worker(
            parts or self.parts,
            replace(self.settings, worker=worker_settings),
            self.clock,
            {"log": self.sender},
            SeededChance(1),
        )

    def timeouts(self) -> int:
        stored = self.parts.store.load(self.game_id)
        return sum(isinstance(one.event, TurnTimedOut) for one in stored)

    def sent(self, kind: str | None = None) -> list[Notification]:
        return [note for _, _, note in self.sender.delivered if kind in (None, note.kind)]

    def close(self) -> None:
        for wiring in self._wirings:
            wiring.close()


@pytest.fixture(params=BACKENDS)
def world(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[World]:
    url = None
    if request.param != "memory":
        url = sql_engine(request.param, request, tmp_path).url.render_as_string(hide_password=False)
    world = World(request.param, tmp_path, url)
    yield world
    world.close()
