"""Fixtures of the tests where players are on different channels of one service."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.channels.mixed import both_channels
from tests.email.smtp_sink import SmtpSink
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot


@pytest.fixture
def bot(fake: FakeTelegram, smtp_sink: SmtpSink, tmp_path: Path) -> Iterator[Bot]:
    """The bot process with email, on its own SQLite file; closed at the end."""
    running = both_channels(fake, smtp_sink, tmp_path / "data", seed=11)
    yield running
    running.close()
