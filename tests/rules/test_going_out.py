"""Going out and the end of a deal, RULES §4.5 (G01, G03), with R15, R16 and A9, A10, A13."""

from __future__ import annotations

import pytest

from service.rules.actions import Force, NoForce, Refuse, Take
from service.rules.cards import EMPTY, CardSet, card, cards
from service.rules.decide import decide
from service.rules.errors import (
    CardNotInHand,
    DiscardAlsoPutDown,
    MatchOver,
    NoArrangement,
    NoDealInPlay,
)
from service.rules.events import (
    CardBuried,
    CardDiscarded,
    CardForced,
    CardLaidOff,
    CardPassed,
    CardRefused,
    CardTurnedUp,
    CenterCardTaken,
    DealWon,
    ForceDeclined,
    ForceWindowOpened,
    MatchEnded,
)
from service.rules.evolve import replay
from service.rules.legal import legal_actions
from service.rules.seats import Phase, Seat, Source
from service.rules.variants import MatchTerms
from tests.rules.scenario import O, P, deal, given, hand_plus_melded, play, rejects, table

G01 = {"table": ["AH 2H 3H 4H 5H", "KS KH KD"], "hand": "7C 7D", "center": "7S"}
G01_AFTER = table("AH 2H 3H 4H 5H", "KS KH KD", "7S 7C 7D")
TEN = ["AH 2H 3H 4H 5H 6H", "KS KH KD KC"]
"""Ten melded cards: a player holding them has an empty hand (R16)."""


def test_melding_the_center_card_with_the_whole_hand_wins_without_a_discard() -> None:
    # G01, R15.1, R15.3, A9
    events = given(**G01)
    then = decide(replay(events), Take(P, cards("7C 7D"), None, arrangement=G01_AFTER))
    assert then == [
        CenterCardTaken(P, card("7S"), cards("7C 7D"), G01_AFTER),
        DealWon(P, 1),
        MatchEnded(P, (1, -1)),
    ]
    state = replay(then, replay(events))
    assert (state.hands[P], state.melded(P), hand_plus_melded(state, O)) == (0, 11, 10)  # I4
    assert state.phase is Phase.OVER


def test_the_deal_ends_at_once_when_a_player_goes_out() -> None:
    # R15.3: in a longer match the next deal is awaited and nobody may act.
    events = given(**G01, terms=MatchTerms(deals=3))
    won = play(events, Take(P, cards("7C 7D"), None))
    assert won[-1] == DealWon(P, 1)
    rejects(won, Refuse(O), NoDealInPlay)
    assert replay(won).results[-1].winner == P


def test_going_out_allows_no_discard() -> None:
    # R11.2: the last hand cards are melded, so none is left to discard.
    rejects(given(**G01), Take(P, cards("7C 7D"), card("7C")), DiscardAlsoPutDown)


@pytest.mark.parametrize("source", list(Source)[:3], ids=lambda s: s.value)
def test_any_center_card_source_can_be_the_winning_card(source: Source) -> None:
    # R15.2: O's discard, O's refused flip or P's own flip.
    events = given(**G01, source=source)
    assert decide(replay(events), Take(P, cards("7C 7D"), None))[1] == DealWon(P, 1)


def test_the_nondealer_can_go_out_on_the_very_first_flip() -> None:
    # R15.2: an own flip on the first turn.
    hand = "AC 2C 3C 4C 5C 6C 7C KS KH KD"
    events = deal(hand, stock="JC")
    then = decide(replay(events), Take(Seat.FIRST, cards(hand)))
    after = table("AC 2C 3C 4C 5C 6C 7C JC", "KD KH KS")
    assert then == [
        CenterCardTaken(Seat.FIRST, card("JC"), cards(hand), after),
        DealWon(Seat.FIRST, 1),
        MatchEnded(Seat.FIRST, (1, -1)),
    ]


def test_emptying_the_hand_by_discarding_with_ten_melded_does_not_win() -> None:
    # G03, R16.1
    events = given(table=["4H 5H 6H 7H", "2C 2D 2S 2H"], hand="JH QC", center="3H")
    after = table("3H 4H 5H 6H 7H JH", "2C 2D 2S 2H")
    then = decide(replay(events), Take(P, cards("JH"), card("QC"), arrangement=after))
    assert then == [
        CenterCardTaken(P, card("3H"), cards("JH"), after),
        CardDiscarded(P, card("QC")),
    ]
    state = replay(then, replay(events))
    assert (state.hands[P], state.melded(P)) == (0, 10)
    assert (state.phase, state.to_act, state.center) == (Phase.DECIDE, O, card("QC"))


def test_a_player_need_not_go_out_when_able() -> None:
    # R15.4, A13: KC alone may be laid off with a discard, or refused.
    events = given(table=["AH 2H 3H 4H 5H", "KS KH KD"], hand="6H 7H", center="KC")
    state = replay(events)
    options = legal_actions(state, P)
    assert Take(P, cards("6H 7H"), None) in options
    assert {Refuse(P), Take(P, EMPTY, card("6H")), Take(P, cards("6H"), card("7H"))} <= set(options)
    then = decide(state, Take(P, cards("6H"), card("7H")))
    assert then[-1] == CardDiscarded(P, card("7H"))
    assert decide(state, Refuse(P)) == [CardRefused(P, card("KC")), ForceWindowOpened(O)]


def test_with_ten_melded_a_card_that_lays_off_wins() -> None:
    # R16.2, A10
    events = given(table=TEN, center="7H")
    then = decide(replay(events), Take(P, EMPTY, None))
    assert then == [
        CenterCardTaken(P, card("7H"), EMPTY, table("AH 2H 3H 4H 5H 6H 7H", "KS KH KD KC")),
        DealWon(P, 1),
        MatchEnded(P, (1, -1)),
    ]


def test_with_ten_melded_a_card_that_fits_after_rearranging_wins() -> None:
    # R16.2: 6H joins 2H 3H 4H once 5H leaves the set of fives.
    events = given(table=["2H 3H 4H", "5C 5D 5H 5S", "KS KH KD"], center="6H")
    then = decide(replay(events), Take(P, EMPTY, None))
    assert set(then[0].table) == set(table("2H 3H 4H 5H 6H", "5C 5D 5S", "KS KH KD"))
    assert then[1:] == [DealWon(P, 1), MatchEnded(P, (1, -1))]


def test_with_ten_melded_and_no_fit_the_only_choice_is_to_refuse() -> None:
    # R16.2: he never discards again; refusing an offered card flips as usual.
    events = given(table=TEN, center="QC", stock="2S")
    state = replay(events)
    assert legal_actions(state, P) == [Refuse(P)]
    rejects(events, Take(P, EMPTY, None), NoArrangement)
    rejects(events, Take(P, EMPTY, card("2S")), CardNotInHand)
    then = decide(state, Refuse(P))
    assert then == [CardRefused(P, card("QC")), CardBuried(card("QC")), CardTurnedUp(P, card("2S"))]
    assert decide(replay(then, state), Refuse(P)) == [
        CardRefused(P, card("2S")),
        CardPassed(P, card("2S")),
    ]


def test_with_ten_melded_a_forced_card_wins() -> None:
    # R16.3, R14.4, A10
    events = play(given(table=TEN, center="7H"), Refuse(P))
    assert replay(events).phase is Phase.FORCE_WINDOW
    then = decide(replay(events), Force(O))
    assert then == [
        CardForced(O),
        CardLaidOff(P, card("7H"), table("AH 2H 3H 4H 5H 6H 7H", "KS KH KD KC")),
        DealWon(P, 1),
        MatchEnded(P, (1, -1)),
    ]
    rejects([*events, *then], Refuse(P), MatchOver)


def test_with_ten_melded_a_refused_fitting_card_may_be_left_alone() -> None:
    # R16.2, R14.3: the opponent declines to force; the card dies and P flips.
    events = play(given(table=TEN, center="7H", stock="2S"), Refuse(P))
    then = decide(replay(events), NoForce(O))
    assert then == [ForceDeclined(O), CardBuried(card("7H")), CardTurnedUp(P, card("2S"))]
    assert CardSet(replay([*events, *then]).hands[P]) == EMPTY
