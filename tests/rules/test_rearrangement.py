"""Rearrangement on a take, RULES §4.3 (R01, R02), with R10.2–R10.4, R12 and the arrangement the
rules choose when the player leaves it open (A16, A17)."""

from __future__ import annotations

from service.rules.actions import Take
from service.rules.cards import EMPTY, CardSet, card, cards
from service.rules.decide import decide
from service.rules.errors import CardNotInHand, NoArrangement, NotTheSameCards
from service.rules.events import CardDiscarded, CenterCardTaken, Event
from service.rules.evolve import replay
from service.rules.melds import is_valid_table
from tests.rules.scenario import P, given, rejects, spare, table


def taken_table(events: list[Event], put_down: str, **take: object) -> tuple[CardSet, ...]:
    """The table after P takes the center card with ``put_down`` and discards a filler card."""
    state = replay(events)
    action = Take(P, cards(put_down), spare(state, P, put_down), **take)  # type: ignore[arg-type]
    then = decide(state, action)
    assert isinstance(then[0], CenterCardTaken) and isinstance(then[1], CardDiscarded)
    return then[0].table


R01 = given(table=["6H 7H JH"], hand="JC JD", center="5H")
R02 = given(table=["3H 4H 5H 6H"], hand="3C 3D", center="7H")


def test_a_take_may_split_a_sequence_to_make_a_set_with_hand_cards() -> None:
    # R01, R10.4: the [BC] example.
    state = replay(R01)
    d = spare(state, P, "JC JD")
    arrangement = table("5H 6H 7H", "JH JC JD")
    then = decide(state, Take(P, cards("JC JD"), d, arrangement=arrangement))
    assert then == [
        CenterCardTaken(P, card("5H"), cards("JC JD"), arrangement),
        CardDiscarded(P, d),
    ]


def test_the_rules_find_the_split_when_the_player_names_only_hand_cards() -> None:
    # R01 without an arrangement: the only legal one is found.
    assert set(taken_table(R01, "JC JD")) == set(table("5H 6H 7H", "JH JC JD"))


def test_a_take_may_move_the_end_of_a_sequence_into_a_new_set() -> None:
    # R02, R10.4: the [PG] example.
    arrangement = table("4H 5H 6H 7H", "3H 3C 3D")
    assert taken_table(R02, "3C 3D", arrangement=arrangement) == arrangement
    assert set(taken_table(R02, "3C 3D")) == set(arrangement)


def test_a_remnant_that_is_no_combination_makes_the_take_illegal() -> None:
    # R12.2: 3H with a single 3C is a two-card remnant.
    d = spare(replay(R02), P, "3C 3D")
    rejects(R02, Take(P, cards("3C"), d), NoArrangement)
    remnant = table("4H 5H 6H 7H", "3H 3C")
    rejects(R02, Take(P, cards("3C"), d, arrangement=remnant), NoArrangement)


def test_a_table_card_never_goes_back_to_the_hand() -> None:
    # R6.7, R12.3: leaving 3H out of the arrangement would return it to the hand.
    d = spare(replay(R02), P, "3C 3D")
    rejects(R02, Take(P, EMPTY, d, arrangement=table("4H 5H 6H 7H")), NotTheSameCards)


def test_cards_may_be_borrowed_between_own_combinations() -> None:
    # R10.4 [FC]: 5H leaves the set of fives to join a longer sequence.
    events = given(table=["5C 5D 5H 5S", "6H 7H JH"], hand="3H", center="4H")
    borrowed = table("5C 5D 5S", "3H 4H 5H 6H 7H JH")
    assert set(taken_table(events, "3H", arrangement=borrowed)) == set(borrowed)


def test_left_open_a_borrowing_take_keeps_the_untouched_combination_as_it_was() -> None:
    # A16: [6H 7H JH] stands as it was rather than absorbing the borrowed 5H.
    events = given(table=["5C 5D 5H 5S", "6H 7H JH"], hand="3H", center="4H")
    assert set(taken_table(events, "3H")) == set(table("5C 5D 5S", "6H 7H JH", "3H 4H 5H"))


def test_hand_cards_may_extend_an_old_combination_while_the_center_card_starts_a_new_one() -> None:
    # R10.3; A16: the old combination stays first, the new one comes after.
    events = given(table=["4C 5C 6C"], hand="7C KH KD", center="KS")
    assert taken_table(events, "7C KH KD") == table("4C 5C 6C 7C", "KD KH KS")


def test_a_take_may_not_use_the_opponents_cards() -> None:
    # R10.2, R6.6: O's table cards cannot join P's table.
    events = given(table=["4C 5C 6C"], center="QS", opponent_table=["QC QD QH"])
    d = spare(replay(events), P)
    borrowed = table("4C 5C 6C", "QC QD QH QS")
    rejects(events, Take(P, EMPTY, d, arrangement=borrowed), NotTheSameCards)
    rejects(events, Take(P, cards("QC QD"), d), CardNotInHand)


def test_a_take_may_not_use_the_opponents_hand_cards() -> None:
    # R10.2
    events = given(table=["4C 5C 6C"], center="7C", opponent_hand="JC QC")
    rejects(events, Take(P, cards("JC QC"), spare(replay(events), P)), CardNotInHand)


def test_dead_cards_can_never_be_melded() -> None:
    # R9.3, R10.2
    events = given(hand="QD QS", center="QH", dead="QC")
    d = spare(replay(events), P, "QD QS")
    rejects(events, Take(P, cards("QD QS QC"), d), CardNotInHand)
    all_four = table("QC QD QH QS")
    rejects(events, Take(P, cards("QD QS"), d, arrangement=all_four), NotTheSameCards)


def test_an_arrangement_must_hold_exactly_the_cards_put_down() -> None:
    # R10.2: a hand card in the arrangement but not among the cards put down.
    events = given(table=["4C 5C 6C"], hand="KH KD", center="KS")
    d = spare(replay(events), P, "KH KD")
    rejects(
        events, Take(P, cards("KH"), d, arrangement=table("4C 5C 6C", "KD KH KS")), NotTheSameCards
    )


def test_the_player_may_fix_an_arrangement_the_rules_would_not_choose() -> None:
    # A16: either grouping of 7H is legal when spelled out.
    events = given(table=["4H 5H 6H"], hand="7C 7D 7S", center="7H")
    for arrangement in (table("4H 5H 6H 7H", "7C 7D 7S"), table("4H 5H 6H", "7C 7D 7H 7S")):
        assert taken_table(events, "7C 7D 7S", arrangement=arrangement) == arrangement


def test_groups_the_player_wrote_are_kept_together() -> None:
    # A16: hints come first.
    events = given(table=["4H 5H 6H"], hand="7C 7D 7S", center="7H")
    hinted = taken_table(events, "7C 7D 7S", hints=(cards("4H 5H 6H 7H"),))
    assert hinted == table("4H 5H 6H 7H", "7C 7D 7S")
    hinted = taken_table(events, "7C 7D 7S", hints=(cards("7C 7D 7H 7S"),))
    assert hinted == table("4H 5H 6H", "7C 7D 7H 7S")


def test_without_a_hint_ties_are_broken_by_the_smallest_masks() -> None:
    # A16: the documented deterministic rule (both tables keep the old sequence whole).
    events = given(table=["4H 5H 6H"], hand="7C 7D 7S", center="7H")
    assert taken_table(events, "7C 7D 7S") == table("4H 5H 6H", "7C 7D 7H 7S")


def test_an_old_combination_is_kept_whole_rather_than_borrowed_from() -> None:
    # A16: KH stays in its sequence although [KC KD KH KS] + [7H JH QH] is also legal.
    events = given(table=["7H JH QH KH"], hand="KC KD", center="KS")
    assert taken_table(events, "KC KD") == table("7H JH QH KH", "KC KD KS")


def test_an_old_set_is_kept_whole_when_a_sequence_could_borrow_from_it() -> None:
    # A16: JS stays in the set of jacks although [5S 6S 7S JS] + [JC JD JH] is also legal.
    events = given(table=["JC JD JH JS"], hand="5S 7S", center="6S")
    assert taken_table(events, "5S 7S") == table("JC JD JH JS", "5S 6S 7S")


def test_a_take_does_not_merge_two_old_combinations() -> None:
    # A16: each old combination stays as it was, extended where the new card fits, so JC
    # extends [4C 5C 6C 7C] and [AC 2C 3C] stays on its own (not one eight-card sequence).
    events = given(table=["AC 2C 3C", "4C 5C 6C 7C"], center="JC")
    assert taken_table(events, "") == table("AC 2C 3C", "4C 5C 6C 7C JC")


def test_with_no_old_table_the_fewest_combinations_are_made() -> None:
    # A16: one seven-card sequence rather than two shorter ones.
    events = given(hand="AH 2H 3H 5H 6H 7H", center="4H")
    assert taken_table(events, "AH 2H 3H 5H 6H 7H") == table("AH 2H 3H 4H 5H 6H 7H")


def test_old_combinations_keep_their_places_and_new_ones_come_after() -> None:
    # A16: the result is ordered like the old table.
    events = given(table=["KS KH KD", "4C 5C 6C"], hand="2D 2H 2S", center="7C")
    after = taken_table(events, "2D 2H 2S")
    assert after == table("KS KH KD", "4C 5C 6C 7C", "2D 2H 2S")


def test_ten_cards_of_one_suit_are_taken_as_two_sequences() -> None:
    # A17: nine hearts in hand and KH in the center are legal; no sequence exceeds eight.
    events = given(hand="AH 2H 3H 4H 5H 6H 7H JH QH", center="KH")
    after = taken_table(events, "AH 2H 3H 4H 5H 6H 7H JH QH")
    assert is_valid_table(after) and len(after) == 2
    assert CardSet(sum(after)) == cards("AH 2H 3H 4H 5H 6H 7H JH QH KH")
