"""Variant flags outside the turn: ``first_dealer``, ``dead_pile_visible``, ``draw_stakes``,
``scoring`` and ``deck_faces`` (RULES §3.1, R2.4, R18, R20.2, A23), and the ``Variant`` value itself.
"""

from __future__ import annotations

import pytest

from service.language.notation import CardSpellingError, card_text, parse_card
from service.rules.actions import Refuse, StartDeal, StartMatch, Take
from service.rules.cards import DECK, Card, card, cards
from service.rules.decide import decide
from service.rules.errors import BadStart
from service.rules.events import (
    CardTurnedUp,
    DealDrawn,
    DealStarted,
    DealWon,
    Event,
    MatchEnded,
    MatchStarted,
)
from service.rules.evolve import replay
from service.rules.melds import is_combination
from service.rules.seats import Phase, Seat
from service.rules.state import initial_state
from service.rules.variants import (
    DEFAULT,
    DeckFaces,
    Forcing,
    MatchTerms,
    Variant,
    VariantError,
    flag_choices,
    parse_assignments,
)
from service.rules.view import view_for
from tests.rules._variant_deals import (
    D,
    N,
    order,
    played,
    refuse_to_the_end,
    started,
    variant,
    won_at_once,
)

FIRST, SECOND = Seat.FIRST, Seat.SECOND

# --- first_dealer=cut_low_deals (R2.4, R4.1) ---------------------------------------------

CUT = variant(first_dealer="cut_low_deals")


@pytest.mark.parametrize(
    ("cut", "dealer"),
    [
        ("3C KD", FIRST),  # the first seat cuts first; the lower rank deals
        ("KD 3C", SECOND),
        ("AS 2C", FIRST),  # A is low
        ("KS QC", SECOND),  # K is high
        ("7H JH", FIRST),  # J ranks above 7
        ("5C 5D KH 2S", SECOND),  # a tie cuts again
        ("QH QS 5C 5D 2C 3C", FIRST),
    ],
)
def test_cut_low_deals_gives_the_first_deal_to_the_lower_cut(cut: str, dealer: Seat) -> None:
    cuts = tuple(order(cut))
    started_events = decide(initial_state(), StartMatch(CUT, MatchTerms(), cuts=cuts))
    assert started_events == [MatchStarted(CUT, MatchTerms(), dealer, cuts)]
    assert decide(replay(started_events), StartDeal(DECK)) == [
        DealStarted(1, dealer, DECK),
        CardTurnedUp(dealer.other, DECK[20]),
    ]


@pytest.mark.parametrize(
    "cut",
    [
        "",  # nobody cut
        "3C",  # only one seat cut
        "3C KD 2S",  # a pair is incomplete
        "3C 3C",  # the same card twice
        "3C KD 2S 4S",  # cut again without a tie
        "5C 5D",  # the last cut is a tie
        "5C 5D 6C 6D",
    ],
)
def test_malformed_cuts_are_rejected(cut: str) -> None:
    with pytest.raises(BadStart):
        decide(initial_state(), StartMatch(CUT, MatchTerms(), cuts=tuple(order(cut))))


def test_random_first_dealer_needs_the_dealer_chosen_by_chance() -> None:
    with pytest.raises(BadStart):
        decide(initial_state(), StartMatch(Variant(), MatchTerms()))
    chosen = decide(initial_state(), StartMatch(Variant(), MatchTerms(), first_dealer=SECOND))
    assert chosen == [MatchStarted(Variant(), MatchTerms(), SECOND, ())]


# --- dead_pile_visible (R20.2) -------------------------------------------------------------


@pytest.mark.parametrize(("visible", "shown"), [("false", ()), ("true", (DECK[20], DECK[21]))])
def test_dead_cards_are_shown_only_when_the_dead_pile_is_visible(
    visible: str, shown: tuple[Card, ...]
) -> None:
    # N passes c21, D buries it and passes c22, N buries c22: two dead cards.
    given = played(
        started(variant(dead_pile_visible=visible), DECK),
        Refuse(N),
        Refuse(D),
        Refuse(D),
        Refuse(N),
    )
    assert replay(given).dead == (DECK[20], DECK[21])
    for seat in Seat:
        view = view_for(replay(given), seat)
        assert (view.dead, view.dead_size) == (shown, 2)


# --- draw_stakes (R18.3, R18.4) ------------------------------------------------------------

LOSER = "AC 2D 3D 4D 5D 6D 7D JD QD KD"
"""A dealer's hand worth 15 + 2 + … + 7 + 3 × 10 = 72 points."""


def _match(rules: Variant, terms: MatchTerms) -> list[Event]:
    return played([], StartMatch(rules, terms, first_dealer=D))


def _drawn(events: list[Event]) -> list[Event]:
    return refuse_to_the_end(played(events, StartDeal(DECK)))


@pytest.mark.parametrize(
    ("stakes", "multipliers"),
    [("double", [1, 2, 4, 1, 2]), ("foster_pool", [1, 2, 3, 1, 2]), ("none", [1, 1, 1, 1, 1])],
)
def test_multiplier_over_draws_and_its_reset_after_a_win(
    stakes: str, multipliers: list[int]
) -> None:
    events = _match(variant(draw_stakes=stakes), MatchTerms(deals=4))
    seen = []
    for deal in (_drawn, _drawn, lambda history: won_at_once(history, LOSER), _drawn):
        seen.append(replay(events).match.multiplier)
        events = deal(events)
    seen.append(replay(events).match.multiplier)
    assert seen == multipliers
    third = multipliers[2]
    assert [one for one in events if isinstance(one, DealWon | DealDrawn | MatchEnded)] == [
        DealDrawn(1),
        DealDrawn(2),
        DealWon(FIRST, third),  # deal 3 is dealt by SECOND again
        DealDrawn(4),
        MatchEnded(FIRST, (third, -third)),
    ]


def test_the_base_stake_is_multiplied() -> None:
    events = won_at_once(_drawn(_match(Variant(), MatchTerms(deals=2, stake=3))), LOSER)
    assert events[-2:] == [DealWon(SECOND, 6), MatchEnded(SECOND, (-6, 6))]


# --- scoring=points (A23) ------------------------------------------------------------------

POINTS = variant(scoring="points")


def test_points_matches_are_played_to_100_by_default() -> None:
    assert MatchTerms.default_for(POINTS) == MatchTerms(deals=None, target=100, stake=1)
    assert MatchTerms.default_for(Variant()) == MatchTerms(deals=1, target=None, stake=1)


def test_the_winner_scores_the_points_left_in_the_losers_hand() -> None:
    events = won_at_once(_match(POINTS, MatchTerms.default_for(POINTS)), LOSER)
    assert events[-1] == DealWon(FIRST, 72)
    state = replay(events)
    assert (state.scores, state.phase) == ((72, 0), Phase.DEALING)


def test_reaching_the_target_ends_the_match() -> None:
    hundred = "AC AD AH AS KD QD 4D 5D 6D 5H"  # 4 × 15 + 2 × 10 + 4 + 5 + 6 + 5
    events = won_at_once(_match(POINTS, MatchTerms.default_for(POINTS)), hundred)
    assert events[-2:] == [DealWon(FIRST, 100), MatchEnded(FIRST, (100, 0))]


def test_points_add_up_over_deals_until_a_player_reaches_the_target() -> None:
    events = _match(POINTS, MatchTerms.default_for(POINTS))
    for _ in range(3):
        events = won_at_once(events, LOSER)
    assert [one for one in events if isinstance(one, DealWon | MatchEnded)] == [
        DealWon(FIRST, 72),
        DealWon(SECOND, 72),
        DealWon(FIRST, 72),
        MatchEnded(FIRST, (144, 72)),
    ]


def test_points_are_multiplied_after_a_draw() -> None:
    events = won_at_once(_drawn(_match(POINTS, MatchTerms.default_for(POINTS))), LOSER)
    assert events[-2:] == [DealWon(SECOND, 144), MatchEnded(SECOND, (0, 144))]


# --- deck_faces=spanish --------------------------------------------------------------------

SPANISH = DeckFaces.SPANISH


@pytest.mark.parametrize(
    ("written", "meant"),
    [
        ("1O", "AD"),  # oros = diamonds
        ("7C", "7H"),  # copas = hearts, not clubs
        ("10E", "JS"),  # sota, espadas = spades
        ("11B", "QC"),  # caballo, bastos = clubs
        ("12C", "KH"),  # rey
        ("12c", "KH"),
        ("5♠", "5S"),  # suit symbols keep their French meaning
    ],
)
def test_spanish_faces_are_parsed(written: str, meant: str) -> None:
    assert parse_card(written, SPANISH) == card(meant)


@pytest.mark.parametrize("written", ["AO", "8O", "9C", "13E", "JC", "KB", "7D", "7S", "7H"])
def test_spanish_faces_reject_french_and_missing_cards(written: str) -> None:
    with pytest.raises(CardSpellingError):
        parse_card(written, SPANISH)


def test_french_faces_keep_c_for_clubs_and_reject_spanish_suits() -> None:
    assert parse_card("7C") == card("7C")
    for written in ("7O", "10C", "12E"):
        with pytest.raises(CardSpellingError):
            parse_card(written)


def test_spanish_card_text_round_trips_every_card() -> None:
    assert [card_text(card(one), SPANISH) for one in ("AD", "7H", "JS", "QC", "KH")] == [
        "1O",
        "7C",
        "10E",
        "11B",
        "12C",
    ]
    assert [parse_card(card_text(one, SPANISH), SPANISH) for one in DECK] == list(DECK)


def test_spanish_10_follows_7_as_j_does() -> None:
    assert is_combination(sum(1 << parse_card(one, SPANISH) for one in ("6O", "7O", "10O")))
    assert not is_combination(sum(1 << parse_card(one, SPANISH) for one in ("11O", "12O", "1O")))


def test_spanish_faces_do_not_change_play() -> None:
    actions = (Refuse(N), Refuse(D), Take(D, cards("2C 2D"), card("6C")))
    french = played(started(Variant(), DECK), *actions)
    spanish = played(started(variant(deck_faces="spanish"), DECK), *actions)
    assert spanish[1:] == french[1:]


# --- the Variant value (§3.1) --------------------------------------------------------------

CHOICES = {
    "first_turn": ("nondealer_flips", "dealer_upcard"),
    "deal_batch": ("1", "2"),
    "first_dealer": ("random", "cut_low_deals"),
    "hand_cards_on_take": ("any", "with_center_only"),
    "hand_meld_without_center": ("false", "true"),
    "rearrange": ("on_meld_turn", "any_turn", "extend_only"),
    "forcing": ("enabled", "disabled"),
    "force_scope": ("direct_layoff", "with_rearrangement"),
    "force_sources": ("any_center", "discards_only"),
    "forced_turn": ("discard_only", "full_meld_turn"),
    "dead_pile_visible": ("false", "true"),
    "draw_stakes": ("double", "foster_pool", "none"),
    "scoring": ("stake", "points"),
    "deck_faces": ("french", "spanish"),
}
"""RULES §3.1 in order, the default first."""


def test_flag_choices_lists_every_flag_and_value_in_rules_order() -> None:
    assert list(flag_choices().items()) == list(CHOICES.items())
    assert DEFAULT.flags() == {name: values[0] for name, values in CHOICES.items()}


@pytest.mark.parametrize(
    ("name", "value"), [(name, value) for name, values in CHOICES.items() for value in values]
)
def test_flags_round_trip(name: str, value: str) -> None:
    rules = Variant().with_flags({name: value})
    assert rules.flags() == DEFAULT.flags() | {name: value}
    assert rules.changed_flags() == ({} if value == CHOICES[name][0] else {name: value})
    assert Variant().with_flags(rules.flags()) == rules
    assert Variant().with_flags(rules.changed_flags()) == rules


def test_flag_values_become_typed_fields() -> None:
    rules = variant(deal_batch="2", hand_meld_without_center="true", forcing="disabled")
    assert (rules.deal_batch, rules.hand_meld_without_center, rules.forcing) == (
        2,
        True,
        Forcing.DISABLED,
    )


def test_every_flag_changed_at_once_round_trips() -> None:
    changed = {name: values[-1] for name, values in CHOICES.items()}
    assert Variant().with_flags(changed).changed_flags() == changed


def test_unknown_flag_is_rejected() -> None:
    with pytest.raises(VariantError):
        Variant().with_flags({"wild_cards": "true"})


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("deal_batch", "3"),
        ("forcing", "sometimes"),
        ("hand_meld_without_center", "yes"),
        ("draw_stakes", "triple"),
        ("first_turn", "dealer_flips"),
        ("scoring", ""),
    ],
)
def test_unknown_value_is_rejected(name: str, value: str) -> None:
    with pytest.raises(VariantError):
        Variant().with_flags({name: value})


def test_parse_assignments_reads_flag_equals_value() -> None:
    assert parse_assignments(["forcing=disabled", "deal_batch=2"]) == {
        "forcing": "disabled",
        "deal_batch": "2",
    }
    for bad in ("forcing", "=disabled", "forcing="):
        with pytest.raises(VariantError):
            parse_assignments([bad])
