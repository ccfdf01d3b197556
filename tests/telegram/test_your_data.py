"""``/privacy``, ``/mydata`` and ``/erase`` through the fake Bot API (issue 25): the file holds what
is kept about the player (their reviews and tournament entries too); a confirmed erasure gives
their game up and withdraws them from their tournaments, the opponent is told of "a former
player", and no table holds their Telegram id or their name any more."""

from __future__ import annotations

import json
import re

from sqlalchemy import select

from adapters.sql import schema
from service.game.events import GameId
from service.log.file import export_lines, read_log
from service.log.verify import verify
from service.ports.reviews import ReviewStep
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot, Phone
from tests.telegram.test_play import start_game
from tests.telegram.test_tournaments import entrants, opened


def _held(bot: Bot) -> str:
    rows = []
    with bot.wiring.engine.connect() as connection:
        for table in schema.metadata.sorted_tables:
            rows += [" ".join(map(str, row)) for row in connection.execute(select(table))]
    return "\n".join(rows)


def test_help_names_the_privacy_commands_and_privacy_says_what_is_kept(
    bot: Bot, ana: Phone
) -> None:
    ana.say("/help")
    assert "/mydata" in ana.last().text and "/erase" in ana.last().text
    ana.say("/privacy")
    assert "FOR HOW LONG" in ana.last().text and "14 days" in ana.last().text


def test_mydata_sends_a_file_and_erase_asks_then_erases(
    bot: Bot, fake: FakeTelegram, ana: Phone
) -> None:
    zeb = Phone(fake, fake.person("Zebulon"))
    game_id = start_game(bot, ana, zeb)
    zeb.say("/mydata")
    [sent] = fake.calls_to(zeb.chat, "sendDocument")
    assert sent.photo is not None
    data = json.loads(sent.photo)
    assert data["profile"]["name"] == "Zebulon"
    assert {"channel": "telegram", "value": str(zeb.chat)} in data["addresses"]
    assert [game["game_id"] for game in data["games"]] == [game_id]

    zeb.say("/erase")
    found = re.search(r"/erase (\d{6})", zeb.last().text)
    assert found is not None and "cannot be undone" in zeb.last().text
    code = found.group(1)
    zeb.say("/erase 000000" if code != "000000" else "/erase 000001")
    assert "nothing was done" in zeb.last().text and "/erase " not in zeb.last().text
    assert bot.service.game(game_id).status == "playing"
    zeb.say(f"/erase {code}")
    assert zeb.last().text == "Everything held about you is erased. Goodbye."

    assert bot.service.game(game_id).status == "over"
    told = fake.wait(lambda: "left the service" in ana.last().text and ana.last().text)
    assert "A former player left the service" in told and "Zebulon" not in told
    held = _held(bot)
    assert "Zebulon" not in held and f":{zeb.chat}:" not in held
    assert f'"id": {zeb.chat}' not in held and f" {zeb.chat} " not in f" {held} "
    log = read_log(export_lines(bot.service.transcript(game_id)))
    assert verify(log).ok


def test_mydata_holds_reviews_and_tournaments_and_erase_withdraws_from_them(
    bot: Bot, fake: FakeTelegram, ana: Phone
) -> None:
    """Issues 37 and 38 with issue 25: the file lists Zeb's review and his tournament entry; once
    erased, his review is gone and the tournament shows him withdrawn, never by his name."""
    zeb = Phone(fake, fake.person("Zebulon"))
    tournament_id = opened(bot, 3)
    code = tournament_id[:6]
    for phone in (ana, zeb):
        phone.say(f"/join_tournament {code}")
        assert phone.last().text.startswith(f"You are in tournament {code}.")
    player = bot.player(zeb.person)
    reviews = bot.service.reviewing.reviews
    reviews.record(1, GameId("g-reviewed"), {player: (ReviewStep(3, "draw", "take", 40, True),)})

    zeb.say("/mydata")
    [sent] = fake.calls_to(zeb.chat, "sendDocument")
    assert sent.photo is not None
    data = json.loads(sent.photo)
    assert [row["game_id"] for row in data["held"]["reviews"]] == ["g-reviewed"]
    assert [(one["tournament_id"], one["withdrawn"]) for one in data["tournaments"]] == [
        (tournament_id, False)
    ]

    zeb.say("/erase")
    found = re.search(r"/erase (\d{6})", zeb.last().text)
    assert found is not None
    zeb.say(f"/erase {found.group(1)}")
    assert zeb.last().text == "Everything held about you is erased. Goodbye."

    assert reviews.of(GameId("g-reviewed"), player) is None
    assert entrants(bot, tournament_id) == [bot.player(ana.person)]  # Zeb withdrew
    ana.say(f"/tournament {code}")
    assert "Zebulon" not in ana.last().text and "Zebulon" not in _held(bot)
