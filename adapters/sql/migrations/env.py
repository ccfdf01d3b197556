"""Alembic environment: migrations run on the connection ``migrate.upgrade`` hands in, or, from the
``alembic`` command line (``alembic -c adapters/sql/alembic.ini …``), on ``CONQUIAN_DATABASE_URL``."""

from __future__ import annotations

import os

from alembic import context
from sqlalchemy import Connection

from adapters.sql.engine import create, writer
from adapters.sql.schema import metadata as target_metadata


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


def _url() -> str:
    return os.environ.get("CONQUIAN_DATABASE_URL") or context.config.get_main_option(
        "sqlalchemy.url", "sqlite:///var/conquian.db"
    )


if context.is_offline_mode():
    context.configure(url=_url(), target_metadata=target_metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    given = context.config.attributes.get("connection")
    if given is not None:
        _run(given)
    else:
        engine = create(_url())
        try:
            with writer(engine).begin() as connection:  # connections are in autocommit
                _run(connection)
        finally:
            engine.dispose()
