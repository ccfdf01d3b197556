"""The time zone, asked once with buttons (issue 21, item 2): the first board in an answer to
the player that shows them a deadline in UTC asks, under its own buttons; a press sets the zone
and the board shows the deadline in it; nobody is asked twice; a board without a deadline of
theirs, or a notification's, asks nothing."""

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
    ana.say("/new bot time=1h")

    board = ana.last()
    assert board is ana.turn_message()  # the board asks: still the chat's last message
    asked = "Ваші терміни показано за UTC."
    assert asked in board.text and "UTC" in board.text.split(asked)[0]  # the deadline line
    assert board.labels()[-2:] == ["Europe/Kyiv", "Залишити UTC"]

    answer = ana.press(board, "Europe/Kyiv")

    assert "Europe/Kyiv" in answer
    assert bot.wiring.directory.profile(bot.player(ana.person)).timezone == "Europe/Kyiv"
    assert "Europe/Kyiv" in board.text and asked not in board.text and "UTC" not in board.text
    assert not {"Europe/Kyiv", "Залишити UTC"} & set(board.labels())
    before = len(ana.messages())
    ana.say("/new bot time=1h")  # a second game: not asked again
    assert not any(asked in m.text for m in ana.messages()[before:])


def test_english_players_are_offered_the_zones_of_english_speakers(
    fake: FakeTelegram, tmp_path: Path, bots: list[Bot]
) -> None:
    clocked_bot(fake, tmp_path, bots)
    ben = Phone(fake, fake.person("Ben", "en-GB"))
    ben.say("/new bot time=1h")

    assert ben.turn_message().labels()[-5:] == [
        "Europe/London", "America/New_York", "America/Los_Angeles", "Asia/Kolkata", "Keep UTC"
    ]  # fmt: skip


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


def test_a_board_without_a_deadline_of_theirs_or_sent_as_a_notification_asks_nothing(
    fake: FakeTelegram, tmp_path: Path, bots: list[Bot]
) -> None:
    bot = clocked_bot(fake, tmp_path, bots)
    ana, ben = Phone(fake, fake.person("Ana")), Phone(fake, fake.person("Ben"))
    ana.say("/new time=1h")
    ben.say(f"/start {ana.invitation()}")
    [line] = bot.service.games_of(bot.player(ana.person))
    mover, waiting = on_turn(bot, line.game_id, ana, ben)

    assert not any(QUESTION in m.text for m in waiting.messages())
    if mover is ana:  # her board came as a notification: a crash may send it twice, alike
        assert "UTC" in ana.turn_message().text and QUESTION not in ana.turn_message().text
