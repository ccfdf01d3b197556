"""SQLite engines: WAL, busy timeout, foreign keys, and write transactions that hold the write lock
from their first moment (``BEGIN IMMEDIATE``) while reads take none."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import text

from adapters.sql.engine import create, writer


def test_sqlite_connections_use_wal_a_busy_timeout_and_foreign_keys(tmp_path: Path) -> None:
    engine = create(f"sqlite:///{tmp_path / 'conquian.db'}")
    try:
        with engine.connect() as connection:
            settings = {
                name: connection.exec_driver_sql(f"PRAGMA {name}").scalar()
                for name in ("journal_mode", "busy_timeout", "foreign_keys", "synchronous")
            }
    finally:
        engine.dispose()

    assert settings == {
        "journal_mode": "wal",
        "busy_timeout": 30_000,
        "foreign_keys": 1,
        "synchronous": 1,
    }


def test_a_write_transaction_holds_the_write_lock_from_its_start(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "conquian.db"
    engine = create(f"sqlite:///{path}")
    other = sqlite3.connect(path, timeout=0, isolation_level=None)
    try:
        with engine.begin() as setup:
            setup.execute(text("CREATE TABLE t (n INTEGER)"))
        with writer(engine).begin() as connection:
            connection.execute(text("SELECT count(*) FROM t")).scalar()  # only a read so far
            with pytest.raises(sqlite3.OperationalError, match="locked"):
                other.execute("BEGIN IMMEDIATE")
        with engine.connect() as reading:
            reading.execute(text("SELECT count(*) FROM t")).scalar()
            other.execute("BEGIN IMMEDIATE")  # a read transaction leaves writers alone
            other.execute("INSERT INTO t VALUES (1)")
            other.execute("COMMIT")
    finally:
        other.close()
        engine.dispose()
