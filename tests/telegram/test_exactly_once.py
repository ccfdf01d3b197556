"""Each update moves the game once, however often Telegram delivers it and wherever the bot
process stops: updates are stored before they are confirmed, recognised by update id and by
chat and message id, and answered from the store after a restart."""

from __future__ import annotations

from sqlalchemy import update as sa_update

from adapters.sql.tables import inbox
from adapters.sql.telegram_tables import telegram_updates
from service.game.events import GameId
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot, Phone
from tests.telegram.test_play import start_game
from tests.telegram.test_refusals import on_turn


def again(update: dict[str, object]) -> dict[str, object]:
    """The update's content, for delivering it again."""
    return {name: value for name, value in update.items() if name != "update_id"}


def sent(fake: FakeTelegram, *phones: Phone) -> int:
    return sum(len(fake.calls_to(p.chat, "sendMessage", "editMessageText")) for p in phones)


def restart(fake: FakeTelegram, bots: list[Bot], started: bool = True) -> Bot:
    """A new bot process on the same database."""
    process = Bot(fake, bots[0].settings.data_dir)
    bots.append(process)
    return process.start() if started else process


def test_an_update_delivered_again_after_a_restart_moves_the_game_once(
    bot: Bot, bots: list[Bot], fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    game_id = start_game(bot, ana, ben)
    mover, other = on_turn(bot, game_id, ana, ben)
    before = bot.service.game(game_id).version
    update = fake.send(mover.person, "pass")
    mover.settle(update)
    after = bot.service.game(game_id).version
    assert after > before
    bot.close()  # as if the confirmation of the update had been lost with the process
    told = sent(fake, mover, other)

    fake.deliver(again(update), update_id=int(str(update["update_id"])))  # the same update
    fake.deliver(again(update))  # the same message under a new update id
    restarted = restart(fake, bots)
    mover.settle(fake.send(mover.person, "/games"))

    assert restarted.service.game(game_id).version == after
    assert sent(fake, mover, other) == told + 1  # only the answer to /games


def test_the_same_press_delivered_twice_moves_once(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    game_id = start_game(bot, ana, ben)
    mover, other = on_turn(bot, game_id, ana, ben)
    before = bot.service.game(game_id).version
    press = fake.press_label(mover.person, mover.turn_message(), "Pass")
    mover.settle(press)
    after = bot.service.game(game_id).version
    told = sent(fake, mover, other)

    mover.settle(fake.deliver(again(press)))

    assert before < after == bot.service.game(game_id).version
    assert sent(fake, mover, other) == told
    query = press["callback_query"]
    assert isinstance(query, dict)
    assert [c.params["callback_query_id"] for c in fake.calls if c.method == "answerCallbackQuery"
            ].count(query["id"]) == 1  # fmt: skip


def test_a_process_killed_between_storing_and_answering_applies_the_update_once_on_restart(
    bot: Bot, bots: list[Bot], fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    game_id = start_game(bot, ana, ben)
    mover, other = on_turn(bot, game_id, ana, ben)
    before = bot.service.game(game_id).version
    bot.close()
    crashing = restart(fake, bots, started=False)
    update = fake.send(mover.person, "pass")

    assert crashing.poller.fetch(timeout=1) == 1  # stored, not yet answered nor confirmed
    assert crashing.app.channel.records.waiting() == [f"message:{mover.chat}:{_id(update)}"]
    assert crashing.service.game(game_id).version == before
    crashing.close()  # killed: the update is neither answered nor confirmed
    told = sent(fake, mover, other)

    restarted = restart(fake, bots)
    mover.settle(update)

    moved = restarted.service.game(game_id)
    assert moved.version > before
    assert (
        restarted.service.store.load(GameId(game_id))[before].event.__class__.__name__
        == "CardRefused"
    )
    # the mover's board edited in place (issue 34), the opponent's turn a new board and their
    # old board edited down to its one-line record
    assert sent(fake, mover, other) == told + 3
    assert restarted.app.channel.records.waiting() == []


def _id(update: dict[str, object]) -> int:
    message = update["message"]
    assert isinstance(message, dict)
    return int(message["message_id"])


def answered_then_crashed(
    bot: Bot, bots: list[Bot], fake: FakeTelegram, phone: Phone, text: str
) -> tuple[dict[str, object], Bot]:
    """``text`` from ``phone`` answered by a process that then dies before the update's reply and
    its "answered" are written (the update, to deliver again; the process, to read and close)."""
    phone.say("/start")
    bot.close()
    crashing = restart(fake, bots, started=False)
    update = fake.send(phone.person, text)
    crashing.poller.fetch(timeout=1)
    crashing.app.processor.answer_waiting()
    key = f"message:{phone.chat}:{_id(update)}"
    with crashing.wiring.engine.begin() as connection:  # the crash: what was asked is done,
        connection.execute(  # its answer and the update's "answered" never written
            sa_update(inbox)
            .where(inbox.c.source == "telegram", inbox.c.key == key)
            .values(reply=None, completed_at=None)
        )
        connection.execute(
            sa_update(telegram_updates)
            .where(telegram_updates.c.key == key)
            .values(answered_at=None)
        )
    return update, crashing


def test_new_answered_again_after_a_crash_before_its_answer_was_recorded_opens_one_game(
    bot: Bot, bots: list[Bot], fake: FakeTelegram, ana: Phone
) -> None:
    update, crashing = answered_then_crashed(bot, bots, fake, ana, "/new")
    [opened] = crashing.service.games_of(crashing.player(ana.person))
    crashing.close()

    restarted = restart(fake, bots)
    ana.settle(update)

    assert [g.game_id for g in restarted.service.games_of(restarted.player(ana.person))] == [
        opened.game_id
    ]
    assert restarted.app.channel.records.waiting() == []
