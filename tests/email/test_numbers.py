"""``new game with … deals N`` reads its numbers like every number from outside
(``service.language.numbers``): a digit ``int`` refuses or a number of thousands of digits is answered
with what is wrong — never with Python's own words — and a number past the rules' bounds is
refused by them; nothing is opened (issue 15)."""

from __future__ import annotations

import pytest

from service.ports.directory import Address
from tests.email.world import ANA, BEN, SERVICE, World, request


@pytest.mark.parametrize(
    ("settings", "said"),
    [
        ("deals ²", "deals must be a whole number of at least 1, not '²'."),
        ("stake " + "9" * 5000, "stake can be at most 1000000."),
        ("deals 100", "at most 99"),
    ],
)
def test_a_number_no_rule_takes_is_answered_plainly(world: World, settings: str, said: str) -> None:
    (outcome,) = world.send(request(ANA, f"new game with {BEN} {settings}"), SERVICE).values()
    assert outcome.startswith("refused: "), outcome
    answer = world.latest(ANA).text()
    assert said in answer
    for python in ("int()", "invalid literal", "Exceeds the limit", "sys.set_int_max_str_digits"):
        assert python not in answer
    directory = world.service.directory
    assert directory is not None
    ana = directory.player_at(Address("email", ANA))
    assert ana is None or world.service.games_of(ana) == [], "nothing opened"
