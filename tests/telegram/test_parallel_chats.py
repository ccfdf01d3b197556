"""Updates of different chats are answered at once, each chat's in order (issue 21, item 4):
while the Bot API holds the answer to one chat, another chat of the same batch is answered, and
the running poller takes up a later batch too; no update is answered twice or out of its
chat's order."""

from __future__ import annotations

import threading
from pathlib import Path

from adapters.sql.telegram_records import Waiting
from adapters.telegram.lanes import Lanes, lane_of
from service.ports.memory_directory import SeededChance
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot
from tests.waiting import eventually


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


def test_the_running_poller_takes_up_a_new_update_while_another_chat_waits_for_its_answer(
    fake: FakeTelegram, tmp_path: Path, bots: list[Bot]
) -> None:
    bot = Bot(fake, tmp_path / "data", SeededChance(11)).start()
    bots.append(bot)
    ana, ben = fake.person("Ana"), fake.person("Ben")
    gate = fake.hold(ana.id)
    try:
        first = int(fake.send(ana, "/zz1")["update_id"])
        fake.wait(lambda: fake.confirmed > first)  # stored and taken up; her answer is held
        fake.send(ben, "/zz2")  # a later batch

        fake.wait(lambda: fake.chat(ben.id))  # answered while Ana's answer is still held
        assert not fake.chat(ana.id)
    finally:
        gate.set()
    fake.wait(lambda: fake.chat(ana.id))


def test_a_look_never_queues_an_update_answered_while_it_read() -> None:
    answered: list[str] = []
    release = threading.Event()

    def answer(waiting: Waiting) -> bool:
        release.wait(10)
        answered.append(waiting.key)
        return True

    lanes = Lanes(answer, 2)
    update = Waiting("message:7:1", '{"message": {"chat": {"id": 7}}}')
    try:
        assert lanes.look(lambda: [update]) == 1

        def read_while_it_is_answered() -> list[Waiting]:
            """The query began before the answer was marked: it still finds the update."""
            release.set()
            assert eventually(lanes.idle, 10)
            return [update]

        assert lanes.look(read_while_it_is_answered) == 0
        assert eventually(lanes.idle, 10)
    finally:
        lanes.close()
    assert answered == ["message:7:1"]


def test_a_lane_that_could_not_answer_leaves_its_chat_for_the_next_look_in_order() -> None:
    answered: list[str] = []
    refusals = iter([False])

    def answer(waiting: Waiting) -> bool:
        if waiting.key == "message:7:1" and next(refusals, True) is False:
            return False  # not yet (a failure to try again)
        answered.append(waiting.key)
        return True

    lanes = Lanes(answer, 2)
    chat = '{"message": {"chat": {"id": 7}}}'
    waiting = [Waiting("message:7:1", chat), Waiting("message:7:2", chat)]
    try:
        assert lanes.run(waiting) == 0  # the first could not be answered: the second waits
        assert lanes.stopped()
        assert lanes.look(lambda: waiting) == 2
        assert eventually(lanes.idle, 10)
    finally:
        lanes.close()
    assert answered == ["message:7:1", "message:7:2"]
