"""What fuzzing the Telegram found, each as the smallest input that showed it."""

from __future__ import annotations

from pathlib import Path

from adapters.telegram.callbacks import decode
from adapters.telegram.processor import key_of
from tests.reliability.fuzz.bot_updates import Updates

# -- Telegram --------------------------------------------------------------------------------------


def test_button_data_with_a_superscript_digit_is_not_a_button() -> None:
    assert decode("m1:g1:²:P") is None  # str.isdigit says yes, int() says no
    assert decode("m1:g1:" + "1" * 5000 + ":P") is None
    assert decode("m1:g\x001:3:P") is None  # forged: on PostgreSQL its lookup raised DataError


def test_an_update_without_the_ids_telegram_sends_is_known_by_its_update_id() -> None:
    assert key_of({"update_id": 7, "message": {}}) == "update:7"
    assert key_of({"update_id": 7, "callback_query": {"data": "x"}}) == "update:7"
    assert (
        key_of({"update_id": 7, "message": {"chat": {"id": 5}, "message_id": 3}}) == "message:5:3"
    )


def test_a_replay_press_on_a_message_that_is_gone_shows_the_step_anew(tmp_path: Path) -> None:
    surface = Updates(tmp_path)
    try:
        gone = {"message_id": 99_999, "chat": "private", "date": 0}
        press = {"id": "<query>", "from": "ana", "chat_instance": "1", "data": "l0:<game>:0:"}
        calls = len(surface.fake.calls)
        surface.check({"callback_query": {**press, "message": gone}})  # raised three times
        sent = [c for c in surface.fake.calls[calls:] if c.method == "sendMessage"]
        assert sent and sent[-1].chat_id == surface.people["ana"].id
    finally:
        surface.close()
