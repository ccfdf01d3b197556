"""A lobby on each store — in memory, SQLite and PostgreSQL — with its game service, ratings and
reliability: the seeks' and pairing's tests run on all three."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from sqlalchemy import Engine

from adapters.glicko import GlickoRater
from adapters.sql.inbox import SqlInbox
from adapters.sql.quotas import SqlQuotas
from adapters.sql.ratings import SqlRatings
from adapters.sql.reliability import SqlReliability
from adapters.sql.seeks import SqlSeeks
from adapters.sql.store import SqlEventStore
from service.app.games import GameService
from service.app.lobby import Lobby
from service.app.ratings import Ratings
from service.ports.memory import InMemoryEventStore, InMemoryInbox
from service.ports.memory_directory import ManualClock, SeededChance
from service.ports.protocols import Inbox
from service.ports.quotas import InMemoryQuotas, Quotas
from service.ports.reliability import InMemoryReliability, ReliabilityStore
from service.ports.seeks import InMemorySeeks, Seeks
from service.ratings.store import InMemoryRatings, RatingStore
from tests.conftest import sql_engine
from tests.service.given import T0


@dataclass
class Site:
    """One store's lobby, and what a test needs to build another over the same store."""

    service: GameService
    lobby: Lobby
    clock: ManualClock
    seeks: Seeks
    reliability: ReliabilityStore
    ratings: Ratings
    quotas: Quotas
    engine: Engine | None

    def restarted(self) -> Lobby:
        """A new lobby over the same stores, as after a restart."""
        return Lobby(self.service, self.seeks, self.reliability, self.ratings, self.quotas)


def make_site(name: str, request: pytest.FixtureRequest, tmp_path: Path) -> Site:
    clock = ManualClock(T0)
    if name == "memory":
        memory = InMemoryEventStore()
        store: InMemoryEventStore | SqlEventStore = memory
        seeks: Seeks = InMemorySeeks()
        reliability: ReliabilityStore = InMemoryReliability(memory.read_all)
        rating_store: RatingStore = InMemoryRatings(memory.read_all)
        quotas: Quotas = InMemoryQuotas()
        inbox: Inbox = InMemoryInbox()
        engine = None
    else:
        engine = sql_engine(name, request, tmp_path)
        store, seeks, reliability = SqlEventStore(engine), SqlSeeks(engine), SqlReliability(engine)
        rating_store, quotas = SqlRatings(engine), SqlQuotas(engine)
        inbox = SqlInbox(engine, clock)
    service = GameService(store, clock, SeededChance(7), inbox)
    ratings = Ratings(rating_store, GlickoRater())
    lobby = Lobby(service, seeks, reliability, ratings, quotas)
    return Site(service, lobby, clock, seeks, reliability, ratings, quotas, engine)


@pytest.fixture(params=["memory", "sqlite", "postgresql"])
def site(request: pytest.FixtureRequest, tmp_path: Path) -> Site:
    return make_site(request.param, request, tmp_path)


@pytest.fixture(params=["sqlite", "postgresql"])
def sql_site(request: pytest.FixtureRequest, tmp_path: Path) -> Site:
    return make_site(request.param, request, tmp_path)


@pytest.fixture
def memory_site(request: pytest.FixtureRequest, tmp_path: Path) -> Site:
    return make_site("memory", request, tmp_path)
