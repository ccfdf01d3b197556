"""Variant flags that change how a deal starts and what a refusal allows (RULES §3.1, R5.2,
R8.6, I9, A22): ``first_turn``, ``deal_batch`` and ``hand_meld_without_center``.

Each test plays real actions from a stacked deck (see ``_variant_deals``) and checks the exact
events of the decision under test, or the error that rejects it.
"""

from __future__ import annotations

import random

import pytest

from service.rules.actions import Discard, Force, Refuse, StartDeal, StartMatch, Take
from service.rules.cards import DECK, card, cards
from service.rules.decide import decide
from service.rules.errors import (
    HandMeldOnlyOnOwnFlip,
    MeldNeedsCenter,
    NoArrangement,
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
    DealDrawn,
    DealStarted,
    ForceWindowOpened,
    HandMelded,
    UpcardTurned,
)
from service.rules.evolve import replay
from service.rules.legal import legal_actions
from service.rules.seats import Phase, Source
from service.rules.variants import MatchTerms, Variant
from tests.rules._variant_deals import (
    D,
    N,
    played,
    refuse_to_the_end,
    stacked_deck,
    started,
    variant,
    when,
)

UPCARD = variant(first_turn="dealer_upcard")

# --- first_turn=dealer_upcard (R8.6) -------------------------------------------------------

UPCARD_DECK = stacked_deck("5C 5D KS", "4H 6H 2C JS JH JD", "5H QC")


def test_dealer_turns_the_upcard_instead_of_the_nondealer_flipping() -> None:
    match = played([], StartMatch(UPCARD, MatchTerms(), first_dealer=D))
    assert when(match, StartDeal(UPCARD_DECK)) == [
        DealStarted(1, D, UPCARD_DECK),
        UpcardTurned(D, card("5H")),
    ]
    state = replay(started(UPCARD, UPCARD_DECK))
    assert (state.phase, state.player, state.to_act) == (Phase.DECIDE, N, N)
    assert (state.center, state.source, state.stock_size) == (card("5H"), Source.UPCARD, 19)


def test_without_the_flag_the_nondealer_flips_c21() -> None:
    match = played([], StartMatch(Variant(), MatchTerms(), first_dealer=D))
    assert when(match, StartDeal(UPCARD_DECK)) == [
        DealStarted(1, D, UPCARD_DECK),
        CardTurnedUp(N, card("5H")),
    ]


def test_nondealer_may_take_the_upcard() -> None:
    given = started(UPCARD, UPCARD_DECK)
    assert when(given, Take(N, cards("5C 5D"), card("KS"))) == [
        CenterCardTaken(N, card("5H"), cards("5C 5D"), (cards("5C 5D 5H"),)),
        CardDiscarded(N, card("KS")),
    ]


def test_upcard_refused_by_the_nondealer_passes_to_the_dealer_with_no_flip() -> None:
    given = started(UPCARD, UPCARD_DECK)
    assert when(given, Refuse(N)) == [CardRefused(N, card("5H")), CardPassed(N, card("5H"))]
    state = replay(played(given, Refuse(N)))
    assert (state.player, state.to_act, state.center) == (D, D, card("5H"))
    assert (state.stock_size, state.dead) == (19, ())


def test_dealer_may_take_the_upcard_the_nondealer_refused() -> None:
    given = played(started(UPCARD, UPCARD_DECK), Refuse(N))
    assert when(given, Take(D, cards("4H 6H"), card("2C"))) == [
        CenterCardTaken(D, card("5H"), cards("4H 6H"), (cards("4H 5H 6H"),)),
        CardDiscarded(D, card("2C")),
    ]
    state = replay(played(given, Take(D, cards("4H 6H"), card("2C"))))
    assert (state.to_act, state.center, state.source) == (N, card("2C"), Source.OFFERED_DISCARD)
    assert state.stock_size == 19


def test_upcard_refused_by_both_is_dead_and_the_nondealer_flips_c22() -> None:
    given = played(started(UPCARD, UPCARD_DECK), Refuse(N))
    assert when(given, Refuse(D)) == [
        CardRefused(D, card("5H")),
        CardBuried(card("5H")),
        CardTurnedUp(N, card("QC")),
    ]
    state = replay(played(given, Refuse(D)))
    assert (state.player, state.to_act, state.center) == (N, N, card("QC"))
    assert (state.source, state.dead, state.stock_size, state.turns) == (
        Source.OWN_FLIP,
        (card("5H"),),
        18,
        3,
    )


def test_after_the_dead_upcard_the_nondealer_plays_on_from_an_own_flip() -> None:
    given = played(started(UPCARD, UPCARD_DECK), Refuse(N), Refuse(D))
    assert when(given, Refuse(N)) == [CardRefused(N, card("QC")), CardPassed(N, card("QC"))]


def test_the_next_deal_starts_with_the_new_dealers_upcard() -> None:
    first = refuse_to_the_end(started(UPCARD, UPCARD_DECK, MatchTerms(deals=2)))
    assert when(first, StartDeal(DECK)) == [DealStarted(2, N, DECK), UpcardTurned(N, DECK[20])]


@pytest.mark.parametrize(("rules", "turns"), [(Variant(), 21), (UPCARD, 22)])
def test_the_refused_upcard_costs_one_turn_without_a_flip(rules: Variant, turns: int) -> None:
    events = refuse_to_the_end(started(rules, UPCARD_DECK, MatchTerms(deals=2)))
    assert events[-1] == DealDrawn(1)
    assert replay(events).turns == turns


@pytest.mark.parametrize("seed", range(12))
def test_every_deal_under_dealer_upcard_ends_within_43_turns(seed: int) -> None:
    """I9: random play that takes whenever it can, with as few hand cards as it can, to go long."""
    chance = random.Random(seed)
    deck = list(DECK)
    chance.shuffle(deck)
    state = replay(started(UPCARD, tuple(deck)))
    while state.phase is not Phase.OVER:
        assert state.turns <= 43
        assert state.to_act is not None
        options = legal_actions(state, state.to_act)
        takes = [one for one in options if isinstance(one, Take)]
        fewest = min((len(one.put_down) for one in takes), default=0)
        longest = [one for one in takes if len(one.put_down) == fewest] or options
        state = replay(decide(state, chance.choice(longest)), state)
    assert state.turns <= 43
    assert [result.number for result in state.results] == [1]


# --- deal_batch=2 (R5.2) -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("batch", "nondealer", "dealer"),
    [
        ("1", "AC 3C 5C 7C QC AD 3D 5D 7D QD", "2C 4C 6C JC KC 2D 4D 6D JD KD"),
        ("2", "AC 2C 5C 6C QC KC 3D 4D 7D JD", "3C 4C 7C JC AD 2D 5D 6D QD KD"),
    ],
)
def test_cards_are_dealt_in_packets_of_deal_batch(batch: str, nondealer: str, dealer: str) -> None:
    state = replay(started(variant(deal_batch=batch), DECK))
    assert (state.hands[N], state.hands[D]) == (cards(nondealer), cards(dealer))
    assert (state.center, state.to_act, state.stock_size) == (card("AH"), N, 19)


def test_deal_batch_2_deals_the_first_packet_to_the_nondealer_of_every_deal() -> None:
    first = refuse_to_the_end(started(variant(deal_batch="2"), DECK, MatchTerms(deals=2)))
    state = replay(played(first, StartDeal(DECK)))
    assert state.dealer == N
    assert state.hands[D] == cards("AC 2C 5C 6C QC KC 3D 4D 7D JD")
    assert state.hands[N] == cards("3C 4C 7C JC AD 2D 5D 6D QD KD")


# --- hand_meld_without_center=true (R9.4, R13.2, A22) --------------------------------------

HAND_MELD = variant(hand_meld_without_center="true")
# c21 QC fits nothing; N holds a set of kings, D a set of jacks; c22 is 2H.
MELD_DECK = stacked_deck("KS KH KD 2S", "JS JH JD", "QC 2H")


def test_a22_refusing_ones_own_flip_may_meld_from_hand_without_a_discard() -> None:
    given = started(HAND_MELD, MELD_DECK)
    assert when(given, Refuse(N, meld=cards("KS KH KD"))) == [
        CardRefused(N, card("QC")),
        HandMelded(N, cards("KS KH KD"), (cards("KS KH KD"),)),
        CardPassed(N, card("QC")),
    ]
    state = replay(played(given, Refuse(N, meld=cards("KS KH KD"))))
    assert (state.hands[N].bit_count(), state.melded(N)) == (7, 3)
    assert (state.to_act, state.center, state.source) == (
        D,
        card("QC"),
        Source.OFFERED_REFUSED_FLIP,
    )


def test_hand_meld_on_a_refusal_is_illegal_without_the_flag() -> None:
    with pytest.raises(MeldNeedsCenter):
        when(started(Variant(), MELD_DECK), Refuse(N, meld=cards("KS KH KD")))
    assert Refuse(N, cards("KS KH KD")) in legal_actions(replay(started(HAND_MELD, MELD_DECK)), N)
    assert Refuse(N, cards("KS KH KD")) not in legal_actions(
        replay(started(Variant(), MELD_DECK)), N
    )


OFFERED = {
    "refused_flip": played(started(HAND_MELD, MELD_DECK), Refuse(N)),
    "discard": played(
        started(HAND_MELD, stacked_deck("5C 5D KS", "JS JH JD", "5H")),
        Take(N, cards("5C 5D"), card("KS")),
    ),
}


@pytest.mark.parametrize("offered", OFFERED)
def test_hand_meld_is_illegal_when_refusing_an_offered_card(offered: str) -> None:
    given = OFFERED[offered]
    with pytest.raises(HandMeldOnlyOnOwnFlip):
        when(given, Refuse(D, meld=cards("JS JH JD")))
    assert [one for one in legal_actions(replay(given), D) if isinstance(one, Refuse)] == [
        Refuse(D)
    ]


def test_after_burying_the_offered_card_the_refuser_may_meld_on_his_own_flip() -> None:
    given = played(started(HAND_MELD, MELD_DECK), Refuse(N), Refuse(D))
    assert when(given, Refuse(D, meld=cards("JS JH JD"))) == [
        CardRefused(D, card("2H")),
        HandMelded(D, cards("JS JH JD"), (cards("JS JH JD"),)),
        CardPassed(D, card("2H")),
    ]


def test_hand_meld_must_form_combinations() -> None:
    with pytest.raises(NoArrangement):
        when(started(HAND_MELD, MELD_DECK), Refuse(N, meld=cards("KS KH")))


def test_the_nondealer_may_hand_meld_when_refusing_the_upcard_but_the_dealer_may_not() -> None:
    rules = variant(first_turn="dealer_upcard", hand_meld_without_center="true")
    given = started(rules, MELD_DECK)
    assert when(given, Refuse(N, meld=cards("KS KH KD"))) == [
        CardRefused(N, card("QC")),
        HandMelded(N, cards("KS KH KD"), (cards("KS KH KD"),)),
        CardPassed(N, card("QC")),
    ]
    with pytest.raises(HandMeldOnlyOnOwnFlip):
        when(played(given, Refuse(N)), Refuse(D, meld=cards("JS JH JD")))


def test_forcing_is_judged_on_the_table_after_the_hand_meld() -> None:
    given = started(HAND_MELD, stacked_deck("KS KH KD 2S", "", "KC"))
    melded = [
        CardRefused(N, card("KC")),
        HandMelded(N, cards("KS KH KD"), (cards("KS KH KD"),)),
        ForceWindowOpened(D),
    ]
    assert when(given, Refuse(N, meld=cards("KS KH KD"))) == melded
    forced = played(given, Refuse(N, meld=cards("KS KH KD")), Force(D))
    assert forced[-1] == CardForced(D)
    assert when(forced, Discard(N, card("2S"))) == [
        CardLaidOff(N, card("KC"), (cards("KS KH KD KC"),)),
        CardDiscarded(N, card("2S")),
    ]
