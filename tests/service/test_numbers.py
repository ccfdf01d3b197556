"""Whole numbers from outside are read by one function, within named bounds."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.language.numbers import DEALS, STAKE, TARGET, Bounds, NotWithin, whole_number
from service.rules.variants import MatchTerms, VariantError


@pytest.mark.parametrize(
    ("given", "read"), [("7", 7), (" 12 ", 12), ("007", 7), (99, 99), ("99", 99)]
)
def test_digits_and_ints_within_the_bounds_are_read(given: object, read: int) -> None:
    assert whole_number(given, DEALS) == read


@pytest.mark.parametrize(
    "given",
    [
        "²",
        "٣",
        "1" * 5000,
        "9" * 5000,
        "-1",
        "0",
        "100",
        "1e3",
        "",
        " ",
        "1.0",
        "+5",
        0,
        100,
        10**19,
        True,
        2.0,
        None,
        [3],
    ],
)
def test_anything_else_is_refused_by_its_bounds(given: object) -> None:
    with pytest.raises(NotWithin) as refusal:
        whole_number(given, DEALS)
    assert str(refusal.value) == "a whole number from 1 to 99"


def test_the_refusal_writes_large_bounds_with_separators() -> None:
    with pytest.raises(NotWithin, match="from 1 to 1,000,000"):
        whole_number("1000001", STAKE)


@given(st.text(max_size=30) | st.integers())
def test_a_number_read_is_always_within_its_bounds(given: object) -> None:
    bounds = Bounds(3, 5000)
    try:
        read = whole_number(given, bounds)
    except NotWithin:
        return
    assert bounds.least <= read <= bounds.most


@pytest.mark.parametrize(
    "terms",
    [
        {"deals": 100},
        {"deals": 10**19},
        {"deals": None, "target": 10_001},
        {"stake": 1_000_001},
    ],
)
def test_match_terms_past_the_bounds_are_no_match_on_any_channel(terms: dict[str, Any]) -> None:
    """The rules refuse them too, so a channel that reads numbers its own way cannot open a
    match that never ends."""
    with pytest.raises(VariantError, match="at most"):
        MatchTerms(**terms)


def test_the_bounds_are_the_rules_own() -> None:
    assert MatchTerms(deals=DEALS.most, target=TARGET.most, stake=STAKE.most)
