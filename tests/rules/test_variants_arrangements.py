"""Variant flags about where cards may go on a take or a refusal (RULES R10.3, R10.4, R12,
§3.1, A21): ``hand_cards_on_take`` and ``rearrange``.

Positions are played from stacked decks (see ``_variant_deals``); each test checks the exact
events of the take or refusal under test, or that it is rejected.
"""

from __future__ import annotations

import pytest

from service.rules.actions import Refuse, Take
from service.rules.cards import EMPTY, card, cards
from service.rules.errors import (
    HandCardsWithCenterOnly,
    IllegalAction,
    NoArrangement,
)
from service.rules.events import (
    CardDiscarded,
    CardPassed,
    CardRefused,
    CardTurnedUp,
    CenterCardTaken,
    Event,
    HandMelded,
)
from service.rules.evolve import replay
from service.rules.legal import legal_actions
from service.rules.variants import Variant
from tests.rules._variant_deals import (
    D,
    N,
    played,
    stacked_deck,
    started,
    table,
    unordered,
    variant,
    when,
)

# --- hand_cards_on_take=with_center_only (T16, A21) ----------------------------------------

CENTER_ONLY = variant(hand_cards_on_take="with_center_only")
T16_DECK = stacked_deck("5C 5D KS KH KD 2C", "", "5H")


def test_t16_extra_hand_meld_on_a_take_is_legal_by_default() -> None:
    given = started(Variant(), T16_DECK)
    assert unordered(when(given, Take(N, cards("5C 5D KS KH KD"), card("2C")))) == [
        CenterCardTaken(N, card("5H"), cards("5C 5D KS KH KD"), table("5C 5D 5H", "KS KH KD")),
        CardDiscarded(N, card("2C")),
    ]


def test_t16_extra_hand_meld_is_illegal_with_center_only() -> None:
    given = started(CENTER_ONLY, T16_DECK)
    extra_meld = Take(N, cards("5C 5D KS KH KD"), card("2C"))
    with pytest.raises(HandCardsWithCenterOnly):
        when(given, extra_meld)
    assert extra_meld not in legal_actions(replay(given), N)
    assert when(given, Take(N, cards("5C 5D"), card("KS")))[0] == CenterCardTaken(
        N, card("5H"), cards("5C 5D"), (cards("5C 5D 5H"),)
    )


# N melds [3H 4H 5H 6H] on the first turn; D buries KS, flips 3C and passes it to N.
A21_DECK = stacked_deck("3H 4H 5H KS 3D 7H 2S", "", "6H 3C")
A21_OPENING = (Take(N, cards("3H 4H 5H"), card("KS")), Refuse(D), Refuse(D))


def test_a21_table_cards_may_regroup_into_the_center_cards_combination() -> None:
    given = played(started(CENTER_ONLY, A21_DECK), *A21_OPENING)
    assert unordered(when(given, Take(N, cards("3D"), card("2S")))) == [
        CenterCardTaken(N, card("3C"), cards("3D"), table("3C 3D 3H", "4H 5H 6H")),
        CardDiscarded(N, card("2S")),
    ]


def test_with_center_only_no_hand_card_may_extend_another_combination() -> None:
    put_down = Take(N, cards("3D 7H"), card("2S"))
    default = played(started(Variant(), A21_DECK), *A21_OPENING)
    assert unordered(when(default, put_down))[0] == CenterCardTaken(
        N, card("3C"), cards("3D 7H"), table("3C 3D 3H", "4H 5H 6H 7H")
    )
    with pytest.raises(HandCardsWithCenterOnly):
        when(played(started(CENTER_ONLY, A21_DECK), *A21_OPENING), put_down)


def test_a21_regrouping_is_still_governed_by_rearrange() -> None:
    rules = variant(hand_cards_on_take="with_center_only", rearrange="extend_only")
    given = played(started(rules, A21_DECK), *A21_OPENING)
    with pytest.raises(IllegalAction):
        when(given, Take(N, cards("3D"), card("2S")))


# --- rearrange (R10.4, R12.1) --------------------------------------------------------------

EXTEND_ONLY = variant(rearrange="extend_only")
# N melds [6H 7H JH]; D buries KS, flips 5H and passes it to N, who holds JC JD.
R01_DECK = stacked_deck("6H 7H KS JC JD 2S", "", "JH 5H")
R01_OPENING = (Take(N, cards("6H 7H"), card("KS")), Refuse(D), Refuse(D))
# N melds [3H 4H 5H 6H]; D buries KS, flips 7H and passes it to N, who holds 3C 3D and JS JH JD.
R02_DECK = stacked_deck("3H 4H 5H KS 3C 3D JS JH JD 2S", "", "6H 7H")
R02_OPENING = (Take(N, cards("3H 4H 5H"), card("KS")), Refuse(D), Refuse(D))


def test_r01_regrouping_take_is_legal_by_default_and_illegal_under_extend_only() -> None:
    take = Take(N, cards("JC JD"), card("2S"))
    default = played(started(Variant(), R01_DECK), *R01_OPENING)
    assert unordered(when(default, take))[0] == CenterCardTaken(
        N, card("5H"), cards("JC JD"), table("5H 6H 7H", "JH JC JD")
    )
    with pytest.raises(IllegalAction):
        when(played(started(EXTEND_ONLY, R01_DECK), *R01_OPENING), take)


def test_r02_robbing_take_is_legal_by_default_and_illegal_under_extend_only() -> None:
    take = Take(N, cards("3C 3D"), card("2S"))
    default = played(started(Variant(), R02_DECK), *R02_OPENING)
    assert unordered(when(default, take))[0] == CenterCardTaken(
        N, card("7H"), cards("3C 3D"), table("4H 5H 6H 7H", "3H 3C 3D")
    )
    with pytest.raises(IllegalAction):
        when(played(started(EXTEND_ONLY, R02_DECK), *R02_OPENING), take)
    spelled = Take(
        N, cards("3C 3D"), card("2S"), arrangement=(cards("4H 5H 6H 7H"), cards("3H 3C 3D"))
    )
    with pytest.raises(IllegalAction):
        when(played(started(EXTEND_ONLY, R02_DECK), *R02_OPENING), spelled)


def test_extend_only_rejection_is_not_blamed_on_hand_cards_with_center_only() -> None:
    """Under ``hand_cards_on_take=any`` the message must not claim the with_center_only rule."""
    given = played(started(EXTEND_ONLY, R02_DECK), *R02_OPENING)
    with pytest.raises(IllegalAction) as rejected:
        when(given, Take(N, cards("3C 3D"), card("2S")))
    assert not isinstance(rejected.value, HandCardsWithCenterOnly)


@pytest.mark.parametrize("timing", ["on_meld_turn", "any_turn", "extend_only"])
def test_old_combinations_may_always_grow_and_new_ones_join(timing: str) -> None:
    given = played(started(variant(rearrange=timing), R02_DECK), *R02_OPENING)
    assert unordered(when(given, Take(N, cards("JS JH JD"), card("2S")))) == [
        CenterCardTaken(N, card("7H"), cards("JS JH JD"), table("3H 4H 5H 6H 7H", "JS JH JD")),
        CardDiscarded(N, card("2S")),
    ]


def test_extend_only_never_merges_two_combinations() -> None:
    deck = stacked_deck("AH 2H 5H 6H 7H KS 2S", "", "3H 4H")
    opening = (Take(N, cards("AH 2H 5H 6H 7H"), card("KS")), Refuse(D), Refuse(D))
    merged = Take(N, EMPTY, card("2S"), arrangement=(cards("AH 2H 3H 4H 5H 6H 7H"),))
    assert when(played(started(Variant(), deck), *opening), merged)[0] == CenterCardTaken(
        N, card("4H"), EMPTY, (cards("AH 2H 3H 4H 5H 6H 7H"),)
    )
    given = played(started(EXTEND_ONLY, deck), *opening)
    with pytest.raises(IllegalAction):
        when(given, merged)
    grown = unordered(when(given, Take(N, EMPTY, card("2S"))))[0]
    assert isinstance(grown, CenterCardTaken)
    assert grown.table in (table("AH 2H 3H 4H", "5H 6H 7H"), table("AH 2H 3H", "4H 5H 6H 7H"))


# N holds 3C 3D, 7H and JS JH JD over a table [3H 4H 5H 6H]; D passes QC, N buries it and flips KC.
REFUSAL_DECK = stacked_deck("3H 4H 5H KS 3C 3D JS JH JD 7H", "", "6H QC KC")
REFUSAL_OPENING = (Take(N, cards("3H 4H 5H"), card("KS")), Refuse(D), Refuse(D), Refuse(N))


def _refusal_given(timing: str) -> list[Event]:
    rules = variant(hand_meld_without_center="true", rearrange=timing)
    given = played(started(rules, REFUSAL_DECK), *REFUSAL_OPENING)
    assert given[-1] == CardTurnedUp(N, card("KC"))
    return given


def test_any_turn_lets_a_hand_meld_on_refusal_regroup_the_table() -> None:
    given = _refusal_given("any_turn")
    assert unordered(when(given, Refuse(N, meld=cards("3C 3D")))) == [
        CardRefused(N, card("KC")),
        HandMelded(N, cards("3C 3D"), table("3C 3D 3H", "4H 5H 6H")),
        CardPassed(N, card("KC")),
    ]


@pytest.mark.parametrize("timing", ["on_meld_turn", "extend_only"])
def test_without_any_turn_a_hand_meld_on_refusal_may_not_regroup(timing: str) -> None:
    with pytest.raises(NoArrangement):
        when(_refusal_given(timing), Refuse(N, meld=cards("3C 3D")))


@pytest.mark.parametrize("timing", ["on_meld_turn", "any_turn", "extend_only"])
def test_a_hand_meld_on_refusal_may_lay_off_and_add_new_combinations(timing: str) -> None:
    assert unordered(when(_refusal_given(timing), Refuse(N, meld=cards("7H JS JH JD")))) == [
        CardRefused(N, card("KC")),
        HandMelded(N, cards("7H JS JH JD"), table("3H 4H 5H 6H 7H", "JS JH JD")),
        CardPassed(N, card("KC")),
    ]
