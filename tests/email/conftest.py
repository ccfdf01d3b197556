"""Fixtures of the email tests: a real SMTP server and the world around it."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from adapters.sql.engine import create
from adapters.sql.migrate import upgrade

from .dovecot import Dovecot, is_installed
from .smtp_sink import SmtpSink
from .world import ANA, BEN, World


@pytest.fixture
def smtp_sink() -> Iterator[SmtpSink]:
    sink = SmtpSink()
    sink.start()
    yield sink
    sink.stop()


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


def unavailable(reason: str) -> None:
    """Skip, or fail under ``CI=true``, where every server the tests need must be there."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"Dovecot is required under CI=true: {reason}", pytrace=False)
    pytest.skip(f"{reason} (run `make test`, which installs it)")


@pytest.fixture(scope="session")
def dovecot() -> Iterator[Dovecot]:
    """A private Dovecot for the session, on fresh ports."""
    if not is_installed():
        unavailable("Dovecot is not installed (dovecot-imapd, dovecot-lmtpd)")
    server = Dovecot()
    try:
        server.start()
    except (OSError, RuntimeError, subprocess.CalledProcessError) as error:
        server.stop()
        unavailable(f"Dovecot did not start: {error}")
    yield server
    server.stop()


@pytest.fixture
def mailbox(dovecot: Dovecot) -> Dovecot:
    """The session's Dovecot with an empty inbox."""
    dovecot.empty()
    return dovecot


@pytest.fixture
def imap_world(world: World, mailbox: Dovecot) -> World:
    """The world reading replies from the Dovecot mailbox."""
    world.use_imap(mailbox)
    return world
