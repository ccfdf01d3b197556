"""The worker's heartbeat, which ``/readyz`` (``adapters/web/readiness.py``) reads: proof that a
worker process is running.

A worker role beats every few seconds (``conquian serve``); the web side asks when the last
beat was.  Where the beat is kept follows the database, since that is what the processes share:

* SQLite (one machine): the modification time of ``worker.pulse`` beside the database file.
* PostgreSQL (any number of machines): the worker keeps one connection of its own open under the
  application name ``conquian-worker`` and runs a statement on it at every beat; the server's
  ``pg_stat_activity`` shows when that connection last ran one.  A worker that dies closes its
  connection, and its beats disappear with it.  No table is written.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Protocol

from sqlalchemy import Engine, text
from sqlalchemy.engine import make_url

from adapters.config import PRIVATE_DIRECTORY, PRIVATE_FILE
from adapters.sql.engine import create, is_postgresql

APPLICATION_NAME = "conquian-worker"
FILE_NAME = "worker.pulse"


class Pulse(Protocol):
    def beat(self) -> None: ...

    def last(self) -> datetime | None:
        """When a worker last beat (None if none is known)."""
        ...

    def close(self) -> None: ...


class FilePulse:
    def __init__(self, path: Path) -> None:
        self.path = path

    def beat(self) -> None:
        self.path.parent.mkdir(mode=PRIVATE_DIRECTORY, parents=True, exist_ok=True)
        self.path.touch(mode=PRIVATE_FILE)
        os.utime(self.path)

    def last(self) -> datetime | None:
        try:
            return datetime.fromtimestamp(self.path.stat().st_mtime, UTC)
        except FileNotFoundError:
            return None

    def close(self) -> None:
        pass


_LAST_BEAT = text(
    "SELECT max(state_change) FROM pg_stat_activity "
    "WHERE application_name = :name AND datname = current_database()"
)


class PostgresPulse:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._beating: Engine | None = None

    def beat(self) -> None:
        if self._beating is None:
            self._beating = create(
                self.engine.url,
                pool_size=1,
                max_overflow=0,
                connect_args={"application_name": APPLICATION_NAME},
            )
        with self._beating.connect() as connection:
            connection.execute(text("SELECT 1"))

    def last(self) -> datetime | None:
        with self.engine.connect() as connection:
            moment = connection.execute(_LAST_BEAT, {"name": APPLICATION_NAME}).scalar()
        return moment

    def close(self) -> None:
        if self._beating is not None:
            self._beating.dispose()


def pulse_for(engine: Engine) -> Pulse:
    """The heartbeat kept where the processes sharing ``engine``'s database can all see it."""
    if is_postgresql(engine):
        return PostgresPulse(engine)
    database = make_url(engine.url).database or "conquian.db"
    return FilePulse(Path(database).resolve().parent / FILE_NAME)
