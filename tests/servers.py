"""The outside servers the channel tests talk to, as pytest fixtures shared by ``tests/telegram``,
``tests/email`` and ``tests/channels`` (registered in ``tests/conftest.py``): the fake Telegram
Bot API, a real SMTP server in this process, and a private Dovecot for the session."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator

import pytest

from tests.email.dovecot import Dovecot, is_installed
from tests.email.smtp_sink import SmtpSink
from tests.telegram.fake_api import FakeTelegram


@pytest.fixture
def fake() -> Iterator[FakeTelegram]:
    server = FakeTelegram()
    yield server
    server.close()


@pytest.fixture
def smtp_sink() -> Iterator[SmtpSink]:
    sink = SmtpSink()
    sink.start()
    yield sink
    sink.stop()


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
