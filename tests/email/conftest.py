"""Fixtures of the email tests: the world around a real SMTP server (the servers themselves are
in ``tests/servers.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from adapters.sql.engine import create
from adapters.sql.migrate import upgrade
from tests.email.dovecot import Dovecot
from tests.email.smtp_sink import SmtpSink
from tests.email.world import ANA, BEN, World


@pytest.fixture(scope="session")
def migrated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A migrated SQLite database, copied for each world."""
    path = tmp_path_factory.mktemp("email-template") / "conquian.db"
    engine = create(f"sqlite:///{path}")
    try:
        upgrade(engine)
    finally:
        engine.dispose()
    return path


@pytest.fixture
def world(tmp_path: Path, smtp_sink: SmtpSink, migrated: Path) -> Iterator[World]:
    world = World(tmp_path, smtp_sink, template=migrated)
    world.register("Ana", ANA)
    world.register("Ben", BEN)
    yield world
    world.close()


@pytest.fixture
def imap_world(world: World, mailbox: Dovecot) -> World:
    """The world reading replies from the Dovecot mailbox."""
    world.use_imap(mailbox)
    return world
