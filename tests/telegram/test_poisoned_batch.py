"""An update python-telegram-bot cannot parse does not stall polling: it is kept raw in the
inbox (for the record) and ignored, every other update of its batch is answered once, and
polling goes on with the next batch."""

from __future__ import annotations

import json
from pathlib import Path

from sqlalchemy import select

from adapters.sql.tables import inbox
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot, Phone

POISON = {
    "message": {"message_id": 1, "date": 0, "chat": {"id": 99, "type": "private"}, "from": "x"}
}
"""A message whose ``from`` is a string: ``Update.de_json`` fails on it."""


def test_an_unparsable_update_is_kept_and_the_rest_of_its_batch_answered_once(
    fake: FakeTelegram, tmp_path: Path, bots: list[Bot], ana: Phone, ben: Phone
) -> None:
    process = Bot(fake, tmp_path / "data")
    bots.append(process)
    first = fake.send(ana.person, "/help")
    poisoned = fake.deliver(POISON)
    last = fake.send(ben.person, "/help")  # one batch: nothing is polled before the start

    process.start()
    ben.settle(last)
    ana.settle(first)

    assert len(fake.calls_to(ana.chat, "sendMessage")) == 1
    assert len(fake.calls_to(ben.chat, "sendMessage")) == 1
    with process.wiring.engine.connect() as connection:
        kept = connection.execute(
            select(inbox.c.payload, inbox.c.reply).where(inbox.c.key == "message:99:1")
        ).one()
    assert json.loads(kept.payload) == poisoned  # raw, as Telegram sent it
    assert kept.reply is not None  # given its outcome: ignored, nobody to answer
    ana.say("/help")  # polling goes on
    assert len(fake.calls_to(ana.chat, "sendMessage")) == 2
