"""Updates of different chats are answered at once, each chat's in order (issue 21, item 4):
while the Bot API holds the answer to one chat, another chat of the same batch is answered."""

from __future__ import annotations

import threading
from pathlib import Path

from adapters.telegram.lanes import Waiting, lane_of
from service.ports.memory_directory import SeededChance
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot


def test_a_chat_held_up_does_not_hold_up_the_others_and_each_chat_keeps_its_order(
    fake: FakeTelegram, tmp_path: Path, bots: list[Bot]
) -> None:
    bot = Bot(fake, tmp_path / "data", SeededChance(11))  # rounds run by hand below
    bots.append(bot)
    ana, ben = fake.person("Ana"), fake.person("Ben")
    gate = fake.hold(ana.id)
    for who, text in ((ana, "/zz1"), (ana, "/zz2"), (ben, "/zz3")):
        fake.send(who, text)

    one_round = threading.Thread(target=bot.poller.round)
    one_round.start()
    try:
        fake.wait(lambda: fake.calls_to(ben.id, "sendMessage"))
        assert not fake.calls_to(ana.id, "sendMessage")  # her answer is still held
    finally:
        gate.set()
        one_round.join(30)
    assert not one_round.is_alive()

    answers = [m.text for m in fake.chat(ana.id)]
    assert [a.split(".")[0] for a in answers] == ["I don't know /zz1", "I don't know /zz2"]
    assert bot.app.channel.records.waiting() == []


def test_an_update_goes_in_the_lane_of_its_chat() -> None:
    typed = '{"update_id": 1, "message": {"message_id": 4, "chat": {"id": 7}, "text": "pass"}}'
    pressed = '{"update_id": 2, "callback_query": {"id": "9", "from": {"id": 7}, "data": "x"}}'
    kicked = '{"update_id": 3, "my_chat_member": {"chat": {"id": -5}}}'

    assert lane_of(Waiting("message:7:4", typed)) == "chat:7"
    assert lane_of(Waiting("callback:9", pressed)) == "chat:7"
    assert lane_of(Waiting("update:3", kicked)) == "chat:-5"
    assert lane_of(Waiting("update:4", "not json")) == "update:4"
    assert lane_of(Waiting("update:5", None)) == "update:5"
