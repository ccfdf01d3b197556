"""Variant flags of forcing (RULES §2.14, §3.1, A18): ``forcing``, ``force_scope``,
``force_sources`` and ``forced_turn``.

Positions are played from stacked decks (see ``_variant_deals``); each test checks the exact
events of the refusal, the force or the forced player's answer.
"""

from __future__ import annotations

import random

import pytest

from service.rules.actions import Discard, Force, Refuse, Take
from service.rules.cards import DECK, EMPTY, Card, card, cards
from service.rules.decide import decide
from service.rules.errors import DoesNotFit, ForcedLayOffOnly, MustDiscardAfterForce
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
    Event,
    ForceWindowOpened,
    MatchEnded,
)
from service.rules.evolve import replay
from service.rules.legal import legal_actions
from service.rules.seats import Phase
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

# --- which refused cards open a force window: forcing, force_sources (R14.1-R14.3, A18) ----

# N melds [4C 5C 6C] on the first turn and discards KS.  Then 7C reaches N three ways.
_MELD_4C_5C_6C = Take(N, cards("4C 5C"), card("KS"))
_SOURCES = {
    # D takes KS with KH KD and discards 7C.
    "offered_discard": (
        stacked_deck("4C 5C KS 2S", "KH KD 7C", "6C"),
        (_MELD_4C_5C_6C, Take(D, cards("KH KD"), card("7C"))),
    ),
    # D buries KS, flips 7C and refuses it.
    "offered_refused_flip": (
        stacked_deck("4C 5C KS 2S", "", "6C 7C"),
        (_MELD_4C_5C_6C, Refuse(D), Refuse(D)),
    ),
    # D buries KS, flips QD and refuses it; N buries QD and flips 7C.
    "own_flip": (
        stacked_deck("4C 5C KS 2S", "", "6C QD 7C"),
        (_MELD_4C_5C_6C, Refuse(D), Refuse(D), Refuse(N)),
    ),
}


def _seven_of_clubs_for_n(source: str, rules: Variant) -> list[Event]:
    deck, opening = _SOURCES[source]
    given = played(started(rules, deck), *opening)
    state = replay(given)
    assert (state.to_act, state.center, state.source) == (N, card("7C"), source)
    return given


def _next_stock_card(events: list[Event]) -> Card:
    state = replay(events)
    return state.deck[state.next_stock]


def _not_forced(source: str, given: list[Event]) -> list[Event]:
    """What N's refusal of 7C causes when no force window opens (§2.8 RESOLVE_REFUSAL)."""
    if source == "own_flip":
        return [CardRefused(N, card("7C")), CardPassed(N, card("7C"))]
    seven = card("7C")
    return [CardRefused(N, seven), CardBuried(seven), CardTurnedUp(N, _next_stock_card(given))]


WINDOW = [CardRefused(N, card("7C")), ForceWindowOpened(D)]


@pytest.mark.parametrize("source", _SOURCES)
def test_by_default_every_kind_of_refused_center_card_is_forceable(source: str) -> None:
    given = _seven_of_clubs_for_n(source, Variant())
    assert when(given, Refuse(N)) == WINDOW


@pytest.mark.parametrize("source", _SOURCES)
def test_forcing_disabled_never_opens_a_force_window(source: str) -> None:
    given = _seven_of_clubs_for_n(source, variant(forcing="disabled"))
    assert when(given, Refuse(N)) == _not_forced(source, given)


def test_a18_discards_only_still_forces_an_offered_discard() -> None:
    given = _seven_of_clubs_for_n("offered_discard", variant(force_sources="discards_only"))
    assert when(given, Refuse(N)) == WINDOW


@pytest.mark.parametrize("source", ["offered_refused_flip", "own_flip"])
def test_a18_discards_only_never_forces_a_flipped_card(source: str) -> None:
    given = _seven_of_clubs_for_n(source, variant(force_sources="discards_only"))
    assert when(given, Refuse(N)) == _not_forced(source, given)


def _force_windows_in_random_play(rules: Variant, seeds: range) -> int:
    windows = 0
    for seed in seeds:
        chance = random.Random(seed)
        deck = list(DECK)
        chance.shuffle(deck)
        state = replay(started(rules, tuple(deck)))
        while state.phase is not Phase.OVER:
            assert state.to_act is not None
            events = decide(state, chance.choice(legal_actions(state, state.to_act)))
            windows += sum(isinstance(one, ForceWindowOpened) for one in events)
            state = replay(events, state)
    return windows


def test_forcing_disabled_never_opens_a_window_in_random_play() -> None:
    # The same seeds do open force windows under the default rules.
    assert _force_windows_in_random_play(Variant(), range(8)) > 0
    assert _force_windows_in_random_play(variant(forcing="disabled"), range(8)) == 0


# --- force_scope=with_rearrangement (R14.1, R14.4) -----------------------------------------

REGROUP = variant(force_scope="with_rearrangement")
# N melds [5C 5D 5H 5S] [6C 7C JC]; D buries KS, flips 4C and passes it to N.  4C fits no
# combination directly, but 5C can leave the set: [5D 5H 5S] [4C 5C 6C 7C JC].
SCOPE_DECK = stacked_deck("5C 5D 5H 6C 7C JC KS 2S", "", "5S 4C")
SCOPE_OPENING = (
    Take(
        N,
        cards("5C 5D 5H 6C 7C JC"),
        card("KS"),
        arrangement=(cards("5C 5D 5H 5S"), cards("6C 7C JC")),
    ),
    Refuse(D),
    Refuse(D),
)


def test_direct_layoff_scope_does_not_force_a_card_that_needs_regrouping() -> None:
    given = played(started(Variant(), SCOPE_DECK), *SCOPE_OPENING)
    assert when(given, Refuse(N)) == [
        CardRefused(N, card("4C")),
        CardBuried(card("4C")),
        CardTurnedUp(N, _next_stock_card(given)),
    ]


def test_with_rearrangement_forces_a_card_that_fits_after_regrouping_table_cards() -> None:
    given = played(started(REGROUP, SCOPE_DECK), *SCOPE_OPENING)
    assert when(given, Refuse(N)) == [CardRefused(N, card("4C")), ForceWindowOpened(D)]
    forced = played(given, Refuse(N), Force(D))
    assert forced[-1] == CardForced(D)
    assert unordered(when(forced, Discard(N, card("2S")))) == [
        CardLaidOff(N, card("4C"), table("5D 5H 5S", "4C 5C 6C 7C JC")),
        CardDiscarded(N, card("2S")),
    ]


def test_with_rearrangement_under_extend_only_forces_only_a_direct_layoff() -> None:
    rules = variant(force_scope="with_rearrangement", rearrange="extend_only")
    given = played(started(rules, SCOPE_DECK), *SCOPE_OPENING)
    assert when(given, Refuse(N))[:2] == [CardRefused(N, card("4C")), CardBuried(card("4C"))]


def test_f04_with_rearrangement_still_never_forces_a_card_needing_hand_cards() -> None:
    deck = stacked_deck("4C 5C KS QC QD", "", "6C QH")
    given = played(started(REGROUP, deck), _MELD_4C_5C_6C, Refuse(D), Refuse(D))
    assert when(given, Refuse(N)) == [
        CardRefused(N, card("QH")),
        CardBuried(card("QH")),
        CardTurnedUp(N, _next_stock_card(given)),
    ]


# N melds [2H 3H 4H] [5H 6H 7H]; D buries KS, flips AH and passes it to N.  AH fits directly.
RUNS_DECK = stacked_deck("2H 3H 5H 6H 7H KS 2S", "", "4H AH")
RUNS_OPENING = (
    Take(
        N, cards("2H 3H 5H 6H 7H"), card("KS"), arrangement=(cards("2H 3H 4H"), cards("5H 6H 7H"))
    ),
    Refuse(D),
    Refuse(D),
    Refuse(N),
    Force(D),
)


@pytest.mark.parametrize("scope", ["direct_layoff", "with_rearrangement"])
def test_forced_player_regroups_no_further_than_needed(scope: str) -> None:
    forced = played(started(variant(force_scope=scope), RUNS_DECK), *RUNS_OPENING)
    assert forced[-1] == CardForced(D)
    assert unordered(when(forced, Discard(N, card("2S")))) == [
        CardLaidOff(N, card("AH"), table("AH 2H 3H 4H", "5H 6H 7H")),
        CardDiscarded(N, card("2S")),
    ]


@pytest.mark.parametrize("scope", ["direct_layoff", "with_rearrangement"])
def test_forced_player_may_not_merge_combinations_when_a_layoff_suffices(scope: str) -> None:
    """R14.4: regrouping only as far as needed to take in AH, so it cannot join [5H 6H 7H]."""
    forced = played(started(variant(force_scope=scope), RUNS_DECK), *RUNS_OPENING)
    with pytest.raises(DoesNotFit):
        when(forced, Discard(N, card("2S"), onto=card("5H")))


# --- forced_turn=full_meld_turn (R12.1, R14.4) ---------------------------------------------

FULL = variant(forced_turn="full_meld_turn")
# N melds [3H 4H 5H 6H]; D buries KS, flips 7H and passes it; N refuses 7H and D forces it.
FORCED_DECK = stacked_deck("3H 4H 5H KS 3C 3D JS JH JD 2S", "", "6H 7H")
FORCED_OPENING = (Take(N, cards("3H 4H 5H"), card("KS")), Refuse(D), Refuse(D), Refuse(N), Force(D))


def _forced(rules: Variant) -> list[Event]:
    given = played(started(rules, FORCED_DECK), *FORCED_OPENING)
    assert given[-3:] == [CardRefused(N, card("7H")), ForceWindowOpened(D), CardForced(D)]
    return given


def test_full_meld_turn_lets_the_forced_player_rearrange_with_hand_cards() -> None:
    assert unordered(when(_forced(FULL), Take(N, cards("3C 3D"), card("2S")))) == [
        CenterCardTaken(N, card("7H"), cards("3C 3D"), table("4H 5H 6H 7H", "3C 3D 3H")),
        CardDiscarded(N, card("2S")),
    ]


def test_full_meld_turn_lets_the_forced_player_add_a_hand_meld() -> None:
    assert unordered(when(_forced(FULL), Take(N, cards("JS JH JD"), card("2S")))) == [
        CenterCardTaken(N, card("7H"), cards("JS JH JD"), table("3H 4H 5H 6H 7H", "JS JH JD")),
        CardDiscarded(N, card("2S")),
    ]


def test_full_meld_turn_discard_is_a_take_of_the_forced_card_alone() -> None:
    assert when(_forced(FULL), Discard(N, card("2S"))) == [
        CenterCardTaken(N, card("7H"), EMPTY, (cards("3H 4H 5H 6H 7H"),)),
        CardDiscarded(N, card("2S")),
    ]


def test_full_meld_turn_offers_takes_that_include_the_forced_card() -> None:
    options = legal_actions(replay(_forced(FULL)), N)
    assert Take(N, cards("3C 3D"), card("2S")) in options
    assert Take(N, EMPTY, card("2S")) in options
    assert all(isinstance(one, Take) for one in options)


def test_full_meld_turn_forced_player_may_go_out_with_his_whole_hand() -> None:
    deck = stacked_deck("3H 4H 5H KS 3C 3D 3S JS JH JD", "", "6H 7H")
    given = played(started(FULL, deck), *FORCED_OPENING)
    assert given[-1] == CardForced(D)
    assert unordered(when(given, Take(N, cards("3C 3D 3S JS JH JD")))) == [
        CenterCardTaken(
            N,
            card("7H"),
            cards("3C 3D 3S JS JH JD"),
            table("3H 4H 5H 6H 7H", "3C 3D 3S", "JS JH JD"),
        ),
        DealWon(N, 1),
        MatchEnded(N, (1, -1)),
    ]


@pytest.mark.parametrize("rules", [Variant(), FULL])
def test_the_forced_player_may_not_refuse(rules: Variant) -> None:
    with pytest.raises(MustDiscardAfterForce):
        when(_forced(rules), Refuse(N))


def test_discard_only_forced_player_lays_off_and_discards_nothing_more() -> None:
    given = _forced(Variant())
    with pytest.raises(ForcedLayOffOnly):
        when(given, Take(N, cards("3C 3D"), card("2S")))
    assert when(given, Discard(N, card("2S"))) == [
        CardLaidOff(N, card("7H"), (cards("3H 4H 5H 6H 7H"),)),
        CardDiscarded(N, card("2S")),
    ]
    assert all(isinstance(one, Discard) for one in legal_actions(replay(given), N))
