"""``/new``'s numbers are read like every number from outside (``service.language.numbers``): a digit
``int`` refuses, a number of thousands of digits or one past the rules' bounds is answered with
what is wrong, and opens nothing (issue 15)."""

from __future__ import annotations

import pytest

from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot, Phone


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ("deals=²", "deals must be a whole number of at least 1, not '²'."),
        ("stake=٣", "stake must be a whole number of at least 1, not '٣'."),
        ("target=" + "9" * 5000, "target can be at most 10000."),
        ("deals=100", "at most 99"),
        ("deals=" + "1" * 19, "deals can be at most 99."),
    ],
)
def test_a_number_no_rule_takes_is_answered_and_opens_nothing(
    bot: Bot, fake: FakeTelegram, ana: Phone, options: str, said: str
) -> None:
    ana.say(f"/new {options}")
    assert said in ana.last().text
    assert bot.service.games_of(bot.player(ana.person)) == []
