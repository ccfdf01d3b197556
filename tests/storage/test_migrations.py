"""Migrations: a fresh database is brought to head, a second upgrade changes nothing, and the
schema the migrations build is the one ``tables.py`` describes (no autogenerate differences)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine, inspect
from sqlmodel import SQLModel

from adapters.sql import tables  # noqa: F401  (the tables, on SQLModel.metadata)
from adapters.sql.engine import create
from adapters.sql.migrate import current, head, upgrade
from adapters.sql.store import SqlEventStore
from service.game_events import GameId

from .conftest import TABLES, DatabaseFactory
from .test_event_store_contract import T0, opened, summary


@pytest.fixture(params=["sqlite", "postgresql"])
def fresh_engine(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Engine]:
    """An engine on a database that has never been migrated."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'not' / 'yet' / 'there' / 'conquian.db'}"
    else:
        factory: DatabaseFactory = request.getfixturevalue("postgres_databases")
        url = factory()
    engine = create(url)
    yield engine
    engine.dispose()


def schema(engine: Engine) -> dict[str, object]:
    found = inspect(engine)
    return {
        name: (
            [c["name"] for c in found.get_columns(name)],
            sorted(i["name"] or "" for i in found.get_indexes(name)),
            sorted(u["name"] or "" for u in found.get_unique_constraints(name)),
        )
        for name in found.get_table_names()
    }


def test_a_fresh_database_is_migrated_to_head(fresh_engine: Engine) -> None:
    assert current(fresh_engine) is None

    upgrade(fresh_engine)

    assert current(fresh_engine) == head() == "0001"
    assert set(TABLES) | {"alembic_version"} == set(inspect(fresh_engine).get_table_names())


def test_upgrading_again_changes_nothing_and_keeps_the_data(fresh_engine: Engine) -> None:
    upgrade(fresh_engine)
    store = SqlEventStore(fresh_engine)
    store.append(GameId("g1"), 0, [opened("g1")], T0, summary("g1", 1))
    before = schema(fresh_engine)

    upgrade(fresh_engine)
    upgrade(fresh_engine)

    assert schema(fresh_engine) == before
    assert current(fresh_engine) == "0001"
    assert [one.event for one in store.load(GameId("g1"))] == [opened("g1")]


def test_the_migrations_build_exactly_the_tables_described_in_code(fresh_engine: Engine) -> None:
    upgrade(fresh_engine)

    with fresh_engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), SQLModel.metadata)

    assert differences == []
