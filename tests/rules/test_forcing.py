"""Forcing, RULES §4.4 (F01, F02, F04, F07), with R14.1–R14.7 and A14/A19 under the defaults
(``force_scope=direct_layoff``, ``force_sources=any_center``, ``forced_turn=discard_only``)."""

from __future__ import annotations

import pytest

from service.rules.actions import Discard, Force, NoForce, Refuse, Take
from service.rules.cards import EMPTY, card, cards
from service.rules.decide import decide
from service.rules.errors import (
    CardOnYourTable,
    CenterCardNotDiscardable,
    DiscardRequired,
    DoesNotFit,
    ForcedLayOffOnly,
    MustAnswerForce,
    MustDiscardAfterForce,
    NothingToForce,
    NotOnYourTable,
    NotYourTurn,
)
from service.rules.events import (
    CardBuried,
    CardDiscarded,
    CardForced,
    CardLaidOff,
    CardPassed,
    CardRefused,
    CardTurnedUp,
    DealDrawn,
    Event,
    ForceDeclined,
    ForceWindowOpened,
    MatchEnded,
)
from service.rules.evolve import replay
from service.rules.legal import legal_actions
from service.rules.melds import layoff_targets
from service.rules.seats import Phase, Source
from service.rules.state import GameState
from tests.rules.scenario import O, P, given, hand_plus_melded, play, rejects, spare, table

F01 = given(table=["4C 5C 6C"], center="7C", stock="2S")


def refused(events: list[Event]) -> list[Event]:
    """``events`` followed by P's refusal."""
    return play(events, Refuse(P))


def test_refusing_a_card_that_fits_a_combination_opens_the_force_window() -> None:
    # F01, R14.1, R14.3: nothing else happens yet.
    state = replay(F01)
    assert decide(state, Refuse(P)) == [CardRefused(P, card("7C")), ForceWindowOpened(O)]
    window = replay(refused(F01))
    assert (window.phase, window.to_act, window.player) == (Phase.FORCE_WINDOW, O, P)
    assert (window.center, window.stock_size, window.dead) == (card("7C"), 19, state.dead)
    assert legal_actions(window, O) == [Force(O), NoForce(O)]
    assert legal_actions(window, P) == []


def test_a_forced_player_lays_the_card_off_and_discards_without_a_flip() -> None:
    # F01, R14.4
    forced = play(refused(F01), Force(O))
    assert forced[-1] == CardForced(O)
    d = spare(replay(forced), P)
    then = decide(replay(forced), Discard(P, d))
    assert then == [CardLaidOff(P, card("7C"), table("4C 5C 6C 7C")), CardDiscarded(P, d)]
    state = replay(then, replay(forced))
    assert (state.center, state.source, state.to_act) == (d, Source.OFFERED_DISCARD, O)
    assert (state.stock_size, state.dead) == (19, replay(F01).dead)
    assert (hand_plus_melded(state, P), hand_plus_melded(state, O)) == (10, 10)


def test_declining_to_force_buries_the_card_and_the_refuser_flips() -> None:
    # F02, R14.3, R9.1
    then = decide(replay(refused(F01)), NoForce(O))
    assert then == [ForceDeclined(O), CardBuried(card("7C")), CardTurnedUp(P, card("2S"))]


def test_a_card_that_fits_only_with_hand_cards_is_not_forceable() -> None:
    # F04, R14.1
    events = given(table=["4C 5C 6C"], hand="QC QD", center="QH", stock="2S")
    then = decide(replay(events), Refuse(P))
    assert then == [CardRefused(P, card("QH")), CardBuried(card("QH")), CardTurnedUp(P, card("2S"))]


def test_the_fourth_card_of_a_set_is_forceable() -> None:
    # F07
    events = play(given(table=["KS KH KD"], center="KC"), Refuse(P), Force(O))
    d = spare(replay(events), P)
    then = decide(replay(events), Discard(P, d))
    assert then == [CardLaidOff(P, card("KC"), table("KS KH KD KC")), CardDiscarded(P, d)]


@pytest.mark.parametrize(
    ("combos", "one", "fits"),
    [
        (["4C 5C 6C"], "3C", (0,)),
        (["4C 5C 6C"], "7C", (0,)),
        (["KS KH KD"], "KC", (0,)),
        (["KS KH KD KC"], "QS", ()),
        (["AC 2C 3C 4C 5C 6C 7C JC"], "QC", ()),
        (["4C 5C 6C"], "JC", ()),
        (["4C 5C 6C", "7D 7H 7S"], "7C", (0, 1)),
    ],
    ids=["low-end", "high-end", "set-of-four", "no-fifth", "no-ninth", "gap", "two-targets"],
)
def test_a_direct_lay_off_extends_one_combination_within_the_limits(
    combos: list[str], one: str, fits: tuple[int, ...]
) -> None:
    # R14.1, R6.3
    assert layoff_targets(table(*combos), card(one)) == fits


@pytest.mark.parametrize(
    ("combos", "center"),
    [
        (["AC 2C 3C 4C 5C 6C 7C JC"], "QC"),  # a ninth card
        (["2H 3H 4H", "5C 5D 5H 5S"], "6H"),  # fits only after moving 5H
        (["KS KH KD"], "QS"),  # fits nothing
    ],
    ids=["eight-card-sequence", "needs-rearrangement", "fits-nothing"],
)
def test_no_force_window_opens_for_a_card_that_has_no_direct_lay_off(
    combos: list[str], center: str
) -> None:
    # R14.1 (force_scope=direct_layoff)
    events = given(table=combos, center=center, stock="2S")
    then = decide(replay(events), Refuse(P))
    assert then == [
        CardRefused(P, card(center)),
        CardBuried(card(center)),
        CardTurnedUp(P, card("2S")),
    ]


@pytest.mark.parametrize("source", list(Source)[:3], ids=lambda s: s.value)
def test_every_kind_of_center_card_is_forceable(source: Source) -> None:
    # R14.2: the opponent's discard, the opponent's refused flip and P's own flip.
    events = given(table=["4C 5C 6C"], center="7C", source=source)
    assert decide(replay(events), Refuse(P))[-1] == ForceWindowOpened(O)
    forced = play(events, Refuse(P), Force(O))
    d = spare(replay(forced), P)
    assert decide(replay(forced), Discard(P, d))[-1] == CardDiscarded(P, d)


def test_declining_to_force_an_own_flip_passes_it_to_the_opponent() -> None:
    # R14.3, R9.2
    events = given(table=["4C 5C 6C"], center="7C", source=Source.OWN_FLIP)
    then = decide(replay(refused(events)), NoForce(O))
    assert then == [ForceDeclined(O), CardPassed(P, card("7C"))]


@pytest.mark.parametrize(
    ("action", "error"),
    [
        (Take(P, EMPTY, None), NotYourTurn),
        (Refuse(P), NotYourTurn),
        (Force(P), NotYourTurn),  # R14.5: only the opponent forces
        (Refuse(O), MustAnswerForce),
        (Discard(O, card("2S")), MustAnswerForce),
    ],
    ids=["refuser-takes", "refuser-refuses", "refuser-forces", "opponent-refuses", "discards"],
)
def test_the_force_window_waits_for_the_opponents_answer(action: object, error: type) -> None:
    # R14.3, R14.5
    rejects(refused(F01), action, error)


def test_the_chance_to_force_is_gone_once_the_refusal_is_resolved() -> None:
    # R14.3
    rejects(play(refused(F01), NoForce(O)), Force(O), NotYourTurn)
    forced = play(refused(F01), Force(O))
    after = play(forced, Discard(P, spare(replay(forced), P)))
    rejects(after, Force(O), NothingToForce)


def test_nothing_can_be_forced_without_a_refusal() -> None:
    # R14.5: the player on turn cannot force, nor the opponent out of turn.
    rejects(F01, Force(P), NothingToForce)
    rejects(F01, Force(O), NotYourTurn)


def test_only_the_refusers_own_combinations_count() -> None:
    # R14.5: 7C fits O's sequence, not P's set; R14.7: likewise with no melds at all.
    for mine in (["KS KH KD"], []):
        events = given(table=mine, center="7C", opponent_table=["4C 5C 6C"], stock="2S")
        assert decide(replay(events), Refuse(P))[1:] == [
            CardBuried(card("7C")),
            CardTurnedUp(P, card("2S")),
        ]


def forced_state() -> GameState:
    """P refused 7C and O forced it; 7C fits P's sequence and P's set of sevens."""
    position = given(table=["4C 5C 6C", "7D 7H 7S", "KS KH KD"], center="7C", stock="2S")
    return replay(play(position, Refuse(P), Force(O)))


@pytest.mark.parametrize(
    ("onto", "after"),
    [
        ("7D", table("4C 5C 6C", "7C 7D 7H 7S", "KS KH KD")),
        ("4C", table("4C 5C 6C 7C", "7D 7H 7S", "KS KH KD")),
        (None, table("4C 5C 6C 7C", "7D 7H 7S", "KS KH KD")),
    ],
    ids=["onto-the-set", "onto-the-sequence", "first-in-display-order"],
)
def test_the_forced_player_chooses_the_combination(onto: str | None, after: tuple) -> None:
    # R14.4, A14, A19: ``onto`` names a card of the target; without it the first that fits.
    d = spare(forced_state(), P)
    target = None if onto is None else card(onto)
    then = decide(forced_state(), Discard(P, d, onto=target))
    assert then == [CardLaidOff(P, card("7C"), after), CardDiscarded(P, d)]


def test_the_forced_player_is_offered_each_target() -> None:
    # R14.4
    offered = {a.onto for a in legal_actions(forced_state(), P) if isinstance(a, Discard)}
    assert offered == {card("4C"), card("7D")}


@pytest.mark.parametrize(
    ("action", "error"),
    [
        (Discard(P, card("KC"), onto=card("2S")), NotOnYourTable),
        (Discard(P, card("KC"), onto=card("KS")), DoesNotFit),
        (Discard(P, card("4C")), CardOnYourTable),
        (Discard(P, card("7C")), CenterCardNotDiscardable),
        (Take(P, EMPTY, None), DiscardRequired),
        (Refuse(P), MustDiscardAfterForce),
    ],
    ids=[
        "onto-elsewhere",
        "onto-misfit",
        "discard-table",
        "discard-forced",
        "no-discard",
        "refuse",
    ],
)
def test_the_forced_player_must_lay_off_and_discard_a_hand_card(
    action: object, error: type
) -> None:
    # R14.4, R11.3
    events = play(
        given(table=["4C 5C 6C", "7D 7H 7S", "KS KH KD"], center="7C", hand="KC"),
        Refuse(P),
        Force(O),
    )
    rejects(events, action, error)


def test_the_forced_player_may_not_meld_hand_cards() -> None:
    # R14.4 (forced_turn=discard_only)
    events = play(given(table=["4C 5C 6C"], hand="KS KH KD", center="7C"), Refuse(P), Force(O))
    rejects(
        events, Take(P, cards("KS KH KD"), spare(replay(events), P, "KS KH KD")), ForcedLayOffOnly
    )


def test_the_forced_player_may_not_rearrange_his_table() -> None:
    # R14.4: a forced take that asks for a regrouped table is rejected, not silently re-laid.
    events = play(given(table=["AH 2H 3H", "4H 5H 6H"], center="7H"), Refuse(P), Force(O))
    regrouped = table("AH 2H 3H 4H", "5H 6H 7H")
    d = spare(replay(events), P)
    rejects(events, Take(P, EMPTY, d, arrangement=regrouped), ForcedLayOffOnly)


def test_the_forced_player_may_spell_out_the_plain_lay_off() -> None:
    # R14.4: the one table a direct lay-off makes.
    events = play(given(table=["AH 2H 3H", "4H 5H 6H"], center="7H"), Refuse(P), Force(O))
    laid_off = table("AH 2H 3H", "4H 5H 6H 7H")
    d = spare(replay(events), P)
    then = decide(replay(events), Take(P, EMPTY, d, arrangement=laid_off))
    assert then == [CardLaidOff(P, card("7H"), laid_off), CardDiscarded(P, d)]


def test_a_force_keeps_the_deal_alive_on_an_empty_stock() -> None:
    # R14.6
    events = given(table=["4C 5C 6C"], center="7C", stock_size=0)
    forced = play(events, Refuse(P), Force(O))
    d = spare(replay(forced), P)
    then = decide(replay(forced), Discard(P, d))
    assert then == [CardLaidOff(P, card("7C"), table("4C 5C 6C 7C")), CardDiscarded(P, d)]
    assert replay(then, replay(forced)).phase is Phase.DECIDE


def test_declining_to_force_on_an_empty_stock_draws_the_deal() -> None:
    # R14.6, R17.1
    events = play(given(table=["4C 5C 6C"], center="7C", stock_size=0), Refuse(P))
    then = decide(replay(events), NoForce(O))
    assert then == [
        ForceDeclined(O),
        CardBuried(card("7C")),
        DealDrawn(1),
        MatchEnded(None, (0, 0)),
    ]
