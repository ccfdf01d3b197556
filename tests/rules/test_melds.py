"""Meld validity, RULES §4.1 (M01–M22), and the rank and combination rules of §2.1, §2.2, §2.6."""

from __future__ import annotations

from itertools import combinations

import pytest

from service.rules.actions import Take
from service.rules.cards import DECK, CardSet, card, cards
from service.rules.errors import NoArrangement
from service.rules.evolve import replay
from service.rules.melds import is_combination, is_valid_table, partitions
from tests.rules.scenario import P, given, rejects, spare


@pytest.mark.parametrize(
    ("given_cards", "valid"),
    [
        pytest.param("7H 7C 7S", True, id="M01-set-of-three"),
        pytest.param("7H 7C 7S 7D", True, id="M02-set-of-four"),
        pytest.param("7H 7C", False, id="M03-fewer-than-three"),
        pytest.param("4C 5C 6C", True, id="M04-sequence"),
        pytest.param("AH 2H 3H", True, id="M05-ace-low"),
        pytest.param("6D 7D JD", True, id="M06-seven-next-to-jack"),
        pytest.param("7S JS QS KS", True, id="M07-seven-to-king"),
        pytest.param("JH QH KH", True, id="M08-court-sequence"),
        pytest.param("QS KS AS", False, id="M09-no-wrap-queen-king-ace"),
        pytest.param("KS AS 2S", False, id="M10-no-wrap-king-ace-two"),
        pytest.param("AC 2C 3C 4C 5C 6C 7C JC", True, id="M11-length-eight"),
        pytest.param("AC 2C 3C 4C 5C 6C 7C JC QC", False, id="M12-length-nine"),
        pytest.param("AH 2H 3H 4H 5H 6H 7H JH QH KH", False, id="M13-length-ten"),
        pytest.param("3S 4S 5S 6S 7S JS QS KS", True, id="M14-length-eight-ending-at-king"),
        pytest.param("4C 5D 6C", False, id="M15-mixed-suits"),
        pytest.param("5H 6H JH", False, id="M16-gap"),
        pytest.param("6H 4H 5H", True, id="M17-unsorted-input"),
        pytest.param("5H 6H 7H 7C", False, id="M19-neither-set-nor-sequence"),
    ],
)
def test_a_combination_is_a_set_of_three_or_four_or_a_sequence_of_three_to_eight(
    given_cards: str, valid: bool
) -> None:
    assert is_combination(cards(given_cards)) is valid


def test_the_same_card_twice_is_one_card_so_it_cannot_fill_a_combination() -> None:
    # M18: 7H 7H 7C holds two distinct cards; a card set cannot hold a card twice.
    assert cards("7H 7H 7C") == cards("7H 7C")
    assert not is_combination(cards("7H 7H 7C"))


def test_a_take_whose_table_lists_one_card_twice_is_rejected() -> None:
    # M18 at the action level: the center 7H written into two combinations of the arrangement.
    events = given(hand="7C 7S 5H 6H", center="7H")
    discard = spare(replay(events), P, keep="7C 7S 5H 6H")
    twice = (cards("7H 7C 7S"), cards("5H 6H 7H"))
    rejects(events, Take(P, cards("7C 7S 5H 6H"), discard, arrangement=twice), NoArrangement)


@pytest.mark.parametrize("text", ["8C", "9C", "10H", "10x", "1S", "KX", "", "7HH"])
def test_cards_outside_the_forty_card_deck_do_not_exist(text: str) -> None:
    # M20: there is no 8, 9 or 10, and no other suit.
    with pytest.raises(ValueError):
        card(text)


def test_a_combination_written_with_non_deck_cards_is_rejected() -> None:
    # M20: "8C 9C JC" cannot even be written down.
    with pytest.raises(ValueError):
        cards("8C 9C JC")
    assert not is_combination(1 << 40 | 1 << 41 | cards("JC"))


def test_a_card_in_two_combinations_makes_the_table_invalid() -> None:
    # M21
    assert not is_valid_table((cards("4C 5C 6C"), cards("6C 6D 6H")))


def test_disjoint_valid_combinations_make_a_valid_table() -> None:
    # M22
    assert is_valid_table((cards("AH 2H 3H"), cards("KS KH KD")))


def test_a_table_with_an_invalid_combination_is_invalid() -> None:
    assert not is_valid_table((cards("AH 2H 3H"), cards("KS KH")))
    assert is_valid_table(())


def test_the_deck_has_forty_distinct_cards_without_eights_nines_or_tens() -> None:
    # R1.1
    assert len(DECK) == 40 == len(set(DECK))
    assert {str(one)[0] for one in DECK} == set("A234567JQK")
    assert {str(one)[1] for one in DECK} == set("CDHS")


def test_ranks_run_ace_low_to_king_with_seven_next_to_jack() -> None:
    # R2.1, R2.2: idx A=1 … 7=7, J=8, Q=9, K=10.
    assert [card(f"{rank}S").rank for rank in "A234567JQK"] == list(range(1, 11))


def _oracle(group: tuple[int, ...]) -> bool:
    """R6.2–R6.4 written out independently: a set of 3–4 ranks or a run of 3–8 in one suit."""
    ranks = sorted(one % 10 + 1 for one in group)
    suits = {one // 10 for one in group}
    if len(set(ranks)) == 1:
        return 3 <= len(group) <= 4
    if len(suits) != 1 or not 3 <= len(group) <= 8:
        return False
    return ranks == list(range(ranks[0], ranks[0] + len(group)))


@pytest.mark.parametrize("size", [3, 4])
def test_every_group_of_three_or_four_cards_is_judged_as_the_rules_say(size: int) -> None:
    # R6.2–R6.4 exhaustively for the small sizes: sets of 3 and 4, sequences of 3 and 4.
    wrong = [
        CardSet.of(group)
        for group in combinations(DECK, size)
        if is_combination(CardSet.of(group)) != _oracle(group)
    ]
    assert wrong == []


@pytest.mark.parametrize("length", range(3, 11))
def test_every_same_suit_run_is_a_sequence_exactly_up_to_eight_cards(length: int) -> None:
    # R6.3: runs of 3 to 8 in one suit; 9 and 10 are too long.
    runs = [
        CardSet.of(DECK[s * 10 + i : s * 10 + i + length])
        for s in range(4)
        for i in range(11 - length)
    ]
    assert {is_combination(run) for run in runs} == {length <= 8}


def test_a_nine_card_run_only_splits_into_two_valid_sequences() -> None:
    # A17: the nine hearts A…Q stand only as two or more sequences, none longer than eight.
    found = set(partitions(cards("AH 2H 3H 4H 5H 6H 7H JH QH")))
    assert found
    assert all(len(split) >= 2 and all(len(CardSet(c)) <= 8 for c in split) for split in found)
    assert (cards("AH 2H 3H"), cards("4H 5H 6H 7H JH QH")) in found
