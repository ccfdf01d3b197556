"""Fixtures of the Telegram tests: bot processes and the people who write to them (the fake Bot
API server itself is the ``fake`` fixture of ``tests/servers.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from service.ports.memory_directory import SeededChance
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot, Phone


@pytest.fixture(autouse=True)
def no_idle_edits(request: pytest.FixtureRequest) -> Iterator[None]:
    """No test's bot makes an edit that changes nothing (Telegram answers it 400 "message is
    not modified", and it spends the rate-limit budget for nothing)."""
    fake = request.getfixturevalue("fake") if "fake" in request.fixturenames else None
    yield
    if fake is not None:
        assert fake.not_modified == 0, f"{fake.not_modified} edits changed nothing"


@pytest.fixture
def bots(fake: FakeTelegram, tmp_path: Path) -> Iterator[list[Bot]]:
    """Bot processes on one database, each closed at the end (tests add restarted ones)."""
    started: list[Bot] = []
    yield started
    for one in started:
        one.close()


@pytest.fixture
def bot(fake: FakeTelegram, tmp_path: Path, bots: list[Bot]) -> Bot:
    running = Bot(fake, tmp_path / "data", SeededChance(11)).start()
    bots.append(running)
    return running


@pytest.fixture
def ana(fake: FakeTelegram) -> Phone:
    return Phone(fake, fake.person("Ana"))


@pytest.fixture
def ben(fake: FakeTelegram) -> Phone:
    return Phone(fake, fake.person("Ben"))
