"""Talk at the table on Telegram (issue 20): ``/say`` and the other talk words, stored and
told once however often Telegram delivers an update, the safety rules answered in the chat,
mute and report."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from adapters.telegram.channel import SOURCE
from adapters.telegram.processor import key_of
from service.game.events import GameId
from service.game.talk_events import MessageReported, MessageSaid, OfferAnswered
from service.ports.memory_directory import ManualClock, SeededChance
from tests.telegram.fake_api import FakeTelegram, Message
from tests.telegram.harness import Bot, Phone
from tests.telegram.test_exactly_once import again, sent
from tests.telegram.test_play import start_game
from tests.telegram.test_refusals import on_turn


def talk(bot: Bot, game_id: GameId, kind: type) -> list[object]:
    return [one.event for one in bot.service.store.load(game_id) if isinstance(one.event, kind)]


def board(phone: Phone) -> Message:
    """The phone's board: a typed command's answer is an edit of it (issue 34)."""
    return [m for m in phone.messages() if "Game #" in m.text][-1]


def test_a_message_delivered_again_is_stored_and_told_once(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    game_id = start_game(bot, ana, ben)
    update = fake.send(ana.person, "/say Hi Ben, ready?")
    ana.settle(update)
    told = sent(fake, ana, ben)
    assert any("says: “Hi Ben, ready?”" in m.text for m in ben.messages())

    ana.settle(fake.deliver(again(update), update_id=int(str(update["update_id"]))))
    ana.settle(fake.deliver(again(update)))  # the same message under a new update id

    assert len(talk(bot, game_id, MessageSaid)) == 1
    assert sent(fake, ana, ben) == told


def test_an_offer_answered_with_a_button_pressed_twice_is_answered_once(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    game_id = start_game(bot, ana, ben)
    ana.say("/offer adjourn")
    board = [m for m in ben.messages() if "Accept" in m.labels()][-1]
    press = fake.press_label(ben.person, board, "Decline")
    ben.settle(press)
    told = sent(fake, ana, ben)

    ben.settle(fake.deliver(again(press)))

    seat = bot.service.game(game_id).seat_of(bot.player(ben.person))
    assert seat is not None
    assert talk(bot, game_id, OfferAnswered) == [OfferAnswered(seat, False)]
    assert sent(fake, ana, ben) == told
    assert any("declines the offer." in m.text for m in ana.messages())


def test_the_safety_rules_are_answered_in_the_chat(bot: Bot, ana: Phone, ben: Phone) -> None:
    game_id = start_game(bot, ana, ben)
    ana.say("/say see https://conquian.example/x")
    assert "Messages cannot carry links" in ana.last().text
    ana.say("/say " + "a" * 300)
    assert "A message has at most 280 characters; yours has 300." in ana.last().text
    for number in range(5):
        ana.say(f"/say number {number}")
    ana.say("/say one too many")
    assert "You have written 5 messages in 10 minutes" in ana.last().text
    assert len(talk(bot, game_id, MessageSaid)) == 5


def test_a_muted_opponent_never_reaches_the_one_who_muted_and_a_report_tells_nobody(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    game_id = start_game(bot, ana, ben)
    ben.say("/say first words")
    ana.say("/mute")
    assert "You mute your opponent's messages in this game." in board(ana).text
    before = len(ana.messages())
    ben.say("/say can you hear me?")
    ben.say("/say hello?")
    assert len(ana.messages()) == before
    assert not any("hear me" in m.text for m in fake.chat(ana.chat))
    told_ben = sent(fake, ben)
    ana.say("/report")
    assert "You report message" in board(ana).text
    assert sent(fake, ben) == told_ben
    [report] = talk(bot, game_id, MessageReported)
    assert isinstance(report, MessageReported)


def test_words_in_reply_to_the_games_message_are_a_message_said_once(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    game_id = start_game(bot, ana, ben)
    board = [m for m in ana.messages() if "Game #" in m.text][-1]
    update = fake.send(ana.person, "Nice hand so far!", reply_to=board)
    ana.settle(update)
    ana.settle(fake.deliver(again(update), update_id=int(str(update["update_id"]))))
    said = talk(bot, game_id, MessageSaid)
    assert [one.text for one in said] == ["Nice hand so far!"]  # type: ignore[attr-defined]
    assert any("says: “Nice hand so far!”" in m.text for m in ben.messages())
    stored = bot.wiring.inbox.receive(SOURCE, key_of(update), "", bot.service.clock.now())
    assert stored.reply is not None and '"ok": true' in stored.reply  # the update's answer


def test_a_mistyped_move_in_reply_is_refused_never_sent_to_the_opponent(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    game_id = start_game(bot, ana, ben)
    board = [m for m in ana.messages() if "Game #" in m.text][-1]
    ana.settle(fake.send(ana.person, "tkae 5c 5d discard ks", reply_to=board))
    assert talk(bot, game_id, MessageSaid) == []
    assert "I don't know the command 'tkae'" in ana.last().text


def test_words_said_while_muted_never_arrive_and_the_mute_is_told_to_nobody(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    """Issue 34 item 3: unmuting brings back none of the words said meanwhile, and the opponent
    is told nothing of a mute or an unmute (no message, no line in a later one)."""
    start_game(bot, ana, ben)
    ben.say("/say first words")
    told_ben = sent(fake, ben)
    ana.say("/mute")
    assert sent(fake, ben) == told_ben
    ben.say("/say can you hear me?")
    ana.say("/unmute")
    assert "You hear your opponent's messages again." in board(ana).text
    ben.say("/say and now?")
    assert any("and now?" in m.text for m in fake.chat(ana.chat))
    assert not any("hear me" in m.text for m in fake.chat(ana.chat))
    assert not any("changes a setting" in m.text for m in fake.chat(ben.chat))


@pytest.mark.parametrize("next_notice", ["board", "words"])
def test_words_held_back_in_quiet_hours_come_once_with_the_next_notice(
    fake: FakeTelegram, tmp_path: Path, bots: list[Bot], ana: Phone, ben: Phone, next_notice: str
) -> None:
    """Talk wakes nobody: words said in the reader's quiet hours wait for the next notice, which
    tells them once — a new board (their turn) above the move, not only the move; more words, in
    their small message."""
    clock = ManualClock(datetime(2026, 3, 2, 20, 0, tzinfo=UTC))
    bot = Bot(fake, tmp_path / "data", SeededChance(11), clock).start()
    bots.append(bot)
    game_id = start_game(bot, ana, ben)
    mover, sleeper = on_turn(bot, game_id, ana, ben)
    sleeper.say("/settings quiet=22:00-07:00")

    clock.advance(hours=3)
    mover.say("/say Sleep well")
    assert not any("Sleep well" in m.text for m in sleeper.messages())

    clock.advance(hours=9)
    if next_notice == "board":
        mover.press(mover.turn_message(), "Pass")
        assert bot.service.game(game_id).to_act == bot.player(sleeper.person)
        shown = sleeper.turn_message()
    else:
        mover.say("/say Good morning")
        shown = sleeper.last()
        assert "Good morning" in shown.text and "Game #" not in shown.text
    told = [m for m in sleeper.messages() if "Sleep well" in m.text]
    assert told == [shown], [m.text for m in sleeper.messages()]
    assert shown.text.count("Sleep well") == 1
