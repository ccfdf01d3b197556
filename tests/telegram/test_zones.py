"""The time zone, asked once with buttons (issue 21, item 2): the first board that shows a
player a deadline in UTC asks, under its own buttons; a press sets the zone and the board shows
the deadline in it; nobody is asked twice, and a board without a deadline of theirs asks
nothing."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from service.ports.memory_directory import ManualClock, SeededChance
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot, Phone
from tests.telegram.test_refusals import on_turn

QUESTION = "Your deadlines are shown in UTC. Which time zone are you in?"


def clocked_bot(fake: FakeTelegram, tmp_path: Path, bots: list[Bot]) -> Bot:
    clock = ManualClock(datetime(2026, 3, 2, 9, 0, tzinfo=UTC))
    bot = Bot(fake, tmp_path / "data", SeededChance(11), clock).start()
    bots.append(bot)
    return bot


def test_the_first_deadline_in_utc_asks_the_zone_once_and_a_press_sets_it(
    fake: FakeTelegram, tmp_path: Path, bots: list[Bot]
) -> None:
    bot = clocked_bot(fake, tmp_path, bots)
    ana = Phone(fake, fake.person("Ana", "uk"))
    ben = Phone(fake, fake.person("Ben", "en-GB"))
    ana.say("/new time=1h")
    ben.say(f"/start {ana.invitation()}")
    [line] = bot.service.games_of(bot.player(ana.person))
    mover, other = on_turn(bot, line.game_id, ana, ben)

    board = mover.last()
    assert board is mover.turn_message()  # the board asks: still the chat's last message
    asked = QUESTION if mover is ben else "Ваші терміни показано за UTC."
    assert asked in board.text and "UTC" in board.text.split(asked)[0]  # the deadline line
    zones = ["Europe/Kyiv", "Залишити UTC"] if mover is ana else [
        "Europe/London", "America/New_York", "America/Los_Angeles", "Asia/Kolkata", "Keep UTC"
    ]  # fmt: skip
    assert board.labels()[-len(zones) :] == zones
    assert not any(QUESTION in m.text for m in other.messages())  # no deadline of theirs yet

    answer = mover.press(board, zones[0])

    assert zones[0] in answer
    assert bot.wiring.directory.profile(bot.player(mover.person)).timezone == zones[0]
    assert zones[0] in board.text and asked not in board.text and "UTC" not in board.text
    assert not set(zones) & set(board.labels())
    before = len(mover.messages())
    mover.say("/new time=1h")  # a second game: not asked again
    assert not any(asked in m.text for m in mover.messages()[before:])


def test_keep_utc_is_an_answer_too(fake: FakeTelegram, tmp_path: Path, bots: list[Bot]) -> None:
    bot = clocked_bot(fake, tmp_path, bots)
    ana = Phone(fake, fake.person("Ana"))
    ana.say("/new bot time=1h")
    board = ana.turn_message()
    assert QUESTION in board.text

    assert ana.press(board, "Keep UTC").startswith("Deadlines are shown in UTC time.")

    assert QUESTION not in board.text and "Keep UTC" not in board.labels()
    assert "UTC (in 1 hour)" in board.text
    assert bot.wiring.directory.profile(bot.player(ana.person)).timezone == "UTC"
    assert bot.app.channel.records.board_choices(bot.player(ana.person))[2]


def test_a_board_without_a_deadline_of_theirs_asks_nothing(
    bot: Bot, ana: Phone, ben: Phone
) -> None:
    ana.say("/new")
    ben.say(f"/start {ana.invitation()}")
    [line] = bot.service.games_of(bot.player(ana.person))
    _, waiting = on_turn(bot, line.game_id, ana, ben)

    assert waiting.messages() and not any(QUESTION in m.text for m in waiting.messages())
