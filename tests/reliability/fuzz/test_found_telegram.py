"""What fuzzing the Telegram found, each as the smallest input that showed it."""

from __future__ import annotations

from adapters.telegram.callbacks import decode
from adapters.telegram.processor import key_of

# -- Telegram --------------------------------------------------------------------------------------


def test_button_data_with_a_superscript_digit_is_not_a_button() -> None:
    assert decode("m1:g1:²:P") is None  # str.isdigit says yes, int() says no
    assert decode("m1:g1:" + "1" * 5000 + ":P") is None


def test_an_update_without_the_ids_telegram_sends_is_known_by_its_update_id() -> None:
    assert key_of({"update_id": 7, "message": {}}) == "update:7"
    assert key_of({"update_id": 7, "callback_query": {"data": "x"}}) == "update:7"
    assert (
        key_of({"update_id": 7, "message": {"chat": {"id": 5}, "message_id": 3}}) == "message:5:3"
    )
