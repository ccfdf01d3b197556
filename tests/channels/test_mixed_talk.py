"""Talk at the table between a Telegram player and an email player (issue 20): messages go
both ways, a draw is offered by one and accepted by the other with a button, the log verifies,
and the conversation is its players' alone (a public copy withholds the words)."""

from __future__ import annotations

import re

from service.game.events import GameId
from service.game.talk_events import MessageSaid
from service.log.file import export_lines, read_log
from service.log.verify import verify
from service.rules.seats import Phase
from service.words.cast import cast_of
from service.words.news import news
from tests.channels.mixed import Post
from tests.channels.test_mixed_game import told_once_each_on_their_own_channel
from tests.email.dovecot import Dovecot
from tests.email.smtp_sink import SmtpSink
from tests.email.world import ANA, request
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot, Phone

JOIN_BY_MAIL = re.compile(r"they mail join (\w+) to (\S+@\S+?)\.?$", re.MULTILINE)


def started(
    bot: Bot, fake: FakeTelegram, post: Post, ben: Phone | None = None
) -> tuple[Phone, GameId]:
    """Ben on Telegram opens a game (a new person, or ``ben`` again); Ana joins it by mail."""
    ben = ben or Phone(fake, fake.person("Ben"))
    ben.say("/new")
    found = JOIN_BY_MAIL.search(ben.last().text)
    assert found is not None, ben.last().text
    code, address = found.groups()
    [joined] = post.mail(request(ANA, f"join {code}"), address).values()
    return ben, GameId(joined.removeprefix("joined "))


def test_messages_both_ways_and_a_draw_by_consent(
    bot: Bot, fake: FakeTelegram, smtp_sink: SmtpSink, mailbox: Dovecot
) -> None:
    post = Post(bot, smtp_sink, mailbox)
    ben, game_id = started(bot, fake, post)

    said = fake.send(ben.person, "/say Hello Ana, good luck!")
    ben.settle(said)
    message = said["message"]
    assert isinstance(message, dict)
    heard = fake.reactions[(ben.chat, int(message["message_id"]))]
    assert heard == [{"type": "emoji", "emoji": "👍"}]  # no board for words (issue 34)
    bot.worker.drain()
    news_mail = post.latest(ANA).text()
    assert "Ben says: “Hello Ana, good luck!”" in news_mail

    assert list(post.answer(post.latest(ANA), "say Thanks Ben, you too").values()) == ["moved"]
    assert "ana says: “Thanks Ben, you too”" in ben.last().text

    assert list(post.answer(post.latest(ANA), "offer draw").values()) == ["moved"]
    offer = ben.last()
    assert "ana offers you a draw." in offer.text
    assert offer.labels()[-2:] == ["Accept", "Decline"]
    assert ben.press(offer, "Accept") == "✓"
    bot.worker.drain()

    game = bot.service.game(game_id)
    assert game.rules.phase is Phase.OVER and game.rules.match.winner is None
    assert "You accept the offer." in ben.last().text
    ending = post.latest(ANA).text()
    assert "Ben accepts the offer." in ending and "The match ends in a tie" in ending

    stored = bot.service.store.load(game_id)
    assert verify(read_log(export_lines(stored))).ok
    public = bot.service.transcript(game_id)
    assert verify(read_log(export_lines(public))).ok
    exported = "".join(export_lines(public))
    assert "Hello Ana" not in exported and "Thanks Ben" not in exported
    onlooker = cast_of(game.players, bot.wiring.directory)
    told = news([one.event for one in public], game.variant, onlooker)
    assert "Ben writes to the opponent." in told
    told_once_each_on_their_own_channel(bot, fake, smtp_sink, ben)


def test_mute_for_good_on_each_channel_holds_in_the_next_game(
    bot: Bot, fake: FakeTelegram, smtp_sink: SmtpSink, mailbox: Dovecot
) -> None:
    """Ana mutes Ben for good by mail, Ben mutes Ana for good on Telegram; in their next game
    neither is told the other's messages on their channel, until Ana unmutes."""
    post = Post(bot, smtp_sink, mailbox)
    ben, _ = started(bot, fake, post)
    post.answer(post.latest(ANA), "mute for good")
    assert "Muted for good: Ben" in post.latest(ANA).text()
    ben.say("/mute for good")
    assert "Muted for good: ana" in ben.last().text

    _, second = started(bot, fake, post, ben)
    mails, chats = len(smtp_sink.to(ANA)), len(ben.messages())
    ben.say(f"#{second} say can you hear me, Ana?")
    bot.worker.drain()
    assert not any("can you hear me" in mail.text() for mail in smtp_sink.to(ANA)[mails:])
    assert list(post.answer(post.latest(ANA), "say nor you, Ben").values()) == ["moved"]
    said = [one.event for one in bot.service.store.load(second)][-1]
    assert isinstance(said, MessageSaid) and said.text == "nor you, Ben"
    assert not any("nor you, Ben" in said.text for said in ben.messages()[chats:])

    post.answer(post.latest(ANA), "unmute")
    ben.say(f"#{second} say and now?")
    bot.worker.drain()
    assert "Ben says: “and now?”" in post.latest(ANA).text()
