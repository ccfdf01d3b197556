"""Two processes posting for one bot — the Telegram process and a worker — through the fake Bot
API, with Telegram's limits: the chat's turn to post is taken in the database, so neither posts
into a chat within a second of the other, even when one process's own budget (its share of the
bot's 30 a second) holds its post up past the turn it took."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine, select

from adapters.sql.engine import create
from adapters.sql.telegram_chat_pace import SharedChats
from adapters.sql.telegram_tables import telegram_chat_pace
from adapters.telegram.api import BotApi
from adapters.telegram.settings import RateLimits, TelegramSettings
from tests.conftest import sql_engine
from tests.storage.conftest import SQL_BACKENDS
from tests.telegram.fake_api import TOKEN, FakeTelegram, Limits
from tests.waiting import eventually


@pytest.fixture(params=SQL_BACKENDS)
def engine(request: pytest.FixtureRequest, tmp_path: Path) -> Engine:
    return sql_engine(request.param, request, tmp_path)


@pytest.fixture
def limited() -> Iterator[FakeTelegram]:
    fake = FakeTelegram(limits=Limits())
    yield fake
    fake.close()


def sender(
    fake: FakeTelegram, engine: Engine, posts_per_second: int, request: pytest.FixtureRequest
) -> BotApi:
    """A process's Bot API, its chats' turns taken in the database (through its own engine)."""
    limits = RateLimits(posts_per_second=posts_per_second)
    api = BotApi(TelegramSettings(TOKEN, api_url=fake.base_url, limits=limits))
    own = create(engine.url)
    request.addfinalizer(own.dispose)
    api.pacer.shared = SharedChats(own)
    return api


def test_a_post_held_up_by_its_process_never_comes_within_the_chats_second(
    engine: Engine, limited: FakeTelegram, request: pytest.FixtureRequest
) -> None:
    fake = limited
    ana, p1, p2 = (fake.person(name) for name in ("Ana", "P1", "P2"))
    for who in (ana, p1, p2):
        fake.send(who, "/start")  # they wrote to the bot: it may write to them
    telegram, worker = sender(fake, engine, 2, request), sender(fake, engine, 30, request)
    errors: list[BaseException] = []

    def answering() -> None:  # two posts fill its second: the third waits past Ana's turn
        try:
            for who in (p1, p2, ana):
                telegram.send_message(who.id, f"to {who.first_name}")
        except BaseException as error:  # raised below
            errors.append(error)

    thread = threading.Thread(target=answering)
    try:
        thread.start()
        assert eventually(lambda: _has_turn(engine, ana.id))  # the Telegram process took it
        worker.send_message(ana.id, "the opponent moved")
        thread.join(timeout=30)
    finally:
        thread.join(timeout=30)
        telegram.close()
        worker.close()

    assert errors == []
    assert fake.refused_by_limits == {}, fake.refused_posts
    assert len(fake.calls_to(ana.id, "sendMessage")) == 2


def _has_turn(engine: Engine, chat: int) -> bool:
    query = select(telegram_chat_pace.c.chat_id).where(telegram_chat_pace.c.chat_id == chat)
    with engine.connect() as connection:
        return connection.execute(query).first() is not None
