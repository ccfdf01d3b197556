"""Talk at the table between a Telegram player and an email player (issue 20): messages go
both ways, a draw is offered by one and accepted by the other, the log verifies, and the
conversation is its players' alone."""

from __future__ import annotations

import re

from service.game.events import GameId
from service.log.file import export_lines, read_log
from service.log.verify import verify
from tests.channels.mixed import Post
from tests.email.dovecot import Dovecot
from tests.email.smtp_sink import SmtpSink
from tests.email.world import ANA, request
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot, Phone

JOIN_BY_MAIL = re.compile(r"they mail join (\w+) to (\S+@\S+?)\.?$", re.MULTILINE)


def started(bot: Bot, fake: FakeTelegram, post: Post) -> tuple[Phone, GameId]:
    ben = Phone(fake, fake.person("Ben"))
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

    ben.say("/say Hello Ana, good luck!")
    bot.worker.drain()
    print(ben.last().text)
    print(post.latest(ANA).text())
    done = post.answer(post.latest(ANA), "say Thanks Ben, you too")
    print(done)
    print(ben.last().text)
    done = post.answer(post.latest(ANA), "offer draw")
    print(done)
    print(ben.last().text, ben.last().labels())
    ben.say("/accept")
    bot.worker.drain()
    print(ben.last().text)
    print(post.latest(ANA).text())
