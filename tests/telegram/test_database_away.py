"""While the database is away the poller cannot store an update, so it must not confirm it:
Telegram keeps it, the poller keeps running, and once the database is back the update is
stored, answered and applied once.

The database is away the way a stopped server is: the SQLite file's place holds a directory, so
every new connection fails.
"""

from __future__ import annotations

import pytest

from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot, Phone
from tests.telegram.test_play import start_game
from tests.telegram.test_refusals import on_turn
from tests.waiting import eventually, logged


def test_an_update_stays_unconfirmed_while_the_database_is_away(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone, caplog: pytest.LogCaptureFixture
) -> None:
    game_id = start_game(bot, ana, ben)
    mover, _ = on_turn(bot, game_id, ana, ben)
    before = bot.service.game(game_id).version
    database = bot.settings.data_dir / "conquian.db"
    away = database.with_name("away.db")
    bot.wiring.engine.dispose()
    database.rename(away)
    database.mkdir()

    update = fake.send(mover.person, "pass")
    update_id = int(str(update["update_id"]))
    meetings = logged(lambda: caplog.records, "database unavailable")
    assert eventually(lambda: meetings() >= 2, 20), "the poller met the missing database"
    assert fake.confirmed <= update_id
    assert bot._thread is not None and bot._thread.is_alive()

    database.rmdir()
    away.rename(database)
    mover.settle(update)
    mover.settle(fake.send(mover.person, "/games"))  # the move's answer went out before this
    assert bot.service.game(game_id).version > before
