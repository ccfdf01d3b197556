"""Shared pytest configuration: hypothesis profiles (``CI=true`` runs more examples), the
databases that storage and worker tests run on, and (``tests/servers.py``) the servers the
channel tests talk to.

PostgreSQL is the one this machine runs on 127.0.0.1:5432 (``make test`` starts it when it is
stopped).  Each test session creates its own uniquely named database and drops it at the end;
tests sharing it start from empty tables.  Without PostgreSQL its tests are skipped, or fail under
``CI=true``.  Every SQLite test gets its own file, copied from a migrated template.  Tables are
only ever created in these scratch databases.
"""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NoReturn

import psycopg
import pytest
from hypothesis import HealthCheck, settings
from psycopg import sql
from sqlalchemy import Engine

from adapters.sql.engine import create
from adapters.sql.migrate import upgrade

pytest_plugins = [
    "tests.servers",  # fake Telegram, SMTP and Dovecot fixtures of the channel tests
    "tests.log_capabilities",  # no log record of a channel test carries a capability
]

settings.register_profile("dev", max_examples=60, deadline=None)
settings.register_profile(
    "ci", max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("ci" if os.environ.get("CI") == "true" else "dev")

PG_HOST = "127.0.0.1"
PG_PORT = 5432
PG_USERS = ("postgres", "root")
TABLES = (
    *("events", "game_summaries", "inbox", "outbox", "addresses", "vacations", "players"),
    *("telegram_updates", "telegram_turn_messages", "telegram_players", "telegram_game_chats"),
    "telegram_chat_pace",
    *("email_threads", "email_messages", "email_uids", "email_contacts", "link_codes"),
    "mail_suppressions",
    "quota_uses",
    "confirmation_codes",
    *("notice_push", "notice_mail", "notices_sent"),
    *("rating_standings", "rating_games", "rating_position", "profile_choices"),
    *("seeks", "pairing_pool", "reliability", "reliability_games", "reliability_position"),
    *("tournaments", "tournament_events"),
    *("reviews", "review_position"),
)


def _admin_connection(user: str) -> psycopg.Connection[Any]:
    return psycopg.connect(
        host=PG_HOST, port=PG_PORT, user=user, dbname="postgres", autocommit=True, connect_timeout=3
    )


def _find_postgres_user() -> str | None:
    for user in PG_USERS:
        try:
            with _admin_connection(user):
                return user
        except psycopg.OperationalError:
            continue
    return None


def unavailable(reason: str, what: str = "PostgreSQL") -> NoReturn:
    """The one place a test is skipped for want of a server or program: on a developer's machine
    it may be missing, but under ``CI=true`` (``make test`` installs and starts everything) its
    absence fails the run."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"{what} is required under CI=true: {reason}", pytrace=False)
    pytest.skip(f"{what} not reachable: {reason} (run `make test`, which installs and starts it)")


@pytest.fixture(scope="session")
def postgres_server() -> str:
    """The user that can create databases on the local PostgreSQL server."""
    user = _find_postgres_user()
    if user is None:
        unavailable(f"no connection to {PG_HOST}:{PG_PORT} as {' or '.join(PG_USERS)}")
    assert user is not None
    return user


DatabaseFactory = Callable[[], str]


def _is_running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _drop_leftovers(admin: psycopg.Connection[Any]) -> None:
    """Drop the databases of earlier test sessions on this machine that were killed before their
    clean-up (their names carry the process id)."""
    names = admin.execute(
        "SELECT datname FROM pg_database WHERE datname LIKE 'conquian\\_test\\_%'"
    ).fetchall()
    for (name,) in names:
        pid = name.split("_")[2]
        if pid.isdigit() and not _is_running(int(pid)):
            admin.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


@pytest.fixture(scope="session")
def postgres_databases(postgres_server: str) -> Iterator[DatabaseFactory]:
    """Creates uniquely named databases on request (their URLs); drops them all at the end."""
    created: list[str] = []
    with _admin_connection(postgres_server) as admin:
        _drop_leftovers(admin)

    def new_database() -> str:
        name = f"conquian_test_{os.getpid()}_{uuid.uuid4().hex[:8]}"
        with _admin_connection(postgres_server) as admin:
            admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        created.append(name)
        return f"postgresql+psycopg://{postgres_server}@{PG_HOST}:{PG_PORT}/{name}"

    yield new_database
    with _admin_connection(postgres_server) as admin:
        for name in created:
            admin.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


@pytest.fixture(scope="session")
def postgres_url(postgres_databases: DatabaseFactory) -> str:
    """The session's migrated database, shared by the tests (which empty it first)."""
    url = postgres_databases()
    engine = create(url)
    try:
        upgrade(engine)
    finally:
        engine.dispose()
    return url


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A migrated SQLite file, copied for each test (migrating every file would cost more)."""
    path = tmp_path_factory.mktemp("sqlite-template") / "conquian.db"
    engine = create(f"sqlite:///{path}")
    try:
        upgrade(engine)
    finally:
        engine.dispose()
    return path


def sql_engine(name: str, request: pytest.FixtureRequest, tmp_path: Path, **options: Any) -> Engine:
    """A migrated, empty database of backend ``name`` for one test, disposed after it."""
    if name == "sqlite":
        template: Path = request.getfixturevalue("sqlite_template")
        path = tmp_path / "conquian.db"
        shutil.copyfile(template, path)
        engine = create(f"sqlite:///{path}", **options)
    else:
        engine = create(request.getfixturevalue("postgres_url"), **options)
        with engine.begin() as connection:
            connection.exec_driver_sql(f"TRUNCATE {', '.join(TABLES)} RESTART IDENTITY")
    request.addfinalizer(engine.dispose)
    return engine
