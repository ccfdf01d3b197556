"""A game against each of the bot's levels, opened from every channel and played to its end.

One service runs Telegram (the fake Bot API over real HTTP), email (real SMTP out, Dovecot in)
and the web (the landing page's form and ``POST /api/v1/games`` over real HTTP).  A player opens
a game against ``easy``, ``medium`` or ``hard`` on each channel; the bot with that level's id
answers at once (the hard bot on the worker's next round, ``Sweeper``), the player's moves (the greedy bot's choices) go in until the match is over, and
the channel names the bot by its level to the player.
"""

from __future__ import annotations

import pytest

from service.app.sweeps import Sweeper
from service.bots.levels import LEVELS, bot_name
from service.bots.policies import NoChance, greedy_bot
from service.game.events import GameId, PlayerId
from tests.channels.mixed import Post
from tests.channels.test_same_options import site  # noqa: F401  (the web side of the same service)
from tests.email.dovecot import Dovecot
from tests.email.smtp_sink import SmtpSink
from tests.email.world import ANA, SERVICE, request
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot, Phone
from tests.web.client import Browser, hidden_fields
from tests.web.conftest import Site


def play_to_the_end(bot: Bot, game_id: GameId, player: PlayerId) -> None:
    """The player's decisions, as the greedy bot would make them, until the match is over."""
    for _ in range(500):
        game = bot.service.game(game_id)
        if game.status != "playing":
            break
        if game.to_act != player:  # the hard bot's search is the worker's: its next round
            assert LEVELS["hard"] in game.players and game.to_act == LEVELS["hard"]
            Sweeper(bot.service).expire_batch()
            assert bot.service.game(game_id).version > game.version
            continue
        _, view = bot.service.view(game_id, player)
        bot.service.act(game_id, player, greedy_bot(view, NoChance()))
    game = bot.service.game(game_id)
    assert game.status == "over"


@pytest.mark.parametrize("level", list(LEVELS))
def test_a_game_against_each_level_from_every_channel_is_played_to_its_end(
    bot: Bot,
    fake: FakeTelegram,
    smtp_sink: SmtpSink,
    mailbox: Dovecot,
    site: Site,  # noqa: F811
    level: str,
) -> None:
    name = bot_name(LEVELS[level])

    ana = Phone(fake, fake.person("Ana"))
    ana.say(f"/new {level}")
    player = bot.player(ana.person)
    [line] = bot.service.games_of(player)
    assert ana.last().text.startswith(f"A new game against {name}.")
    opened = {"telegram": (line.game_id, player)}

    post = Post(bot, smtp_sink, mailbox)
    [done] = post.mail(request(ANA, f"new game with the bot {level} deals 1"), SERVICE).values()
    assert done.startswith("opened "), done
    mails = [mail.text() for mail in smtp_sink.to(ANA)]
    assert any(f"A new game against {name}." in text for text in mails), mails
    opened["email"] = (GameId(done.split()[1]), post.player(ANA))

    browser = Browser(site.http)
    fields = {**hidden_fields(browser.get("/").text), "name": "Ana", "opponent": level}
    answer = browser.post_form("/games", fields)
    assert answer.status == 303, answer.text
    page = site.parts.capabilities.read_page(answer.headers["location"].rsplit("/", 1)[1])
    opened["form"] = (page.game_id, page.player)

    token = site.player()
    created = site.http.post("/api/v1/games", {"opponent": level}, token=token)
    assert created.status == 201, created.text
    api_game = GameId(created.json["game_id"])
    opened["api"] = (
        api_game,
        next(p for p in bot.service.game(api_game).players if p != LEVELS[level]),
    )

    for channel, (game_id, human) in opened.items():
        game = bot.service.game(game_id)
        assert LEVELS[level] in game.players and human in game.players, channel
        play_to_the_end(bot, game_id, human)
    assert name in ana.last().text or name in "\n".join(m.text for m in ana.messages())
