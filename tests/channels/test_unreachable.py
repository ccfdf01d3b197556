"""A Telegram player the bot cannot reach any more — they blocked it (403), or their chat is gone
("chat not found") — is marked unreachable and, having linked an email address, gets the news by
mail instead: the dispatcher passes an undeliverable notification on to the player's next
address.  Ben links his address the way a person does (``/link`` in Telegram, then a mail with
the code from that address), can answer the mail to play, and is back on Telegram once he
writes to the bot again."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest
from sqlalchemy import select

from adapters.sql.tables import outbox
from adapters.telegram.links import USAGE
from service.bots.policies import greedy_bot
from service.game.events import GameId, PlayerId
from service.rules.actions import PlayerAction, Refuse
from service.rules.seats import Source
from service.words.prompts import action_text
from tests.channels.mixed import Post
from tests.email.smtp_sink import SmtpSink
from tests.email.world import BEN, request
from tests.telegram.driver import press_action
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot, Phone
from tests.telegram.test_play import start_game

LINK = re.compile(r"mail link (\w+) to (\S+@\S+) from it")


def blocked(fake: FakeTelegram, chat: int) -> None:
    fake.blocked.add(chat)


def chat_gone(fake: FakeTelegram, chat: int) -> None:
    fake.fail("sendMessage", chat, 400, "Bad Request: chat not found")


@pytest.mark.parametrize(
    ("refuse", "reason"),
    [
        (blocked, "Forbidden: bot was blocked by the user"),
        (chat_gone, "Chat not found"),  # as python-telegram-bot words Telegram's 400
    ],
)
def test_a_player_telegram_cannot_reach_is_told_by_email(
    bot: Bot,
    fake: FakeTelegram,
    smtp_sink: SmtpSink,
    refuse: Callable[[FakeTelegram, int], None],
    reason: str,
) -> None:
    post = Post(bot, smtp_sink)  # mail comes in through the MTA pipe (``email-in``)
    ana, ben = Phone(fake, fake.person("Ana")), Phone(fake, fake.person("Ben"))
    ben.say("/link")
    found = LINK.search(ben.last().text)
    assert found is not None, ben.last().text
    code, address = found.groups()
    assert list(post.mail(request(BEN, f"link {code}"), address).values()) == ["linked"]
    game_id = start_game(bot, ana, ben)
    ana_player, ben_player = bot.player(ana.person), bot.player(ben.person)
    play_until(bot, game_id, lambda _: passes_own_flip(bot, game_id, ana_player), ana, ben)
    refuse(fake, ben.chat)
    mails = len(smtp_sink.received)

    ana.press(ana.turn_message(), "Pass")  # the card goes to Ben: his decision now

    assert bot.app.channel.records.unreachable(ben_player) == reason
    assert fake.calls_to(ben.chat, "sendMessage")[-1].params["text"].startswith("Ana refuses")
    [told] = smtp_sink.received[mails:]
    assert told.to == BEN and "Your turn in the game with Ana." in told.text()
    assert last_notification(bot, ben_player) == ("delivered", None)
    done = post.answer(told, action_text(greedy(bot, game_id, ben_player)))
    assert list(done.values()) == ["moved"]  # he plays on by email meanwhile

    fake.blocked.clear()
    ben.say("/games")
    assert bot.app.channel.records.unreachable(ben_player) is None
    assert any(m.text.startswith("Welcome back") for m in ben.messages())


def passes_own_flip(bot: Bot, game_id: GameId, player: PlayerId) -> bool:
    """Whether ``player`` decides on a card they turned up themselves: refused, it is offered
    to the opponent, whose decision it then is."""
    _, view = bot.service.view(game_id, player)
    own_flip = view.is_my_decision and view.source is Source.OWN_FLIP
    return own_flip and Refuse(view.seat) in view.legal_actions


def test_link_with_a_code_says_which_way_linking_works(bot: Bot, fake: FakeTelegram) -> None:
    ben = Phone(fake, fake.person("Ben"))
    ben.say("/link 0123456789abcdef")  # a code got by mail is for the other side
    assert ben.last().text == USAGE


def test_without_a_linked_address_the_notification_is_recorded_failed(
    bot: Bot, fake: FakeTelegram, smtp_sink: SmtpSink
) -> None:
    ana, ben = Phone(fake, fake.person("Ana")), Phone(fake, fake.person("Ben"))
    game_id = start_game(bot, ana, ben)
    play_until(bot, game_id, lambda to_act: to_act == bot.player(ana.person), ana, ben)
    blocked(fake, ben.chat)

    press_action(ana, greedy(bot, game_id, bot.player(ana.person)))

    status, error = last_notification(bot, bot.player(ben.person))
    assert status == "failed" and "blocked" in str(error)
    assert smtp_sink.received == []


def greedy(bot: Bot, game_id: GameId, player: PlayerId) -> PlayerAction:
    _, view = bot.service.view(game_id, player)
    return greedy_bot(view, random.Random(0))


def play_until(
    bot: Bot, game_id: GameId, done: Callable[[PlayerId | None], bool], ana: Phone, ben: Phone
) -> None:
    """Both play on Telegram (the greedy bot's choices) until ``done(player to act)``."""
    phones = {bot.player(ana.person): ana, bot.player(ben.person): ben}
    while not done(to_act := bot.service.game(game_id).to_act):
        assert to_act is not None
        press_action(phones[to_act], greedy(bot, game_id, to_act))


def last_notification(bot: Bot, player: PlayerId) -> tuple[str, str | None]:
    query = select(outbox.c.status, outbox.c.last_error).where(outbox.c.player == player)
    with bot.wiring.engine.connect() as connection:
        status, error = connection.execute(query.order_by(outbox.c.id.desc())).first() or ("", "")
    return status, error
