"""Fixtures of the email tests: a real SMTP server and the world around it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .smtp_sink import SmtpSink
from .world import ANA, BEN, World


@pytest.fixture
def smtp_sink() -> Iterator[SmtpSink]:
    sink = SmtpSink()
    sink.start()
    yield sink
    sink.stop()


@pytest.fixture
def world(tmp_path: Path, smtp_sink: SmtpSink) -> Iterator[World]:
    world = World(tmp_path, smtp_sink)
    world.register("Ana", ANA)
    world.register("Ben", BEN)
    yield world
    world.close()
