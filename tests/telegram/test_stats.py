"""``/stats`` through the fake Bot API: my own profile, a public one by name, each with the
player's reliability, and a private one that shows nothing to another player (worded as for
nobody at all)."""

from __future__ import annotations

from service.words.stats import HIDDEN
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot, Phone
from tests.telegram.test_play import start_game

OVER = "The match is over."
ANA_RELIABLE = "100% reliable (1 finished, 0 lost on time, 0 abandoned)"


def test_stats_shows_mine_and_a_public_profile_and_hides_a_private_one(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    game_id = start_game(bot, ana, ben)
    bot.service.resign(game_id, bot.player(ben.person))
    fake.wait(lambda: OVER in ana.last().text)  # the news of it came before any answer below
    bot.wiring.ratings.catch_up()
    assert bot.wiring.lobby is not None
    bot.wiring.lobby.reliabilities.catch_up()

    ana.say("/stats")
    mine = ana.last().text
    assert mine.startswith("Ana: rating ") and "(provisional)" in mine
    assert "Wins 1, losses 0, draws 0" in mine and "Against Ben: 1 won, 0 lost, 0 drawn" in mine
    assert "Your profile is private" in mine and ANA_RELIABLE in mine.splitlines()

    ben.say("/stats @Ana")
    assert ben.last().text == HIDDEN  # private: the same words as for nobody
    ben.say("/stats @Nobody")
    assert ben.last().text == HIDDEN

    ana.say("/stats public")
    assert "Your profile is public" in ana.last().text
    ben.say("/stats @ana")
    shown = ben.last().text
    assert shown.startswith("Ana: rating ") and "Your profile" not in shown
    assert ANA_RELIABLE in shown.splitlines()
    ben.say("/stats")
    assert "0% reliable (1 finished, 0 lost on time, 1 abandoned)" in ben.last().text

    ana.say("/stats private")
    ben.say("/stats @Ana")
    assert ben.last().text == HIDDEN
