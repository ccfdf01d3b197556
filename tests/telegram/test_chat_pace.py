"""A chat's second kept in the database (``chat_pace.py``): two processes posting for one bot —
the Telegram process and the worker — never get turns in one chat less than a second apart, and
a turn a process used late (held up by the bot's 30 a second) moves the chat's next turn."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import Engine, func, select

from adapters.sql.telegram_chat_pace import SharedChats
from adapters.sql.telegram_tables import telegram_chat_pace
from adapters.telegram.pacing import MARGIN, Pacer
from tests.conftest import sql_engine
from tests.storage.conftest import SQL_BACKENDS


@pytest.fixture(params=SQL_BACKENDS)
def engine(request: pytest.FixtureRequest, tmp_path: Path) -> Engine:
    return sql_engine(request.param, request, tmp_path)


class Clock:
    """Both clocks a pacer reads, moved by its sleeps (the processes share the wall clock)."""

    def __init__(self) -> None:
        self.now = 1_000.0

    def sleep(self, seconds: float) -> None:
        self.now += seconds


def pacer(engine: Engine, clock: Clock, per_second: int = 30) -> Pacer:
    """A process's pacer, its chats' turns taken from ``engine``."""
    paced = Pacer(
        per_second, 1.0, clock=lambda: clock.now, sleep=clock.sleep, wall=lambda: clock.now
    )
    paced.shared = SharedChats(engine)
    return paced


def test_two_processes_posting_in_one_chat_keep_its_second(engine: Engine) -> None:
    clock = Clock()
    telegram, worker = pacer(engine, clock), pacer(engine, clock)
    posted = []
    for process in (telegram, worker, telegram, worker):
        process.wait(7)
        posted.append(round(clock.now - 1_000.0, 3))

    assert posted == [round(n * (1.0 + MARGIN), 3) for n in range(4)]


def test_another_chat_goes_at_once(engine: Engine) -> None:
    clock = Clock()
    telegram, worker = pacer(engine, clock), pacer(engine, clock)
    telegram.wait(7)
    worker.wait(8)

    assert clock.now == 1_000.0


def test_a_turn_used_late_moves_the_chats_next_turn(engine: Engine) -> None:
    clock = Clock()
    busy, other = pacer(engine, clock, per_second=1), pacer(engine, clock)
    busy.wait(5)  # the busy process's one post a second, taken
    busy.wait(7)  # its turn in chat 7 is now, its place in the second only after 1.1 s
    assert round(clock.now - 1_000.0, 3) == 1.0 + MARGIN

    other.wait(7)

    assert round(clock.now - 1_000.0, 3) == round(2 * (1.0 + MARGIN), 3)


def test_one_row_a_chat(engine: Engine) -> None:
    chats = SharedChats(engine)
    for _ in range(3):
        chats.take(7, 1_000.0, 1.1)
    chats.take(8, 1_000.0, 1.1)

    with engine.connect() as connection:
        rows = connection.execute(select(func.count()).select_from(telegram_chat_pace)).scalar()
    assert rows == 2


def test_a_late_turn_moves_the_next_only_if_nobody_took_it(engine: Engine) -> None:
    """``push`` names the turn it moves: once another process took the chat's next turn, a post
    held up past its own turn must take a new one instead."""
    chats = SharedChats(engine)
    taken = chats.take(7, 1_000.0, 1.25)
    assert chats.push(7, taken, 1_000.5, 1.25)
    assert chats.take(7, 1_000.0, 1.25) == 1_001.75  # after the late post
    late = chats.take(8, 1_000.0, 1.25)
    chats.take(8, 1_000.0, 1.25)  # another process's turn, at 1 001.25

    assert not chats.push(8, late, 1_000.5, 1.25)
    assert chats.take(8, 1_000.0, 1.25) == 1_002.5
