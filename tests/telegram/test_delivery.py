"""Notifications go out through the outbox and the worker's dispatcher with the Telegram sender:
the opponent's turn message after a move; a 403 marks the player unreachable, keeps the
notification on record and shows them the game when they come back; a 429's ``retry_after`` is
waited out, for notifications and for direct answers alike."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

from sqlalchemy import select

from adapters.sql.tables import outbox
from adapters.worker import Worker
from service.game.events import GameId
from service.ports.memory_directory import ManualClock
from service.ports.protocols import PlayerId
from tests.telegram.fake_api import Call, FakeTelegram
from tests.telegram.harness import Bot, Phone
from tests.telegram.test_play import start_game
from tests.telegram.test_refusals import on_turn


def notifications(bot: Bot, player: PlayerId) -> list[dict[str, object]]:
    query = select(outbox).where(outbox.c.player == player).order_by(outbox.c.id)
    with bot.wiring.engine.connect() as connection:
        return [dict(row._mapping) for row in connection.execute(query)]


def test_the_opponent_is_told_of_a_move_with_their_new_turn_message(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    game_id = start_game(bot, ana, ben)
    mover, other = on_turn(bot, game_id, ana, ben)
    before = other.turn_message() if other.messages()[-1].buttons() else None

    mover.press(mover.turn_message(), "Pass")

    opponent = bot.player(other.person)
    assert bot.service.game(game_id).to_act == opponent
    assert notifications(bot, opponent)[-1]["status"] == "delivered"
    told = other.last()
    assert told.text.startswith(f"{mover.person.first_name} refuses")
    assert "Your turn." in told.text and told.buttons()
    assert before is None or before.buttons() == []  # the older keyboard was taken away


def test_a_blocked_bot_marks_the_player_unreachable_and_keeps_the_notification(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    game_id = start_game(bot, ana, ben)
    mover, other = on_turn(bot, game_id, ana, ben)
    opponent = bot.player(other.person)
    fake.blocked.add(other.chat)

    mover.press(mover.turn_message(), "Pass")

    [*_, note] = notifications(bot, opponent)
    assert (note["status"], note["game_id"]) == ("failed", game_id)
    assert "blocked" in str(note["last_error"])
    assert bot.app.channel.records.unreachable(opponent) == "Forbidden: bot was blocked by the user"

    fake.blocked.clear()  # they unblock the bot and write to it
    other.say("/start")

    assert bot.app.channel.records.unreachable(opponent) is None
    back = other.last()
    assert back.text.startswith("Welcome back: this game waits for you.")
    assert f"{mover.person.first_name} refuses" in back.text  # what the failed notification said
    assert back.buttons()


def test_a_429_is_waited_out_before_the_notification_is_sent_again(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    game_id = start_game(bot, ana, ben)
    mover, other = on_turn(bot, game_id, ana, ben)
    opponent = bot.player(other.person)
    fake.fail("sendMessage", other.chat, 429, "Too Many Requests: retry after 30", retry_after=30)
    sent_before = len(fake.calls_to(other.chat, "sendMessage"))

    started = datetime.now(UTC)
    mover.press(mover.turn_message(), "Pass")
    failed_by = datetime.now(UTC)

    [*_, note] = notifications(bot, opponent)
    assert (note["status"], note["attempts"]) == ("pending", 1)
    assert "flood control" in str(note["last_error"])
    due = note["next_attempt_at"]
    assert isinstance(due, datetime)
    assert started + timedelta(seconds=30) <= due <= failed_by + timedelta(seconds=30)

    clock = ManualClock(failed_by + timedelta(seconds=29))
    later = Worker(bot.wiring, bot.settings, clock, bot.channels.senders)
    assert later.drain().claimed == 0  # not before Telegram's retry_after
    clock.advance(seconds=2)
    assert later.drain().delivered == 1
    assert len(fake.calls_to(other.chat, "sendMessage")) == sent_before + 2  # 429, then sent
    assert "Your turn." in other.last().text


def test_a_429_on_a_direct_answer_is_waited_out_and_the_move_made_once(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    game_id = start_game(bot, ana, ben)
    mover, _ = on_turn(bot, game_id, ana, ben)
    before = bot.service.game(game_id).version
    fake.fail("editMessageText", mover.chat, 429, "Too Many Requests: retry after 1", retry_after=1)

    def answers() -> list[Call]:
        return [
            c
            for c in fake.calls_to(mover.chat, "editMessageText")
            if "You refuse" in c.params["text"]
        ]

    started = time.monotonic()
    mover.say("pass")
    fake.wait(lambda: len(answers()) == 2)  # the board: refused once by flood control, then edited

    assert time.monotonic() - started >= 1
    mover.settle(fake.send(mover.person, "/games"))
    assert len(answers()) == 2
    assert str(answers()[-1].params["text"]).startswith("You refuse")
    game = bot.service.game(GameId(game_id))
    assert [type(s.event).__name__ for s in bot.service.store.load(game_id)[before:]].count(
        "CardRefused"
    ) == 1
    assert game.version > before


def test_a_player_who_comes_back_is_shown_a_game_that_ended_while_they_were_away(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    game_id = start_game(bot, ana, ben)
    fake.blocked.add(ben.chat)
    ana.say("/resign")
    assert notifications(bot, bot.player(ben.person))[-1]["status"] == "failed"

    fake.blocked.clear()
    ben.say("/start")

    back = ben.last().text
    # the result from his side first (the ending's headline), then what he missed
    # why the match ended, never "You won the match 0 to 0." (issue 34, item 9)
    assert back.startswith(
        "You win the match: Ana resigned.\nWelcome back: this game.\nAna resigns."
    )
    assert f"#{game_id[:6]}" in back
