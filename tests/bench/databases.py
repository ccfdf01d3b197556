"""Scratch databases for the storage benchmarks: a SQLite file in a temporary directory, or a
freshly created PostgreSQL database on the local server, dropped afterwards.

Tables are only ever created in these scratch databases, never in the shared ``test`` database.
PostgreSQL is the local server on 127.0.0.1:5432 (``make test`` and ``make bench`` start it when
it is stopped).  When it is unreachable the PostgreSQL figures are left out with a note, except
under ``CI=true``, where that is an error: a benchmark run must not pass by measuring less.
"""

from __future__ import annotations

import os
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg import sql

PG_HOST = "127.0.0.1"
PG_PORT = 5432
PG_USERS = ("postgres", "root")
PREFIX = "conquian_bench_"
DATABASES = ("sqlite", "postgresql")


class Unreachable(RuntimeError):
    """No PostgreSQL server to measure on."""


def _admin(user: str) -> psycopg.Connection[Any]:
    return psycopg.connect(
        host=PG_HOST, port=PG_PORT, user=user, dbname="postgres", autocommit=True, connect_timeout=3
    )


def postgres_user() -> str:
    """The first user that can connect to the local server; ``Unreachable`` if none can."""
    for user in PG_USERS:
        try:
            with _admin(user):
                return user
        except psycopg.OperationalError:
            continue
    raise Unreachable(f"no connection to {PG_HOST}:{PG_PORT} as {' or '.join(PG_USERS)}")


def postgres_required() -> bool:
    """Under CI an unreachable PostgreSQL fails the benchmark instead of shrinking it."""
    return os.environ.get("CI") == "true"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _drop(admin: psycopg.Connection[Any], name: str) -> None:
    admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


def _drop_leftovers(admin: psycopg.Connection[Any]) -> None:
    """Drop the scratch databases of benchmark runs that were killed before their clean-up."""
    rows = admin.execute(
        "SELECT datname FROM pg_database WHERE datname LIKE 'conquian\\_bench\\_%'"
    ).fetchall()
    for (name,) in rows:
        pid = name[len(PREFIX) :].split("_")[0]
        if pid.isdigit() and not _alive(int(pid)):
            _drop(admin, name)


@contextmanager
def postgresql_database() -> Iterator[str]:
    """A new, empty PostgreSQL database (its SQLAlchemy URL), dropped on the way out."""
    user = postgres_user()
    name = f"{PREFIX}{os.getpid()}_{uuid.uuid4().hex[:8]}"
    with _admin(user) as admin:
        _drop_leftovers(admin)
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield f"postgresql+psycopg://{user}@{PG_HOST}:{PG_PORT}/{name}"
    finally:
        with _admin(user) as admin:
            _drop(admin, name)


@contextmanager
def sqlite_database() -> Iterator[str]:
    """A SQLite file in a new temporary directory (its SQLAlchemy URL), removed on the way out."""
    with tempfile.TemporaryDirectory(prefix="conquian-bench-") as directory:
        yield f"sqlite:///{directory}/conquian.db"


@contextmanager
def scratch(database: str) -> Iterator[str]:
    """A scratch database of kind ``database`` (``sqlite`` or ``postgresql``): its URL."""
    if database == "sqlite":
        with sqlite_database() as url:
            yield url
    elif database == "postgresql":
        with postgresql_database() as url:
            yield url
    else:
        raise ValueError(f"unknown database {database!r}")


def libpq(url: str) -> dict[str, str]:
    """A scratch PostgreSQL URL as psycopg/libpq keywords (for the reference library)."""
    rest = url.split("://", 1)[1]
    user, rest = rest.split("@", 1)
    address, dbname = rest.split("/", 1)
    host, port = address.split(":")
    return {"host": host, "port": port, "user": user, "dbname": dbname}
