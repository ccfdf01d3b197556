"""``/privacy``, ``/mydata`` and ``/erase`` through the fake Bot API (issue 25): the file holds what
is kept about the player; a confirmed erasure gives their game up, the opponent is told of "a
former player", and no table holds their Telegram id or their name any more."""

from __future__ import annotations

import json
import re

from sqlalchemy import select

from adapters.sql import schema
from service.log.file import export_lines, read_log
from service.log.verify import verify
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot, Phone
from tests.telegram.test_play import start_game


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
