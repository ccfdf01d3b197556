"""Tournaments on each store — in memory, SQLite and PostgreSQL — with their game service: the
tournaments' tests run on all three."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from sqlalchemy import Engine

from adapters.sql.store import SqlEventStore
from adapters.sql.tournaments import SqlTournaments
from service.app.games import GameService
from service.app.tournaments import Tournaments
from service.ports.memory import InMemoryEventStore
from service.ports.memory_directory import ManualClock, SeededChance
from service.ports.tournaments import InMemoryTournaments, TournamentStore
from tests.conftest import sql_engine
from tests.service.given import T0


@dataclass
class Site:
    service: GameService
    tournaments: Tournaments
    store: TournamentStore
    clock: ManualClock
    engine: Engine | None


def make_site(name: str, request: pytest.FixtureRequest, tmp_path: Path) -> Site:
    clock = ManualClock(T0)
    if name == "memory":
        events: InMemoryEventStore | SqlEventStore = InMemoryEventStore()
        store: TournamentStore = InMemoryTournaments()
        engine = None
    else:
        engine = sql_engine(name, request, tmp_path)
        events, store = SqlEventStore(engine), SqlTournaments(engine)
    service = GameService(events, clock, SeededChance(11))
    return Site(service, Tournaments(service, store), store, clock, engine)


@pytest.fixture(params=["memory", "sqlite", "postgresql"])
def site(request: pytest.FixtureRequest, tmp_path: Path) -> Site:
    return make_site(request.param, request, tmp_path)


@pytest.fixture
def memory_site(request: pytest.FixtureRequest, tmp_path: Path) -> Site:
    return make_site("memory", request, tmp_path)
