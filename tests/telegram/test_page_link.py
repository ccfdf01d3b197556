"""A Telegram player's private page (issue 34 item 6): the board in their private chat links
the web page of that game for that player, and nothing in a group does."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.config import WebSettings
from adapters.web.capabilities import Capabilities, PageGrant
from service.ports.memory_directory import SeededChance
from tests.telegram.driver import play
from tests.telegram.fake_api import FakeTelegram, Message
from tests.telegram.harness import Bot, Phone
from tests.telegram.test_group_and_bot import group_game

PUBLIC = "https://conquian.example"


@pytest.fixture
def linking(fake: FakeTelegram, tmp_path: Path, bots: list[Bot]) -> Bot:
    """A bot whose service has a public address."""
    web = WebSettings(public_url=PUBLIC)
    running = Bot(fake, tmp_path / "data", SeededChance(11), web=web).start()
    bots.append(running)
    return running


def page_of(message: Message) -> str:
    [url] = [b["url"] for b in message.buttons() if b["text"] == "Your page"]
    return str(url)


def test_each_players_board_links_their_own_page_and_the_group_sees_no_link(
    linking: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    bot = linking
    group, game_id = group_game(bot, fake, ana, ben)
    pages = Capabilities.from_settings(bot.settings, bot.wiring.directory)

    for phone in (ana, ben):
        board = [m for m in phone.messages() if "Game #" in m.text][-1]
        url = page_of(board)
        assert url.startswith(f"{PUBLIC}/p/")
        grant = pages.read_page(url.removeprefix(f"{PUBLIC}/p/"))
        assert grant == PageGrant(game_id, bot.player(phone.person))

    play(bot, [ana, ben], game_id, seed=5)

    assert page_of(ana.last()).startswith(f"{PUBLIC}/p/")  # the ending links it too
    fake.wait(lambda: len(fake.chat(group)) == 3)
    to_group = [str(c.params) for c in fake.calls if c.chat_id == group]
    assert to_group and not any("/p/" in call for call in to_group)


def test_without_a_public_address_no_board_carries_a_link(
    bot: Bot, fake: FakeTelegram, ana: Phone
) -> None:
    """Telegram refuses a button to an address no phone can open (``127.0.0.1``)."""
    ana.say("/new bot")
    assert all("url" not in b for m in ana.messages() for b in m.buttons())
