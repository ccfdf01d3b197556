"""Deal and turn legality, RULES §4.2 (T01–T16), with §2.5 dealing, §2.7–§2.9 the turn and
refusals, §2.11 the discard, and A8/A11/A20."""

from __future__ import annotations

import pytest

from service.rules.actions import Discard, Refuse, StartDeal, Take
from service.rules.cards import DECK, EMPTY, CardSet, card, cards
from service.rules.decide import decide
from service.rules.errors import (
    CardNotInHand,
    CardOnYourTable,
    CenterCardInList,
    CenterCardNotDiscardable,
    DiscardAlsoPutDown,
    DiscardRequired,
    DiscardWithoutTake,
    FlipPending,
    HandCardsWithCenterOnly,
    IllegalAction,
    MeldNeedsCenter,
    NotTheSameCards,
    NotYourTurn,
    TooFewCards,
)
from service.rules.events import (
    CardBuried,
    CardDiscarded,
    CardPassed,
    CardRefused,
    CardTurnedUp,
    CenterCardTaken,
    DealStarted,
    Event,
    HandMelded,
)
from service.rules.evolve import replay
from service.rules.legal import legal_actions
from service.rules.seats import Phase, Seat, Source
from service.rules.variants import Variant
from tests.rules.scenario import (
    P,
    deal,
    given,
    hand_plus_melded,
    play,
    rejects,
    spare,
    start,
    table,
)

N, D = Seat.FIRST, Seat.SECOND  # in every real deal here O = SECOND deals first
SHUFFLED = tuple(DECK[(i * 7) % 40] for i in range(40))


@pytest.mark.parametrize("dealer", list(Seat))
def test_the_deal_gives_alternate_cards_starting_with_the_nondealer(dealer: Seat) -> None:
    # T01, R5.2–R5.4, R4.3
    events = start(dealer)
    dealt = decide(replay(events), StartDeal(SHUFFLED))
    assert dealt == [DealStarted(1, dealer, SHUFFLED), CardTurnedUp(dealer.other, SHUFFLED[20])]
    state = replay([*events, dealt[0]])
    assert state.hands[dealer.other] == CardSet.of(SHUFFLED[0:20:2])
    assert state.hands[dealer] == CardSet.of(SHUFFLED[1:20:2])
    assert (state.stock_size, state.center, state.dead, state.tables) == (20, None, (), ((), ()))
    assert state.player == dealer.other


@pytest.mark.parametrize(
    "action",
    [Take(N, cards("5C 5D"), card("KS")), Refuse(N), Discard(N, card("KS")), Refuse(D)],
    ids=["take", "refuse", "discard", "dealer-refuses"],
)
def test_nothing_can_be_done_before_the_first_flip(action: object) -> None:
    # T02, A20: the only step is the automatic flip of c21.
    events = deal("5C 5D KS", stock="5H")[:-1]
    rejects(events, action, FlipPending)
    assert legal_actions(replay(events), N) == []


def test_the_first_flip_puts_c21_in_the_center_for_the_nondealer() -> None:
    # T02, R8.2
    state = replay(deal("5C 5D KS", stock="5H"))
    assert (state.center, state.source, state.stock_size) == (card("5H"), Source.OWN_FLIP, 19)
    assert (state.phase, state.to_act) == (Phase.DECIDE, N)


def test_the_nondealer_may_meld_the_first_flip_with_two_hand_cards_and_discard() -> None:
    # T03, R8.2, R10, R11
    events = deal("5C 5D KS", stock="5H")
    then = decide(replay(events), Take(N, cards("5C 5D"), card("KS")))
    assert then == [
        CenterCardTaken(N, card("5H"), cards("5C 5D"), table("5C 5D 5H")),
        CardDiscarded(N, card("KS")),
    ]
    state = replay(then, replay(events))
    assert (state.melded(N), len(CardSet(state.hands[N])), state.stock_size) == (3, 7, 19)
    assert (state.center, state.source, state.to_act) == (card("KS"), Source.OFFERED_DISCARD, D)


@pytest.mark.parametrize(
    "action",
    [
        Take(N, cards("5C"), card("KS")),
        Take(N, cards("5C"), card("KS"), arrangement=(cards("5H 5C"),)),
        Take(N, EMPTY, card("KS")),
    ],
    ids=["one-hand-card", "two-card-table", "no-hand-card"],
)
def test_a_first_meld_needs_two_hand_cards_with_the_center_card(action: Take) -> None:
    # T04, R10.5
    rejects(deal("5C KS", stock="5H"), action, TooFewCards)


def test_refusing_the_first_flip_ends_the_turn_and_offers_the_card_to_the_dealer() -> None:
    # T05, R8.2, R9.2, A8: no second flip.
    events = deal("5C 5D KS", stock="5H")
    then = decide(replay(events), Refuse(N))
    assert then == [CardRefused(N, card("5H")), CardPassed(N, card("5H"))]
    state = replay(then, replay(events))
    assert (state.center, state.source) == (card("5H"), Source.OFFERED_REFUSED_FLIP)
    assert (state.to_act, state.dead, state.stock_size) == (D, (), 19)
    assert state.hands == replay(events).hands


def test_the_dealer_may_take_the_first_flip_the_nondealer_refused() -> None:
    # R7.4: a stock card's second chance belongs to the other player.
    events = play(deal(dealer="5C 5D KC", stock="5H"), Refuse(N))
    then = decide(replay(events), Take(D, cards("5C 5D"), card("KC")))
    assert then[0] == CenterCardTaken(D, card("5H"), cards("5C 5D"), table("5C 5D 5H"))


def test_a_refused_flip_refused_again_goes_dead_and_never_returns_to_its_flipper() -> None:
    # R7.4, A11: two chances at most.
    events = play(deal(stock="5H QC"), Refuse(N))
    then = decide(replay(events), Refuse(D))
    assert then == [CardRefused(D, card("5H")), CardBuried(card("5H")), CardTurnedUp(D, card("QC"))]


@pytest.mark.parametrize(
    ("action", "error"),
    [
        (Take(P, cards("5C 5D 5S"), card("KC"), arrangement=(cards("5C 5D 5S"),)), NotTheSameCards),
        (Take(P, cards("5H 5C 5D"), card("KC")), CenterCardInList),
        (Discard(P, card("KC")), DiscardWithoutTake),
    ],
    ids=["table-without-center", "center-named-as-hand-card", "discard-only"],
)
def test_the_center_card_never_goes_into_the_hand(action: object, error: type) -> None:
    # T06, R7.2
    rejects(given(hand="5C 5D 5S KC", center="5H"), action, error)


def test_a_taken_center_card_is_on_the_table_and_not_in_the_hand() -> None:
    # T06, R7.2
    events = given(hand="5C 5D 5S KC", center="5H")
    state = replay(play(events, Take(P, cards("5C 5D"), card("KC"))))
    assert card("5H") not in CardSet(state.hands[P])
    assert state.tables[P] == table("5C 5D 5H")


T07 = {"table": ["4C 5C 6C"], "center": "7C", "hand": "2D KD", "opponent_hand": "QS"}


@pytest.mark.parametrize(
    ("action", "error"),
    [
        (Take(P, EMPTY, None), DiscardRequired),  # T07
        (Take(P, EMPTY, None, arrangement=table("4C 5C 6C 7C")), DiscardRequired),  # T07
        (Take(P, EMPTY, card("7C"), arrangement=table("4C 5C 6C")), CenterCardNotDiscardable),
        (Take(P, EMPTY, card("7C")), CenterCardNotDiscardable),  # T08
        (Take(P, EMPTY, card("4C")), CardOnYourTable),  # T10
        (Take(P, cards("2D"), card("2D")), DiscardAlsoPutDown),  # R11.3
        (Take(P, EMPTY, card("QS")), CardNotInHand),  # R11.3: only a hand card
    ],
    ids=[
        "no-discard",
        "no-discard-explicit",
        "discard-center-explicit",
        "discard-center",
        "discard-table-card",
        "discard-put-down-card",
        "discard-unheld-card",
    ],
)
def test_a_take_needs_exactly_one_discard_from_the_hand(action: Take, error: type) -> None:
    rejects(given(**T07), action, error)


def test_a_take_cannot_discard_two_cards() -> None:
    # T09, R11.1: the action holds one discard; two cards are not a card of the hand.
    with pytest.raises(IllegalAction):
        decide(replay(given(**T07)), Take(P, EMPTY, cards("2D KD")))  # type: ignore[arg-type]


def test_any_hand_card_may_be_discarded() -> None:
    # R11.3
    state = replay(given(**T07))
    takes = [a for a in legal_actions(state, P) if isinstance(a, Take) and not a.put_down]
    assert {a.discard for a in takes} == set(CardSet(state.hands[P]))


def real_t11() -> list[Event]:
    """N melds 5H from the first flip and discards QC; D (no melds) decides on QC; stock 19."""
    events = deal("5C 5D 2H 2D KC QC", stock="5H 2S")
    return play(events, Take(N, cards("5C 5D"), card("QC")))


def test_refusing_the_offered_card_buries_it_and_turns_up_the_next_stock_card() -> None:
    # T11, R9.1, R8.3
    events = real_t11()
    then = decide(replay(events), Refuse(D))
    assert then == [CardRefused(D, card("QC")), CardBuried(card("QC")), CardTurnedUp(D, card("2S"))]
    state = replay(then, replay(events))
    assert (state.dead, state.stock_size, state.source, state.to_act) == (
        (card("QC"),),
        18,
        Source.OWN_FLIP,
        D,
    )


def test_refusing_the_own_flip_after_that_ends_the_turn_without_a_second_flip() -> None:
    # T12, R9.2, R8.1
    events = play(real_t11(), Refuse(D))
    then = decide(replay(events), Refuse(D))
    assert then == [CardRefused(D, card("2S")), CardPassed(D, card("2S"))]
    state = replay(then, replay(events))
    assert (state.center, state.source, state.to_act) == (
        card("2S"),
        Source.OFFERED_REFUSED_FLIP,
        N,
    )
    assert (state.dead, state.stock_size) == ((card("QC"),), 18)


def test_the_opponent_may_take_a_refused_flip() -> None:
    # T13, R7.1(c)
    events = play(real_t11(), Refuse(D), Refuse(D))
    then = decide(replay(events), Take(N, cards("2H 2D"), card("KC")))
    assert then == [
        CenterCardTaken(N, card("2S"), cards("2H 2D"), table("5C 5D 5H", "2D 2H 2S")),
        CardDiscarded(N, card("KC")),
    ]


def t15(variant: Variant | None = None) -> list[Event]:
    """D refused N's refused flip QC, turned up 2D and holds KS KH KD."""
    events = deal(dealer="KS KH KD", stock="QC 2D", variant=variant or Variant())
    return play(events, Refuse(N), Refuse(D))


def test_a_refusing_player_may_not_meld_from_hand_by_default() -> None:
    # T15, R9.4, R13.2
    rejects(t15(), Refuse(D, cards("KS KH KD")), MeldNeedsCenter)


def test_a_refusing_player_melds_from_hand_under_hand_meld_without_center() -> None:
    # T15 under hand_meld_without_center=true: no hand discard, I3 still holds.
    events = t15(Variant().with_flags({"hand_meld_without_center": "true"}))
    then = decide(replay(events), Refuse(D, cards("KS KH KD")))
    assert then == [
        CardRefused(D, card("2D")),
        HandMelded(D, cards("KS KH KD"), table("KD KH KS")),
        CardPassed(D, card("2D")),
    ]
    state = replay(then, replay(events))
    assert (state.melded(D), hand_plus_melded(state, D), state.center) == (3, 10, card("2D"))


T16 = ("5C 5D KS KH KD 2C", "5H")


def test_a_take_may_add_a_combination_made_only_of_hand_cards() -> None:
    # T16, R10.3
    then = decide(replay(deal(T16[0], stock=T16[1])), Take(N, cards("5C 5D KS KH KD"), card("2C")))
    assert then == [
        CenterCardTaken(N, card("5H"), cards("5C 5D KS KH KD"), table("5C 5D 5H", "KD KH KS")),
        CardDiscarded(N, card("2C")),
    ]


def test_hand_only_combinations_are_illegal_under_with_center_only() -> None:
    # T16 under hand_cards_on_take=with_center_only
    variant = Variant().with_flags({"hand_cards_on_take": "with_center_only"})
    events = deal(T16[0], stock=T16[1], variant=variant)
    rejects(events, Take(N, cards("5C 5D KS KH KD"), card("2C")), HandCardsWithCenterOnly)


def test_a_player_cannot_take_back_his_own_discard() -> None:
    # R11.4: the next decision on it belongs to the opponent.
    events = play(deal("5C 5D KS KC", stock="5H"), Take(N, cards("5C 5D"), card("KS")))
    assert replay(events).to_act == D
    rejects(events, Refuse(N), NotYourTurn)
    rejects(events, Take(N, cards("KC"), card("KC")), NotYourTurn)


def test_a_refusal_of_an_offered_card_does_nothing_else() -> None:
    # R9.4: no hand meld, no discard on a refusal.
    events = given(hand="KS KH KD", table=["4C 5C 6C"], center="2H")
    rejects(events, Refuse(P, cards("KS KH KD")), MeldNeedsCenter)
    rejects(events, Discard(P, spare(replay(events), P, "KS KH KD")), DiscardWithoutTake)


def test_the_stock_card_cannot_be_used_before_deciding_on_the_offered_card() -> None:
    # R8.5: the next stock card is not the player's to use yet, nor to see.
    events = given(table=["4C 5C 6C"], center="QH", stock="7C")
    state = replay(events)
    rejects(events, Take(P, cards("7C"), spare(state, P)), CardNotInHand)
    assert not any(isinstance(a, Take) for a in legal_actions(state, P))
    after = decide(state, Refuse(P))
    assert after[-1] == CardTurnedUp(P, card("7C"))


def test_only_the_player_on_turn_may_decide() -> None:
    events = given(hand="5C 5D", center="5H")
    rejects(events, Refuse(P.other), NotYourTurn)
    rejects(events, Take(P.other, EMPTY, None), NotYourTurn)
