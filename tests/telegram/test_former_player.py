"""No rematch with a player who erased themselves, through the fake Bot API (issue 31, item 7):
the last board offers only a new game, and ``/rematch`` is refused with the reason."""

from __future__ import annotations

import re

from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot, Phone
from tests.telegram.test_play import start_game


def test_a_former_player_is_offered_no_rematch_and_none_starts(
    bot: Bot, fake: FakeTelegram, ana: Phone
) -> None:
    zeb = Phone(fake, fake.person("Zebulon"))
    game_id = start_game(bot, ana, zeb)
    zeb.say("/erase")
    found = re.search(r"/erase (\d{6})", zeb.last().text)
    assert found is not None
    zeb.say(f"/erase {found.group(1)}")
    assert bot.service.game(game_id).status == "over"
    fake.wait(lambda: "left the service" in ana.last().text)

    ending = next(m for m in reversed(ana.messages()) if "New game" in m.labels())
    assert ending.labels() == ["New game"]
    assert all("Rematch" not in message.labels() for message in ana.messages())
    ana.say("/rematch")
    assert "left the service, so there can be no rematch" in ana.last().text
    games = bot.service.games_of(bot.player(ana.person))
    assert [line.game_id for line in games] == [game_id]  # nothing was opened
