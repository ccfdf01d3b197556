"""The outside servers the channel tests talk to, as pytest fixtures shared by ``tests/telegram``,
``tests/email`` and ``tests/channels`` (registered in ``tests/conftest.py``): the fake Telegram
Bot API, a real SMTP server in this process, and a private Dovecot for the session."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator

import pytest

from tests.conftest import unavailable
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


@pytest.fixture(scope="session")
def dovecot() -> Iterator[Dovecot]:
    """A private Dovecot for the session, on fresh ports."""
    if not is_installed():
        unavailable("not installed (dovecot-imapd, dovecot-lmtpd)", "Dovecot")
    server = Dovecot()
    try:
        server.start()
    except (OSError, RuntimeError, subprocess.CalledProcessError) as error:
        server.stop()
        unavailable(f"did not start: {error}", "Dovecot")
    yield server
    server.stop()


@pytest.fixture
def mailbox(dovecot: Dovecot) -> Dovecot:
    """The session's Dovecot with an empty inbox."""
    dovecot.empty()
    return dovecot
