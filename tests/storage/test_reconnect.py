"""The SQL stores, outbox and directory carry on after PostgreSQL drops their connections, as a
server restart does.

Connections are not pinged when taken from the pool (a round trip per checkout); the first
statement on a dropped connection fails instead, SQLAlchemy discards the pool, and the operation
runs once more on a new connection (``adapters.sql.engine.reconnecting``).  Here the server ends
every connection of the test database (``pg_terminate_backend``) before each operation.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import psycopg
from sqlalchemy import Engine

from service.game.events import GameId, PlayerId, PlayerJoined
from service.ports.directory import Address
from service.ports.protocols import GameSummary, Notification
from service.rules.seats import Seat
from tests.storage.conftest import Backend
from tests.storage.test_claims_contract import LEASE, remind, start
from tests.storage.test_event_store_contract import ANA, BEN, T0, open_game, summary


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


def test_every_deadline_and_outbox_operation_survives_its_connection_being_dropped(
    postgresql_backend: Backend,
) -> None:
    backend = postgresql_backend
    store, outbox, directory = backend.store, backend.outbox, backend.directory
    start(store, "g1", T0, T0, notifications=[Notification(BEN, GameId("g1"), 2, 2)])

    assert len(after_a_drop(backend, lambda: store.all_summaries("playing"))) == 1
    assert len(after_a_drop(backend, lambda: store.claim_due(T0, 10, LEASE))) == 1
    assert len(after_a_drop(backend, lambda: store.claim_reminders(T0, 10, LEASE))) == 1
    assert after_a_drop(backend, lambda: remind(store))
    first, second = after_a_drop(backend, lambda: outbox.claim(T0, 10, LEASE))
    after_a_drop(backend, lambda: outbox.delivered(first.id, T0))
    after_a_drop(backend, lambda: outbox.retry(second.id, T0, "try later: network down"))
    (again,) = after_a_drop(backend, lambda: outbox.claim(T0, 10, LEASE))
    after_a_drop(backend, lambda: outbox.failed(again.id, "undeliverable: blocked"))
    assert [item.status for item in backend.outbox_items()] == ["delivered", "failed"]

    ana = directory.register("Ana", Address("telegram", "1"))
    quiet = replace(directory.profile(ana), quiet_hours="22:00-08:00")
    after_a_drop(backend, lambda: directory.update(quiet))
    assert after_a_drop(backend, lambda: directory.profile(ana)) == quiet
    after_a_drop(backend, lambda: directory.add_vacation(ana, T0, T0 + LEASE))
    after_a_drop(backend, lambda: directory.end_vacation(ana, T0))
    assert after_a_drop(backend, lambda: directory.vacations(ana)) == [(T0, T0)]
