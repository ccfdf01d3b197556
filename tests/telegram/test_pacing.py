"""Posts are paced under Telegram's limits (issue 21, item 4): ``Pacer`` on a clock the test
moves, and a bot at Telegram's real limits against the fake Bot API with those limits on, which
refuses a post past them with 429 as Telegram does."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from adapters.telegram.pacing import MARGIN, Pacer
from adapters.telegram.settings import RateLimits
from service.delivery.dispatch import TryLater
from service.ports.memory_directory import SeededChance
from tests.telegram.fake_api import FakeTelegram, Limits
from tests.telegram.harness import Bot, telegram_settings


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


def test_posts_wait_for_their_chat_and_for_room_in_the_second() -> None:
    clock = Clock()
    pacer = Pacer(3, 1.0, clock, clock.sleep)
    moments = []
    for chat in (1, 2, 3, 4, 1):
        pacer.wait(chat)
        moments.append(round(clock.now - 100.0, 3))

    # three posts at once; the fourth when the first leaves the second; chat 1 again a second
    # (and the margin) after its first post, which the fourth's wait has already passed
    assert moments == [0.0, 0.0, 0.0, 1.0 + MARGIN, 1.0 + MARGIN]


def test_a_chat_waiting_for_its_second_holds_up_no_other_chat() -> None:
    clock = Clock()
    pacer = Pacer(30, 1.0, clock, clock.sleep)
    pacer.wait(1)
    clock.now += 0.2
    pacer.wait(2)

    assert clock.now == 100.2  # chat 2 went at once
    pacer.wait(1)
    assert round(clock.now, 3) == 101.0 + MARGIN


def test_a_bot_at_telegrams_limits_is_never_refused_by_them(
    tmp_path: Path, bots: list[Bot]
) -> None:
    fake = FakeTelegram(limits=Limits())
    try:
        bot = Bot(fake, tmp_path / "data", SeededChance(11))
        bots.append(bot)
        real = RateLimits(group_per_minute=1000)  # 30 posts a second, one a second per chat
        bot.app.channel.api.pacer = Pacer(real.posts_per_second, real.chat_seconds)
        people = [fake.person(f"P{n}") for n in range(34)]
        for who in people:
            fake.send(who, "/zz")
        fake.send(people[0], "/zz")

        bot.poller.round()

        assert fake.refused_by_limits == {}
        assert all(fake.calls_to(who.id, "sendMessage") for who in people)
        assert len(fake.calls_to(people[0].id, "sendMessage")) == 2
    finally:
        fake.close()


def test_the_fake_refuses_what_telegram_would(tmp_path: Path, bots: list[Bot]) -> None:
    fake = FakeTelegram(limits=Limits())
    try:
        bot = Bot(fake, tmp_path / "data", SeededChance(11))
        bots.append(bot)
        assert telegram_settings(fake).limits == replace(
            RateLimits(1000, 1000), posts_per_second=0, chat_seconds=0
        )  # the tests' bots do not pace
        people = [fake.person(f"P{n}") for n in range(34)]
        for who in people:
            fake.send(who, "/zz")

        bot.poller.fetch(0)
        with pytest.raises(TryLater):  # Telegram asked to wait
            bot.app.processor.answer_waiting()

        assert fake.refused_by_limits.get("overall", 0) >= 1
    finally:
        fake.close()
