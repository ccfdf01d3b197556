"""Bring a database's schema up to date: Alembic's upgrade to head, run by the bootstrap at every
start (a no-op when the schema is current).

The upgrade runs in one transaction that first takes a lock (``BEGIN IMMEDIATE`` on SQLite, an
advisory lock on PostgreSQL), so two processes starting together migrate once, one after the other.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, text

from adapters.sql.engine import is_postgresql, writer

MIGRATIONS = Path(__file__).with_name("migrations")
_MIGRATION_LOCK = 0x436F_6E71_0001
"""PostgreSQL advisory lock key held while migrating."""


def config() -> Config:
    """Alembic's configuration for our migrations, without an ini file."""
    alembic = Config()
    alembic.set_main_option("script_location", str(MIGRATIONS))
    return alembic


def upgrade(engine: Engine) -> None:
    """Apply every migration the database lacks."""
    alembic = config()
    with writer(engine).begin() as connection:
        if is_postgresql(engine):
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK})
        alembic.attributes["connection"] = connection
        command.upgrade(alembic, "head")


def current(engine: Engine) -> str | None:
    """The revision the database is at (None before the first migration)."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def head() -> str | None:
    """The newest revision this code knows."""
    return ScriptDirectory.from_config(config()).get_current_head()
