"""A whole deal between a player on Telegram and a player on email, in one service.

The flow a real person takes: Ben, on Telegram, sends ``/new``; the bot's invitation says that
someone without Telegram joins by mailing ``join CODE`` to the service's address, and Ana, who
only has email, does so.  From then on each plays on their own channel — Ben with the turn
message's buttons or typed commands through the fake Bot API, Ana by replying to her mails
through Dovecot (LMTP in, IMAP out) — and hears of the other's moves there: Ben in a new turn
message, Ana in a mail whose reply address carries the position it shows.  Nothing reaches a
player twice or on the other's channel, and no message or mail names a card of the opponent's
hand while the deal is in play."""

from __future__ import annotations

import random
import re

from sqlalchemy import select

from adapters.email.tokens import parse_token
from adapters.sql.tables import outbox
from service.bots.policies import greedy_bot
from service.game.events import GameId
from service.rules.seats import Phase
from service.words.prompts import action_text
from tests.channels.mixed import Post
from tests.email.dovecot import Dovecot
from tests.email.smtp_sink import SmtpSink
from tests.email.test_deal_by_email import shown
from tests.email.test_no_leaks import hidden_from
from tests.email.world import ANA, SERVICE, request
from tests.telegram.driver import LeakCheck, press_action
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot, Phone

JOIN_BY_MAIL = re.compile(r"they mail join (\w+) to (\S+@\S+?)\.?$", re.MULTILINE)


def test_a_telegram_player_and_an_email_player_play_a_deal_to_a_win(
    bot: Bot, fake: FakeTelegram, smtp_sink: SmtpSink, mailbox: Dovecot
) -> None:
    post = Post(bot, smtp_sink, mailbox)
    ben = Phone(fake, fake.person("Ben"))

    ben.say("/new")
    found = JOIN_BY_MAIL.search(ben.last().text)
    assert found is not None, ben.last().text
    code, address = found.groups()
    assert address == SERVICE
    [joined] = post.mail(request(ANA, f"join {code}"), address).values()

    game_id = GameId(joined.removeprefix("joined "))
    assert "You joined the game with Ben." in post.latest(ANA).text()
    assert "ana joins as player 2." in ben.last().text  # her name as she gave it
    telegram = LeakCheck(fake, bot, game_id)
    decisions = play(bot, post, ben, game_id, telegram, seed=5)

    game = bot.service.game(game_id)
    assert game.rules.phase is Phase.OVER and game.rules.match.winner is not None
    assert decisions > 10 and telegram.checked > 5
    assert "The match is over" in ben.last().text
    assert ben.last().labels() == ["Rematch", "New game"]
    ending = post.latest(ANA).text()  # the result from her side, and what a reply can do
    assert "won the match" in ending and "To play Ben again, reply rematch." in ending
    told_once_each_on_their_own_channel(bot, fake, smtp_sink, ben)


def play(bot: Bot, post: Post, ben: Phone, game_id: GameId, telegram: LeakCheck, seed: int) -> int:
    """The deal to its end: the greedy bot's choice from the player's own view, made by Ben with
    buttons (a third of them typed) and by Ana in a reply to her latest mail, which must show the
    position as it is; what each was sent meanwhile is checked for the other's hidden cards."""
    rng = random.Random(seed)
    ana = post.player(ANA)
    decisions = 0
    telegram.since_last()
    while (game := bot.service.game(game_id)).status == "playing":
        player = game.to_act
        assert player is not None
        _, view = bot.service.view(game_id, player)
        action = greedy_bot(view, rng)
        sent = len(post.sink.received)
        if player == ana:
            mail = post.latest(ANA)
            tag = post.email.handler.addresses.tag(str(mail.message["Reply-To"]))
            assert tag is not None and parse_token(tag.token).version == game.version
            done = post.answer(mail, action_text(action), quote=decisions % 2 == 0)
            assert list(done.values()) == ["moved"], (action, done)
        elif rng.random() < 1 / 3:
            ben.say(action_text(action))
        else:
            press_action(ben, action)
        assert bot.service.game(game_id).version > game.version, f"{action!r} did not move"
        decisions += 1
        telegram.since_last()
        after = bot.service.game(game_id)
        for new in post.sink.received[sent:]:
            assert not shown(new) & hidden_from(after, ana), "a mail named Ben's hidden cards"
    return decisions


def told_once_each_on_their_own_channel(
    bot: Bot, fake: FakeTelegram, sink: SmtpSink, ben: Phone
) -> None:
    """Every notification was delivered at the first attempt; Ana's mails and Ben's messages
    are each told once (a re-sent mail would repeat its Message-ID, a repeated Telegram
    notification its text); nobody else was written to."""
    with bot.wiring.engine.connect() as connection:
        rows = connection.execute(select(outbox.c.status, outbox.c.attempts)).all()
    assert rows and set(rows) == {("delivered", 0)}
    ids = [str(mail.message["Message-ID"]) for mail in sink.received]
    assert len(ids) == len(set(ids))
    assert {mail.to for mail in sink.received} == {ANA}
    texts = [str(call.params["text"]) for call in fake.calls_to(ben.chat, "sendMessage")]
    assert len(texts) == len(set(texts))
    with fake.changed:
        chats = {call.chat_id for call in fake.calls if call.chat_id is not None}
    assert chats == {ben.chat}
