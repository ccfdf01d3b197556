"""The SQLite database and the files SQLite keeps beside it are readable by the service's user
alone, whether the engine makes them or an older run left them open to others (issue 15)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from adapters.sql.engine import create


@pytest.fixture(autouse=True)
def usual_umask() -> Iterator[None]:
    """The usual umask, which leaves new files readable by every local user."""
    previous = os.umask(0o022)
    yield
    os.umask(previous)


def modes(directory: Path) -> dict[str, int]:
    return {path.name: path.stat().st_mode & 0o777 for path in directory.iterdir()}


def test_a_new_database_and_its_wal_are_private(tmp_path: Path) -> None:
    data = tmp_path / "new" / "data"
    engine = create(f"sqlite:///{data / 'conquian.db'}")
    try:
        with engine.connect() as connection:
            connection.execute(text("CREATE TABLE t (x INTEGER)"))
            connection.execute(text("INSERT INTO t VALUES (1)"))
            assert modes(data) == {
                "conquian.db": 0o600,
                "conquian.db-wal": 0o600,
                "conquian.db-shm": 0o600,
            }
    finally:
        engine.dispose()
    assert data.stat().st_mode & 0o777 == 0o700


def test_files_an_older_run_left_readable_are_closed(tmp_path: Path) -> None:
    for name in ("conquian.db", "conquian.db-wal", "conquian.db-journal"):
        (tmp_path / name).touch(mode=0o644)
        os.chmod(tmp_path / name, 0o644)
    create(f"sqlite:///{tmp_path / 'conquian.db'}").dispose()
    assert set(modes(tmp_path).values()) == {0o600}
