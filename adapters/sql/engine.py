"""Engines for the two databases we run on, set up the way the storage relies on.

SQLite: every connection runs in WAL mode with a busy timeout, foreign keys on and
``synchronous=NORMAL``; pysqlite's own transaction handling is switched off so that we begin
transactions ourselves: ``BEGIN`` for reads, ``BEGIN IMMEDIATE`` for writes (``writer``), which
takes the write lock up front instead of failing at once with "database is locked" when a read
transaction tries to become a write transaction.  PostgreSQL: psycopg 3, default isolation
(read committed); the stores take their own locks where they need them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, Connection, make_url

BUSY_TIMEOUT_MS = 30_000
"""How long a SQLite writer waits for the lock before giving up (another process may hold it)."""

_WRITE = "conquian_write"


def create(url: str | URL, **options: Any) -> Engine:
    """An engine for ``url`` (``sqlite:///path`` or ``postgresql+psycopg://…``); connects lazily."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        return _sqlite(parsed, **options)
    options.setdefault("pool_pre_ping", True)
    return create_engine(parsed, **options)


def writer(engine: Engine) -> Engine:
    """The same engine (same pool), whose transactions are write transactions: on SQLite they begin
    with ``BEGIN IMMEDIATE``; elsewhere this changes nothing."""
    return engine.execution_options(**{_WRITE: True})


def is_postgresql(engine: Engine) -> bool:
    return engine.dialect.name == "postgresql"


def _sqlite(url: URL, busy_timeout_ms: int = BUSY_TIMEOUT_MS, **options: Any) -> Engine:
    database = url.database or ""
    if database and database != ":memory:" and not database.startswith("file:"):
        Path(database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, **options)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # we emit BEGIN ourselves (below)
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            cursor.execute("PRAGMA journal_mode = WAL")
            cursor.execute("PRAGMA synchronous = NORMAL")
            cursor.execute("PRAGMA foreign_keys = ON")
        finally:
            cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        write = connection.get_execution_options().get(_WRITE, False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

    return engine
