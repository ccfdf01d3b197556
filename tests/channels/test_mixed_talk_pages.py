"""Talk at the table between a Telegram player and an email player who each have their web page
open too (issue 20, "Must show"): one service behind the bot, the mail channel and the web
server, as a deployment with all three runs it.  Messages go both ways from the pages as from
the channels: what Ben writes on his page reaches Ana by mail, what Ana writes on hers reaches
Ben on Telegram, and each page shows the whole conversation; after a draw agreed on the pages,
each player's own replay shows the words and the public one does not."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

from adapters.config import WebSettings
from adapters.web.app import create_app, parts_for
from adapters.web.capabilities import Capabilities
from adapters.web.server import web_server
from service.game.events import GameId, PlayerId
from service.rules.seats import Phase, Seat
from tests.channels.mixed import Post
from tests.channels.test_mixed_talk import started
from tests.email.dovecot import Dovecot
from tests.email.smtp_sink import SmtpSink
from tests.email.world import ANA
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot
from tests.web.client import Browser, Http
from tests.web.conftest import KEY, free_port
from tests.web.test_talk_page import conversation
from tests.web.test_talk_page import post as page_post


@contextmanager
def web_side(bot: Bot) -> Iterator[tuple[Http, Capabilities]]:
    """The web server on the bot's own service (its database, its outbox); stopped after."""
    config = WebSettings(port=free_port(), keys=(KEY,), moves_per_minute=1_000_000, threads=4)
    settings = replace(bot.settings, web=config)
    parts = parts_for(bot.wiring, settings)
    server = web_server(create_app(parts), config)
    try:
        yield Http(config.base_url), parts.capabilities
    finally:
        server.stop()
        parts.readiness.pulse.close()


def page_path(capabilities: Capabilities, game_id: GameId, player: PlayerId) -> str:
    """The path of the player's page link (``/p/<token>``), as the web side signs it."""
    return "/p/" + capabilities.page_url(game_id, player).split("/p/", 1)[1]


def steps_text(page: str) -> str:
    found = re.search(r'<ol id="steps">(.*?)</ol>', page, re.S)
    assert found, page
    return html.unescape(re.sub(r"<[^>]*>", " ", found.group(1)))


def test_messages_both_ways_from_the_pages_and_the_channels(
    bot: Bot, fake: FakeTelegram, smtp_sink: SmtpSink, mailbox: Dovecot
) -> None:
    post = Post(bot, smtp_sink, mailbox)
    ben, game_id = started(bot, fake, post)
    game = bot.service.game(game_id)
    ben_id, ana_id = game.players[Seat.FIRST], game.players[Seat.SECOND]
    assert ana_id == post.player(ANA) and ben_id is not None
    with web_side(bot) as (http, capabilities):
        ben_page, ana_page = (page_path(capabilities, game_id, p) for p in (ben_id, ana_id))
        bens_browser, anas_browser = Browser(http), Browser(http)

        page_post(bens_browser, ben_page, message="Hello Ana, from my page")
        bot.worker.drain()
        assert "Ben says: “Hello Ana, from my page”" in post.latest(ANA).text()

        page_post(anas_browser, ana_page, message="Hi Ben, from mine")
        bot.worker.drain()
        assert "ana says: “Hi Ben, from mine”" in ben.last().text

        ben.say("/say and this from Telegram")
        bot.worker.drain()
        assert list(post.answer(post.latest(ANA), "say and this by mail").values()) == ["moved"]

        lines = [
            "Ben says: “Hello Ana, from my page”",
            "ana says: “Hi Ben, from mine”",
            "Ben says: “and this from Telegram”",
            "ana says: “and this by mail”",
        ]
        anas = conversation(anas_browser.get(ana_page).text)
        bens = conversation(bens_browser.get(ben_page).text)
        assert anas == [line.replace("ana says", "You say") for line in lines]
        assert bens == [line.replace("Ben says", "You say") for line in lines]

        page_post(anas_browser, ana_page, talk="offer draw")
        bot.worker.drain()
        assert "ana offers you a draw." in ben.last().text
        page_post(bens_browser, ben_page, talk="accept")
        bot.worker.drain()
        assert bot.service.game(game_id).rules.phase is Phase.OVER
        assert "Ben accepts the offer." in post.latest(ANA).text()

        for browser, page in ((anas_browser, ana_page), (bens_browser, ben_page)):
            own = steps_text(browser.get(f"{page}/replay").text)
            assert "Hello Ana, from my page" in own and "and this by mail" in own
        public = steps_text(Browser(http).get(f"/games/{game_id}/replay").text)
        assert "from my page" not in public and "by mail" not in public
