"""A game service and its ratings on each store: in memory, SQLite and PostgreSQL."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from adapters.glicko import GlickoRater
from adapters.sql.ratings import SqlRatings
from adapters.sql.store import SqlEventStore
from service.app.games import GameService
from service.app.ratings import Ratings
from service.ports.directory import Address
from service.ports.memory import InMemoryEventStore
from service.ports.memory_directory import InMemoryDirectory, ManualClock, SeededChance
from service.ratings.store import InMemoryRatings
from tests.conftest import sql_engine
from tests.service.given import T0


@dataclass
class Site:
    service: GameService
    ratings: Ratings
    clock: ManualClock
    directory: InMemoryDirectory


@pytest.fixture(params=["memory", "sqlite", "postgresql"])
def site(request: pytest.FixtureRequest, tmp_path: Path) -> Site:
    clock = ManualClock(T0)
    if request.param == "memory":
        memory = InMemoryEventStore()
        store, rating_store = memory, InMemoryRatings(memory.read_all)
    else:
        engine = sql_engine(request.param, request, tmp_path)
        store, rating_store = SqlEventStore(engine), SqlRatings(engine)  # type: ignore[assignment]
    directory = InMemoryDirectory()
    for name in ("Ana", "Ben", "Cy"):
        directory.register(name, Address("log", name.lower()))
    service = GameService(store, clock, SeededChance(3), directory=directory)
    return Site(service, Ratings(rating_store, GlickoRater()), clock, directory)
