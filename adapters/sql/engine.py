"""Engines for the two databases we run on, set up the way the storage relies on.

**Connections are in autocommit.**  A statement run on its own commits by itself and sees one
snapshot, which is all a single-statement read (and the PostgreSQL append, one statement) needs;
no ``BEGIN``/``ROLLBACK`` is spent on it — each is a network round trip to PostgreSQL.  Several
statements that must commit together run in ``writer(engine).begin()``, which opens the
transaction explicitly: ``BEGIN IMMEDIATE`` on SQLite (the write lock is taken up front, instead of
a read transaction failing at once with "database is locked" when it tries to write) and ``BEGIN``
on PostgreSQL (read committed; the stores take their own locks where they need them).  A plain
``engine.begin()`` does not make several statements atomic.

SQLite: every connection runs in WAL mode with a busy timeout, foreign keys on and
``synchronous=NORMAL``; pysqlite's own transaction handling is switched off.  The database holds
the decks of running games, so its file is made readable by the service's user alone before
SQLite opens it (SQLite gives the WAL, shared-memory and journal files the database's own
permissions), in a directory made closed to others.  PostgreSQL: psycopg 3
with its autocommit on.

No engine-level event listeners: one makes SQLAlchemy dispatch events around every statement
(measured: about 60 µs more per SQLite append of three statements).

Connections are not pinged when taken from the pool (``pool_pre_ping`` costs a round trip per
checkout).  A connection that the server dropped (a restart) fails its next statement instead;
SQLAlchemy then invalidates the whole pool, and ``reconnecting`` runs the operation once more on a
new connection.
"""

from __future__ import annotations

import contextlib
import functools
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from sqlalchemy import Engine as Engine  # re-exported: channels hand an engine on, never query it
from sqlalchemy import create_engine, event
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import URL, Connection, make_url
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from adapters.config import PRIVATE_DIRECTORY, PRIVATE_FILE

BUSY_TIMEOUT_MS = 30_000
"""How long a SQLite writer waits for the lock before giving up (another process may hold it)."""

UNAVAILABLE_ERRORS: tuple[type[Exception], ...] = (DBAPIError, PoolTimeout)
"""The errors a database operation raises that may mean the database is away (``is_unavailable``
tells which do); the web answers them with a 503 rather than a 500."""

P = ParamSpec("P")
R = TypeVar("R")


def create(url: str | URL, **options: Any) -> Engine:
    """An engine for ``url`` (``sqlite:///path`` or ``postgresql+psycopg://…``); connects lazily."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        return _sqlite(parsed, **options)
    options.setdefault("isolation_level", "AUTOCOMMIT")
    return create_engine(parsed, **options)


@dataclass(frozen=True)
class Writer:
    """Write transactions on an engine's pool (see the module's docstring)."""

    engine: Engine

    @contextmanager
    def begin(self) -> Iterator[Connection]:
        """A connection in a transaction that commits on success and rolls back on an error.

        SQLAlchemy's own begin does nothing on these connections (autocommit); it still commits
        or rolls back through the driver at the end, which ends the transaction opened here.
        """
        with self.engine.begin() as connection:
            if is_postgresql(self.engine):
                connection.exec_driver_sql("BEGIN")
            else:
                # Straight to the driver: through SQLAlchemy this one statement cost about a
                # tenth of an append (measured).  It only fails after the busy timeout.
                driver = connection.connection.driver_connection
                assert driver is not None, "a checked-out connection has its driver's"
                driver.execute("BEGIN IMMEDIATE")
            yield connection


def writer(engine: Engine) -> Writer:
    """Write transactions on ``engine``: ``BEGIN IMMEDIATE`` on SQLite, ``BEGIN`` elsewhere."""
    return Writer(engine)


def is_postgresql(engine: Engine) -> bool:
    return engine.dialect.name == "postgresql"


class Rows:
    """What every store of rows holds: its engine, its write transactions (``writer``), whether
    it runs on PostgreSQL, and that dialect's ``insert`` (whose ``on_conflict_do_…`` both
    dialects spell alike)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._writer = writer(engine)
        self._postgresql = is_postgresql(engine)
        self._insert: Any = postgresql.insert if self._postgresql else sqlite.insert


def reconnecting(operation: Callable[P, R]) -> Callable[P, R]:
    """Run ``operation`` once more if it failed because the connection was lost.

    SQLAlchemy marks such an error ``connection_invalidated`` and discards the pool's connections,
    so the second attempt connects afresh.  Safe for our writes: an append that did commit before
    the connection broke is refused the second time (its version is taken), never applied twice.
    """

    @functools.wraps(operation)
    def again_after_a_disconnect(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return operation(*args, **kwargs)
        except DBAPIError as error:
            if not error.connection_invalidated:
                raise
        return operation(*args, **kwargs)

    return again_after_a_disconnect


def answer(engine: Engine) -> None:
    """Ask the database for one trivial answer: raises whatever keeps it from answering."""
    with engine.connect() as connection:
        connection.exec_driver_sql("SELECT 1")


def is_unavailable(error: BaseException) -> bool:
    """Whether ``error`` says the database cannot be used just now rather than that something is
    wrong with what was asked: the server is down or restarting, the connection was lost, no
    connection came free, SQLite's lock stayed taken past the busy timeout.  Such a failure is
    worth trying again later; nothing it interrupted was half written (every write is one
    transaction)."""
    if isinstance(error, PoolTimeout):
        return True
    if not isinstance(error, DBAPIError):
        return False
    return error.connection_invalidated or isinstance(error, (OperationalError, InterfaceError))


def _sqlite(url: URL, busy_timeout_ms: int = BUSY_TIMEOUT_MS, **options: Any) -> Engine:
    database = url.database or ""
    if database and database != ":memory:" and not database.startswith("file:"):
        _private(Path(database))
    engine = create_engine(url, **options)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # no implicit BEGIN: Writer emits its own
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            cursor.execute("PRAGMA journal_mode = WAL")
            cursor.execute("PRAGMA synchronous = NORMAL")
            cursor.execute("PRAGMA foreign_keys = ON")
        finally:
            cursor.close()

    return engine


_SIDECARS = ("", "-wal", "-shm", "-journal")


def _private(database: Path) -> None:
    """The database file (and the files SQLite keeps beside it, if an older run left them
    readable to others) made readable and writable by the service's user alone."""
    database.parent.mkdir(mode=PRIVATE_DIRECTORY, parents=True, exist_ok=True)
    os.close(os.open(database, os.O_WRONLY | os.O_CREAT, PRIVATE_FILE))
    for suffix in _SIDECARS:
        with contextlib.suppress(FileNotFoundError):
            os.chmod(f"{database}{suffix}", PRIVATE_FILE)
