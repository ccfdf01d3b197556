"""Stock exhaustion, stakes and dealer rotation, RULES §4.6 (S01, S04, S05), with R17, R18, R4.2 and
R3.2, played as real multi-deal matches from stacked decks."""

from __future__ import annotations

from service.rules.actions import Refuse, StartDeal, Take
from service.rules.cards import card, cards
from service.rules.decide import decide
from service.rules.events import (
    CardBuried,
    CardDiscarded,
    CardPassed,
    CardRefused,
    CardTurnedUp,
    CenterCardTaken,
    DealDrawn,
    DealStarted,
    DealWon,
    Event,
    MatchEnded,
)
from service.rules.evolve import replay
from service.rules.seats import Phase, Source
from service.rules.state import DealResult
from service.rules.variants import MatchTerms
from tests.rules.scenario import (
    O,
    P,
    given,
    play,
    refuse_to_the_end,
    spare,
    stacked_deck,
    start,
    table,
)

GOING_OUT = "AC 2C 3C 4C 5C 6C 7C KS KH KD"
"""With JC as c21 the non-dealer goes out on the first turn: [AC … JC] and [KD KH KS]."""


def won(events: list[Event]) -> list[Event]:
    """The next deal, which its non-dealer wins on the first turn."""
    events = play(events, StartDeal(stacked_deck(GOING_OUT, stock="JC")))
    return play(events, Take(replay(events).nondealer, cards(GOING_OUT)))


def drawn(events: list[Event]) -> list[Event]:
    """The next deal, in which both players refuse every card until the stock runs out."""
    return refuse_to_the_end(play(events, StartDeal(stacked_deck())))


def test_refusing_the_offered_card_on_an_empty_stock_draws_the_deal() -> None:
    # S01, R17.1
    events = given(table=["4C 5C 6C"], center="QH", stock_size=0, terms=MatchTerms(deals=2))
    then = decide(replay(events), Refuse(P))
    assert then == [CardRefused(P, card("QH")), CardBuried(card("QH")), DealDrawn(1)]
    state = replay(then, replay(events))
    assert (state.phase, state.scores, state.match.multiplier) == (Phase.DEALING, (0, 0), 2)
    assert state.results == (DealResult(1, state.dealer, None, 0),)
    assert card("QH") in state.dead


def test_a_drawn_one_deal_match_ends_tied() -> None:
    # S01, R17.1
    events = given(center="QH", stock_size=0)
    then = decide(replay(events), Refuse(P))
    assert then[-2:] == [DealDrawn(1), MatchEnded(None, (0, 0))]


def test_the_last_stock_card_refused_by_its_flipper_is_still_offered() -> None:
    # R17.2: an empty stock does not end the deal by itself.
    events = given(center="5H", source=Source.OWN_FLIP, stock_size=0, opponent_hand="5C 5D")
    then = decide(replay(events), Refuse(P))
    assert then == [CardRefused(P, card("5H")), CardPassed(P, card("5H"))]
    passed = [*events, *then]
    d = spare(replay(passed), O, "5C 5D")
    taken = decide(replay(passed), Take(O, cards("5C 5D"), d))
    assert taken == [
        CenterCardTaken(O, card("5H"), cards("5C 5D"), table("5C 5D 5H")),
        CardDiscarded(O, d),
    ]


def test_takes_keep_a_deal_alive_after_the_stock_is_empty() -> None:
    # R17.2: the deal goes on for as long as each player takes the card offered.
    events = given(
        table=["4C 5C 6C"], hand="2D", center="7C", opponent_table=["KS KH KD"], stock_size=0
    )
    events = play(events, Take(P, cards(""), card("2D")))
    assert (replay(events).phase, replay(events).to_act) == (Phase.DECIDE, O)
    then = decide(replay(events), Refuse(O))
    assert then == [
        CardRefused(O, card("2D")),
        CardBuried(card("2D")),
        DealDrawn(1),
        MatchEnded(None, (0, 0)),
    ]


def test_an_exhausted_stock_is_never_refilled_from_the_dead_pile() -> None:
    # R17.3, I5: twenty flips, every one buried in the end, then the draw.
    events = drawn(start(O, terms=MatchTerms(deals=2)))
    flips = [e.card for e in events if isinstance(e, CardTurnedUp)]
    state = replay(events)
    assert len(flips) == 20 and state.stock_size == 0
    assert sorted(state.dead) == sorted(flips)
    assert events[-1] == DealDrawn(1)


def test_the_winner_collects_the_stake_and_the_multiplier_stays_one() -> None:
    # S04, R18.1, R18.2
    events = won(start(O, terms=MatchTerms(deals=3)))
    assert events[-1] == DealWon(P, 1)
    state = replay(events)
    assert (state.scores, state.match.multiplier) == ((1, -1), 1)


def test_a_deal_after_a_draw_is_played_for_double_stakes() -> None:
    # S05, R18.3: deal 2's non-dealer is O (the dealer alternates).
    events = won(drawn(start(O, terms=MatchTerms(deals=2))))
    assert events[-2:] == [DealWon(O, 2), MatchEnded(O, (-2, 2))]


def test_doubling_compounds_over_consecutive_draws() -> None:
    # R18.3: 1, 2, 4 …
    events = won(drawn(drawn(start(O, terms=MatchTerms(deals=5)))))
    assert events[-1] == DealWon(P, 4)
    assert replay(events).match.multiplier == 1


def test_the_multiplier_returns_to_one_after_a_decided_deal() -> None:
    # R18.4
    events = won(won(drawn(start(O, terms=MatchTerms(deals=5)))))
    assert [e for e in events if isinstance(e, DealWon)] == [DealWon(O, 2), DealWon(P, 1)]


def test_the_stake_is_the_base_unit_times_the_multiplier() -> None:
    # R18.1
    events = won(drawn(won(start(O, terms=MatchTerms(deals=5, stake=3)))))
    assert [e for e in events if isinstance(e, DealWon)] == [DealWon(P, 3), DealWon(P, 6)]
    assert replay(events).scores == (9, -9)


def test_the_deal_alternates_after_a_win_and_after_a_draw() -> None:
    # R4.2, R18.5, A15
    events = won(drawn(won(start(O, terms=MatchTerms(deals=5)))))
    starts = [(e.number, e.dealer) for e in events if isinstance(e, DealStarted)]
    assert starts == [(1, O), (2, P), (3, O)]


def test_each_deal_is_a_separate_game_and_the_match_ends_after_the_agreed_deals() -> None:
    # R3.2: one win each makes a tied match.
    events = won(won(start(O, terms=MatchTerms(deals=2))))
    assert events[-2:] == [DealWon(O, 1), MatchEnded(None, (0, 0))]
    results = replay(events).results
    assert [(r.number, r.winner, r.amount) for r in results] == [(1, P, 1), (2, O, 1)]
