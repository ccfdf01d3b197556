"""Storage backends for the contract tests: the in-memory fakes, SQLite files and PostgreSQL (the
databases come from ``tests/conftest.py``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from sqlalchemy import Engine, select

from adapters.sql import tables
from adapters.sql.directory import SqlDirectory
from adapters.sql.inbox import SqlInbox
from adapters.sql.outbox import SqlOutbox
from adapters.sql.store import SqlEventStore
from service.ports.directory import Directory
from service.ports.memory import InMemoryEventStore, InMemoryInbox, InMemoryOutbox, OutboxItem
from service.ports.memory_directory import InMemoryDirectory, ManualClock
from service.ports.protocols import EventStore, Inbox, Notification, Outbox
from tests.conftest import sql_engine

BACKENDS = ("memory", "sqlite", "postgresql")
SQL_BACKENDS = ("sqlite", "postgresql")


@dataclass(frozen=True)
class Backend:
    """One storage backend: the four ports over one database, and a way to read every outbox row."""

    name: str
    store: EventStore
    inbox: Inbox
    directory: Directory
    clock: ManualClock
    outbox: Outbox
    engine: Engine | None = None

    def outbox_items(self) -> list[OutboxItem]:
        """Every notification written so far, in the order written, with its delivery state."""
        if self.engine is None:
            assert isinstance(self.store, InMemoryEventStore)
            return list(self.store.outbox)
        query = select(tables.outbox).order_by(tables.outbox.c.id)
        with self.engine.connect() as connection:
            rows = connection.execute(query).all()
        return [
            OutboxItem(
                Notification(row.player, row.game_id, row.from_seq, row.to_seq, row.kind),
                row.status,
                row.attempts,
                row.next_attempt_at,
                row.claimed_until,
                row.last_error,
                row.delivered_at,
                row.channel,
            )
            for row in rows
        ]


def make_backend(name: str, request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    clock = ManualClock()
    if name == "memory":
        inbox = InMemoryInbox()
        store = InMemoryEventStore(inbox=inbox)
        return Backend(name, store, inbox, InMemoryDirectory(), clock, InMemoryOutbox(store))
    engine = sql_engine(name, request, tmp_path)
    return Backend(
        name,
        SqlEventStore(engine),
        SqlInbox(engine, clock),
        SqlDirectory(engine),
        clock,
        SqlOutbox(engine),
        engine,
    )


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    return make_backend(request.param, request, tmp_path)


@pytest.fixture(params=SQL_BACKENDS)
def sql_backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    return make_backend(request.param, request, tmp_path)


@pytest.fixture
def store(backend: Backend) -> EventStore:
    return backend.store


@pytest.fixture
def inbox(backend: Backend) -> Inbox:
    return backend.inbox


@pytest.fixture
def directory(backend: Backend) -> Directory:
    return backend.directory


@pytest.fixture
def memory_backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    return make_backend("memory", request, tmp_path)


@pytest.fixture
def sqlite_backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    return make_backend("sqlite", request, tmp_path)


@pytest.fixture
def postgresql_backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    return make_backend("postgresql", request, tmp_path)
