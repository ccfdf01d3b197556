"""Issue 36's first must-show, its channels' half: two players who never met — Ben on Telegram
(the fake Bot API), Ana by email (aiosmtpd out, Dovecot in) — find each other through a seek and
play the game to its end, each on their own channel.  And a private player's name is in no
listing, on Telegram or by mail."""

from __future__ import annotations

import re

from service.game.events import GameId
from service.rules.seats import Phase
from tests.channels.mixed import Post
from tests.channels.test_mixed_game import play, told_once_each_on_their_own_channel
from tests.email.dovecot import Dovecot
from tests.email.smtp_sink import SmtpSink
from tests.email.world import ANA, SERVICE, request
from tests.telegram.driver import LeakCheck
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot, Phone

PUBLISHED = re.compile(r"Your seek (\w+) is in the lobby")


def test_strangers_on_telegram_and_by_mail_meet_through_a_seek_and_play_to_the_end(
    bot: Bot, fake: FakeTelegram, smtp_sink: SmtpSink, mailbox: Dovecot
) -> None:
    post = Post(bot, smtp_sink, mailbox)
    ben = Phone(fake, fake.person("Ben"))
    ben.say("/seek deals=1 time=1d")
    found = PUBLISHED.search(ben.last().text)
    assert found is not None, ben.last().text
    code = found.group(1)

    assert list(post.mail(request(ANA, "lobby"), SERVICE).values()) == ["lobby: 1 listed"]
    listing = post.latest(ANA)
    assert f"{code} · a player (1500, new player)" in listing.text()
    line = next(one for one in listing.text().splitlines() if one.startswith("  accept "))
    [accepted] = post.answer(listing, line, quote=False).values()  # the line as it stands

    game_id = GameId(accepted.removeprefix("accepted "))
    assert f"You accepted seek {code}: your game begins." in post.latest(ANA).text()
    assert "ana joins as player 2." in ben.last().text  # the seek's owner, told on Telegram
    telegram = LeakCheck(fake, bot, game_id)
    decisions = play(bot, post, ben, game_id, telegram, seed=7)

    game = bot.service.game(game_id)
    assert game.rules.phase is Phase.OVER and game.rules.match.winner is not None
    assert decisions > 5
    assert "The match is over" in ben.last().text
    assert "won the match" in post.latest(ANA).text()
    told_once_each_on_their_own_channel(bot, fake, smtp_sink, ben)


def test_a_private_players_name_is_in_no_listing_on_telegram_or_by_mail(
    bot: Bot, fake: FakeTelegram, smtp_sink: SmtpSink
) -> None:
    post = Post(bot, smtp_sink)
    ben = Phone(fake, fake.person("Benedikt"))
    cid = Phone(fake, fake.person("Cid"))
    ben.say("/seek")
    post.mail(request(f"Anabel <{ANA}>", "seek time 2d"), SERVICE)
    post.answer(post.latest(ANA), "yes")  # the confirmation a new address is asked

    cid.say("/lobby")
    post.mail(request("dee@example.org", "lobby"), SERVICE)

    telegram_listing, mail_listing = cid.last().text, post.latest("dee@example.org").text()
    for listing in (telegram_listing, mail_listing):
        assert listing.count("a player (1500, new player)") == 2, listing
        for secret in ("Benedikt", "Anabel", "ana@", str(ben.chat)):
            assert secret not in listing, (secret, listing)
