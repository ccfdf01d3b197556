"""Migrations: a fresh database is brought to head, a second upgrade changes nothing, the schema
the migrations build is the one ``tables.py`` describes (no autogenerate differences, server
defaults and types included), 0002 keeps the data of a database at 0001 and can be undone, 0005
gives existing players each game's own card faces, and 0007 leaves existing mail contacts
unproven and mailable."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine, insert, inspect, select

from adapters.sql import tables
from adapters.sql.email_tables import email_contacts
from adapters.sql.engine import create, writer
from adapters.sql.migrate import config, current, head, upgrade
from adapters.sql.schema import metadata
from adapters.sql.store import SqlEventStore
from service.game.events import GameId
from tests.conftest import TABLES, DatabaseFactory
from tests.storage.test_event_store_contract import T0, opened, summary


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

    assert current(fresh_engine) == head() == "0026"
    assert set(TABLES) | {"alembic_version"} == set(inspect(fresh_engine).get_table_names())


def test_upgrading_again_changes_nothing_and_keeps_the_data(fresh_engine: Engine) -> None:
    upgrade(fresh_engine)
    store = SqlEventStore(fresh_engine)
    store.append(GameId("g1"), 0, [opened("g1")], T0, summary("g1", 1))
    before = schema(fresh_engine)

    upgrade(fresh_engine)
    upgrade(fresh_engine)

    assert schema(fresh_engine) == before
    assert current(fresh_engine) == "0026"
    assert [one.event for one in store.load(GameId("g1"))] == [opened("g1")]


def test_the_migrations_build_exactly_the_tables_described_in_code(fresh_engine: Engine) -> None:
    upgrade(fresh_engine)

    assert differences(fresh_engine) == []


def differences(engine: Engine) -> list[object]:
    strict = {"compare_server_default": True, "compare_type": True}
    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts=strict)
        return list(compare_metadata(context, metadata))


def migrate_to(engine: Engine, revision: str, down: bool = False) -> None:
    alembic = config()
    with writer(engine).begin() as connection:
        alembic.attributes["connection"] = connection
        (command.downgrade if down else command.upgrade)(alembic, revision)


def test_0002_gives_existing_rows_the_defaults_and_can_be_undone(fresh_engine: Engine) -> None:
    migrate_to(fresh_engine, "0001")
    player = {"id": "p1", "name": "Ana", "language": "en", "timezone": "UTC"}
    note = {
        "player": "p1",
        "game_id": "g1",
        "from_seq": 2,
        "to_seq": 3,
        "status": "pending",
        "attempts": 0,
        "next_attempt_at": T0,
        "created_at": T0,
    }
    with writer(fresh_engine).begin() as connection:
        connection.execute(insert(tables.players), player)
        connection.execute(insert(tables.outbox).values(note))

    upgrade(fresh_engine)

    with fresh_engine.connect() as connection:
        ana = connection.execute(select(tables.players)).one()
        row = connection.execute(select(tables.outbox)).one()
    assert (ana.quiet_hours, ana.reminders, ana.vacation_days) == ("", ["half", "1h"], 14)
    assert (row.kind, row.claimed_until, row.status) == ("moves", None, "pending")

    migrate_to(fresh_engine, "0001", down=True)
    assert current(fresh_engine) == "0001"
    assert "vacations" not in inspect(fresh_engine).get_table_names()
    upgrade(fresh_engine)
    assert differences(fresh_engine) == []


def test_0005_gives_existing_players_each_games_card_faces_and_can_be_undone(
    fresh_engine: Engine,
) -> None:
    migrate_to(fresh_engine, "0004")
    player = {"id": "p1", "name": "Ana", "language": "es", "timezone": "UTC"}
    with writer(fresh_engine).begin() as connection:
        connection.execute(insert(tables.players).values(player))

    upgrade(fresh_engine)

    with fresh_engine.connect() as connection:
        ana = connection.execute(select(tables.players)).one()
    assert (ana.language, ana.card_faces) == ("es", "")
    migrate_to(fresh_engine, "0004", down=True)
    assert "card_faces" not in [c["name"] for c in inspect(fresh_engine).get_columns("players")]
    upgrade(fresh_engine)
    assert differences(fresh_engine) == []


def test_0015_gives_existing_players_nobody_muted_and_can_be_undone(fresh_engine: Engine) -> None:
    migrate_to(fresh_engine, "0014")
    player = {"id": "p1", "name": "Ana", "language": "es", "timezone": "UTC"}
    with writer(fresh_engine).begin() as connection:
        connection.execute(insert(tables.players).values(player))

    upgrade(fresh_engine)

    with fresh_engine.connect() as connection:
        ana = connection.execute(select(tables.players)).one()
    assert (ana.name, ana.muted) == ("Ana", [])
    migrate_to(fresh_engine, "0014", down=True)
    assert "muted" not in [c["name"] for c in inspect(fresh_engine).get_columns("players")]
    upgrade(fresh_engine)
    assert differences(fresh_engine) == []


def test_0007_keeps_each_contact_unproven_and_mailable_and_can_be_undone(
    fresh_engine: Engine,
) -> None:
    migrate_to(fresh_engine, "0005")
    contact = {"address": "ana@example.org", "error_reply_at": T0}
    with writer(fresh_engine).begin() as connection:
        connection.execute(insert(email_contacts).values(contact))

    upgrade(fresh_engine)

    with fresh_engine.connect() as connection:
        row = connection.execute(select(email_contacts)).one()
    assert (row.address, row.proven_at, row.stopped_at) == ("ana@example.org", None, None)
    migrate_to(fresh_engine, "0005", down=True)
    assert "quota_uses" not in inspect(fresh_engine).get_table_names()
    assert "stopped_at" not in [
        c["name"] for c in inspect(fresh_engine).get_columns("email_contacts")
    ]
    upgrade(fresh_engine)
    assert differences(fresh_engine) == []


def test_0009_adds_the_ratings_tables_and_can_be_undone(fresh_engine: Engine) -> None:
    ratings = {"rating_standings", "rating_games", "rating_position", "profile_choices"}
    migrate_to(fresh_engine, "0007")
    assert not ratings & set(inspect(fresh_engine).get_table_names())
    upgrade(fresh_engine)
    assert ratings <= set(inspect(fresh_engine).get_table_names())
    migrate_to(fresh_engine, "0007", down=True)
    assert not ratings & set(inspect(fresh_engine).get_table_names())
    upgrade(fresh_engine)
    assert differences(fresh_engine) == []


def test_0010_adds_the_mail_choices_and_can_be_undone(fresh_engine: Engine) -> None:
    choices = {"mail_when", "mail_format", "digest_at"}

    def columns() -> set[str]:
        return {one["name"] for one in inspect(fresh_engine).get_columns("email_contacts")}

    migrate_to(fresh_engine, "0009")
    assert not choices & columns()
    upgrade(fresh_engine)
    assert choices <= columns()
    migrate_to(fresh_engine, "0009", down=True)
    assert not choices & columns()


def test_0011_adds_the_telegram_boards_columns_and_can_be_undone(fresh_engine: Engine) -> None:
    def columns(table: str) -> set[str]:
        return {column["name"] for column in inspect(fresh_engine).get_columns(table)}

    migrate_to(fresh_engine, "0010")
    assert "since" not in columns("telegram_turn_messages")
    upgrade(fresh_engine)
    assert {"since", "buttons"} <= columns("telegram_turn_messages")
    assert "full_boards" in columns("telegram_players")
    migrate_to(fresh_engine, "0010", down=True)
    assert "full_boards" not in columns("telegram_players")
    upgrade(fresh_engine)
    assert differences(fresh_engine) == []


def test_0012_adds_the_telegram_lanes_claims_and_zone_asked_and_can_be_undone(
    fresh_engine: Engine,
) -> None:
    def columns() -> set[str]:
        return {column["name"] for column in inspect(fresh_engine).get_columns("telegram_updates")}

    def asked() -> bool:
        found = inspect(fresh_engine).get_columns("telegram_players")
        return "zone_asked" in {column["name"] for column in found}

    migrate_to(fresh_engine, "0011")
    assert not {"lane", "claimed_until"} & columns() and not asked()
    migrate_to(fresh_engine, "0012")
    assert {"lane", "claimed_until"} <= columns() and asked()
    migrate_to(fresh_engine, "0011", down=True)
    assert not {"lane", "claimed_until"} & columns() and not asked()


def test_0014_adds_the_turn_notice_tables_and_can_be_undone(fresh_engine: Engine) -> None:
    notice_tables = {"notice_push", "notice_mail", "notices_sent"}
    migrate_to(fresh_engine, "0012")
    assert not notice_tables & set(inspect(fresh_engine).get_table_names())
    upgrade(fresh_engine)
    assert notice_tables <= set(inspect(fresh_engine).get_table_names())
    migrate_to(fresh_engine, "0012", down=True)
    assert not notice_tables & set(inspect(fresh_engine).get_table_names())
    upgrade(fresh_engine)
    assert differences(fresh_engine) == []


def test_0016_adds_the_digest_claim_and_can_be_undone(fresh_engine: Engine) -> None:
    def contact_columns() -> set[str]:
        return {one["name"] for one in inspect(fresh_engine).get_columns("email_contacts")}

    migrate_to(fresh_engine, "0015")
    assert "digest_claimed_until" not in contact_columns()
    upgrade(fresh_engine)
    assert "digest_claimed_until" in contact_columns()
    migrate_to(fresh_engine, "0015", down=True)
    assert "digest_claimed_until" not in contact_columns() and "digest_at" in contact_columns()
    upgrade(fresh_engine)
    assert differences(fresh_engine) == []


def test_0017_adds_the_shared_chat_pace_and_can_be_undone(fresh_engine: Engine) -> None:
    migrate_to(fresh_engine, "0016")
    assert "telegram_chat_pace" not in inspect(fresh_engine).get_table_names()
    upgrade(fresh_engine)
    assert "telegram_chat_pace" in inspect(fresh_engine).get_table_names()
    migrate_to(fresh_engine, "0016", down=True)
    assert "telegram_chat_pace" not in inspect(fresh_engine).get_table_names()
    upgrade(fresh_engine)
    assert differences(fresh_engine) == []


def test_0019_adds_the_confirmation_codes_and_can_be_undone(fresh_engine: Engine) -> None:
    migrate_to(fresh_engine, "0017")
    assert "confirmation_codes" not in inspect(fresh_engine).get_table_names()
    upgrade(fresh_engine)
    assert "confirmation_codes" in inspect(fresh_engine).get_table_names()
    migrate_to(fresh_engine, "0017", down=True)
    assert "confirmation_codes" not in inspect(fresh_engine).get_table_names()
    upgrade(fresh_engine)
    assert differences(fresh_engine) == []


def test_0020_adds_the_never_mail_macs_and_can_be_undone(fresh_engine: Engine) -> None:
    migrate_to(fresh_engine, "0019")
    assert "mail_suppressions" not in inspect(fresh_engine).get_table_names()
    upgrade(fresh_engine)
    assert "mail_suppressions" in inspect(fresh_engine).get_table_names()
    migrate_to(fresh_engine, "0019", down=True)
    assert "mail_suppressions" not in inspect(fresh_engine).get_table_names()
    upgrade(fresh_engine)
    assert differences(fresh_engine) == []
