"""The SQL stores carry on after PostgreSQL drops their connections, as a server restart does.

Connections are not pinged when taken from the pool (a round trip per checkout); the first
statement on a dropped connection fails instead, SQLAlchemy discards the pool, and the operation
runs once more on a new connection (``adapters.sql.engine.reconnecting``).  Here the server ends
every connection of the test database (``pg_terminate_backend``) before each operation.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import psycopg
from sqlalchemy import Engine

from service.game_events import GameId, PlayerId, PlayerJoined
from service.ports import Address, GameSummary
from service.rules.seats import Seat

from .conftest import Backend
from .test_event_store_contract import ANA, BEN, T0, open_game, summary


def drop_connections(engine: Engine) -> int:
    """End every server connection to ``engine``'s database; how many there were."""
    url = engine.url
    with psycopg.connect(
        host=url.host, port=url.port, user=url.username, dbname=url.database, autocommit=True
    ) as admin:
        rows = admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        ).fetchall()
    return len(rows)


def after_a_drop(backend: Backend, operation: Callable[[], Any]) -> Any:
    assert backend.engine is not None
    assert drop_connections(backend.engine) >= 1, "the pool held no connection to drop"
    return operation()


def test_every_store_operation_survives_its_connection_being_dropped(
    postgresql_backend: Backend,
) -> None:
    backend = postgresql_backend
    store, inbox, directory = backend.store, backend.inbox, backend.directory
    open_game(store, "g1")

    assert [one.seq for one in after_a_drop(backend, lambda: store.load(GameId("g1")))] == [1]
    joined: GameSummary = summary("g1", 2, T0, (ANA, BEN), None)
    after_a_drop(
        backend,
        lambda: store.append(GameId("g1"), 1, [PlayerJoined(BEN, Seat.SECOND)], T0, joined),
    )
    assert [s.version for s in after_a_drop(backend, lambda: store.summaries(BEN))] == [2]
    assert len(after_a_drop(backend, lambda: store.read_all())) == 2
    assert after_a_drop(backend, lambda: store.game_by_invitation("inv-g1")) == "g1"

    entry = after_a_drop(backend, lambda: inbox.receive("telegram", "u1", "pass", T0))
    assert entry.reply is None
    assert after_a_drop(backend, lambda: inbox.complete("telegram", "u1", "{}")) == "{}"
    assert after_a_drop(backend, lambda: inbox.pending()) == []

    address = Address("telegram", "42")
    player: PlayerId = after_a_drop(backend, lambda: directory.register("Ana", address))
    assert after_a_drop(backend, lambda: directory.player_at(address)) == player
