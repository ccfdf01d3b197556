"""Card accounting and invariants, RULES §4.7 (I01–I03) and §2.19, a golden transcript of an opening
with a force, and what a player may see (§2.20)."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from service.rules.actions import Discard, Force, NoForce, PlayerAction, Refuse, StartDeal, Take
from service.rules.cards import DECK, EMPTY, CardSet, card, cards
from service.rules.decide import decide
from service.rules.errors import IllegalAction
from service.rules.events import (
    CardBuried,
    CardDiscarded,
    CardForced,
    CardLaidOff,
    CardPassed,
    CardRefused,
    CardTurnedUp,
    CenterCardTaken,
    DealStarted,
    Event,
    ForceWindowOpened,
    MatchStarted,
)
from service.rules.evolve import evolve, replay
from service.rules.legal import legal_actions
from service.rules.melds import is_valid_table, table_mask
from service.rules.seats import Phase, Seat, Source
from service.rules.state import GameState
from service.rules.variants import DEFAULT, MatchTerms
from service.rules.view import PlayerView, view_for
from tests.rules.scenario import (
    accounted_for,
    given,
    hand_plus_melded,
    play,
    refuse_to_the_end,
    stacked_deck,
    start,
    table,
)

N, D = Seat.FIRST, Seat.SECOND
OPENING = ("5C 5D KS 2H 2D 7H KC", "QC QD JS", "5H QH 2S 5S")
"""N melds 5H, D melds QH, N melds 2S, D passes 5S, which N refuses and D forces."""
SCRIPT = (
    Take(N, cards("5C 5D"), card("KS")),
    Refuse(D),
    Take(D, cards("QC QD"), card("JS")),
    Refuse(N),
    Take(N, cards("2H 2D"), card("7H")),
    Refuse(D),
    Refuse(D),
    Refuse(N),
    Force(D),
    Discard(N, card("KC")),
)


def test_a_fresh_deal_has_twenty_in_stock_ten_in_each_hand_and_nothing_else() -> None:
    # I01, R5.4
    events = start(D)
    dealt = decide(replay(events), StartDeal(stacked_deck()))
    state = replay(dealt[:1], replay(events))
    sizes = (state.stock_size, *map(int.bit_count, state.hands), len(state.dead))
    assert sizes == (20, 10, 10, 0)
    assert (state.center, state.tables) == (None, ((), ()))
    assert accounted_for(state) == CardSet.of(DECK)


def test_golden_transcript_of_an_opening_with_a_force() -> None:
    deck = stacked_deck(*OPENING)
    events = play(start(D), StartDeal(deck), *SCRIPT)
    assert events == [
        MatchStarted(DEFAULT, MatchTerms(), D),
        DealStarted(1, D, deck),
        CardTurnedUp(N, card("5H")),
        CenterCardTaken(N, card("5H"), cards("5C 5D"), table("5C 5D 5H")),
        CardDiscarded(N, card("KS")),
        CardRefused(D, card("KS")),
        CardBuried(card("KS")),
        CardTurnedUp(D, card("QH")),
        CenterCardTaken(D, card("QH"), cards("QC QD"), table("QC QD QH")),
        CardDiscarded(D, card("JS")),
        CardRefused(N, card("JS")),
        CardBuried(card("JS")),
        CardTurnedUp(N, card("2S")),
        CenterCardTaken(N, card("2S"), cards("2H 2D"), table("5C 5D 5H", "2D 2H 2S")),
        CardDiscarded(N, card("7H")),
        CardRefused(D, card("7H")),
        CardBuried(card("7H")),
        CardTurnedUp(D, card("5S")),
        CardRefused(D, card("5S")),
        CardPassed(D, card("5S")),
        CardRefused(N, card("5S")),
        ForceWindowOpened(D),
        CardForced(D),
        CardLaidOff(N, card("5S"), table("5C 5D 5H 5S", "2D 2H 2S")),
        CardDiscarded(N, card("KC")),
    ]
    state = replay(events)
    assert (state.center, state.source, state.to_act) == (card("KC"), Source.OFFERED_DISCARD, D)
    assert (state.stock_size, state.dead) == (16, (card("KS"), card("JS"), card("7H")))


@pytest.mark.parametrize("script", ["opening", "all-refused"])
def test_every_turn_but_the_first_starts_with_an_offered_card(script: str) -> None:
    # R8.4, R8.1: a card is turned up only on N's first turn or right after a burial.
    events = play(start(D, terms=MatchTerms(deals=2)), StartDeal(stacked_deck(*OPENING)))
    events = play(events, *SCRIPT) if script == "opening" else refuse_to_the_end(events)
    state = replay(events[:1])
    for before, event in pairwise(events):
        state = evolve(state, event)
        if isinstance(event, CardTurnedUp):
            assert isinstance(before, DealStarted | CardBuried)
        if isinstance(event, CardDiscarded | CardPassed):
            assert state.source in (Source.OFFERED_DISCARD, Source.OFFERED_REFUSED_FLIP)


def _between_turns(event: Event) -> bool:
    return isinstance(event, CardDiscarded | CardPassed | DealStarted)


def check_invariants(before: GameState, event: Event, after: GameState) -> None:
    """I1, I2, I5 after every event; I3 and I6 whenever a turn has ended."""
    assert accounted_for(after) == CardSet.of(DECK)  # I1
    if after.center is not None:  # I2
        assert all(after.center not in CardSet(hand) for hand in after.hands)
    if after.deal_number == before.deal_number and before.deck:  # I5
        assert after.dead[: len(before.dead)] == before.dead
        flipped = isinstance(event, CardTurnedUp)
        assert after.stock_size == before.stock_size - flipped
    if _between_turns(event):
        assert [hand_plus_melded(after, seat) for seat in Seat] == [10, 10]  # I3
        assert all(is_valid_table(after.tables[seat]) for seat in Seat)  # I6


def test_every_card_is_accounted_for_after_every_step_of_the_transcript() -> None:
    # I02, I03 on scripted play, legal and rejected actions alike.
    history = play(start(D), StartDeal(stacked_deck(*OPENING)))
    state = replay(history)
    for action in SCRIPT:
        for wrong in (Discard(action.seat.other, card("AS")), Take(action.seat, EMPTY, None)):
            with pytest.raises(IllegalAction):
                decide(state, wrong)
            assert accounted_for(state) == CardSet.of(DECK)
        for event in decide(state, action):
            after = evolve(state, event)
            check_invariants(state, event, after)
            state = after


def _random_action(rng: random.Random, seat: Seat) -> PlayerAction:
    """Any action of the five kinds, legal or not, with random cards."""
    some = CardSet.of(rng.sample(range(40), rng.randint(0, 4)))
    one = DECK[rng.randrange(40)]
    kinds = [
        Take(seat, some, rng.choice([None, one])),
        Refuse(seat, rng.choice([EMPTY, some])),
        Force(seat),
        NoForce(seat),
        Discard(seat, one),
    ]
    return rng.choice(kinds)


@pytest.mark.parametrize("seed", range(12))
def test_random_legal_play_keeps_every_invariant(seed: int) -> None:
    # I1–I9 in random play: legal actions are accepted, every other one rejected unchanged (I8).
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    state = replay(play(start(D, terms=MatchTerms(deals=1)), StartDeal(tuple(deck))))
    flips_this_turn = 1
    while state.to_act is not None:
        legal = legal_actions(state, state.to_act)
        assert legal, "a player to act always has a legal action"
        for _ in range(3):
            candidate = _random_action(rng, rng.choice(list(Seat)))
            if candidate in legal:
                continue
            try:
                decide(state, candidate)
            except IllegalAction:
                continue
            # a forced player's take names only the discard, which legal_actions lists as Discard
            assert isinstance(candidate, Take) and state.phase is Phase.FORCED, candidate
        for event in decide(state, rng.choice(legal)):
            after = evolve(state, event)
            check_invariants(state, event, after)
            flips_this_turn = 0 if _between_turns(event) else flips_this_turn
            flips_this_turn += isinstance(event, CardTurnedUp)
            assert flips_this_turn <= 1  # I7
            state = after
    assert state.turns <= 42  # I9
    assert state.phase is Phase.OVER


def test_a_player_sees_his_hand_the_tables_the_center_and_the_pile_sizes() -> None:
    # R20.1, R20.2 (dead_pile_visible=false), A16: the arrangement is public.
    events = given(
        table=["4C 5C 6C"], hand="KH", center="QH", dead="2S", opponent_table=["JD JH JS"]
    )
    state = replay(events)
    mine, theirs = view_for(state, N), view_for(state, D)
    assert mine.hand == CardSet(state.hands[N]) and theirs.hand == CardSet(state.hands[D])
    assert mine.hand_sizes == theirs.hand_sizes == (7, 7)
    assert mine.tables == theirs.tables == (table("4C 5C 6C"), table("JD JH JS"))
    assert (mine.center, mine.source) == (card("QH"), Source.OFFERED_DISCARD)
    assert (mine.stock_size, mine.dead_size) == (state.stock_size, len(state.dead))
    assert mine.dead == () and mine.revealed is None
    assert mine.legal_actions and theirs.legal_actions == ()
    assert "deck" not in PlayerView._fields


def test_neither_view_shows_the_opponents_hand_or_the_stock() -> None:
    # R20.1
    state = replay(given(table=["4C 5C 6C"], hand="KH", center="QH", dead="2S"))
    for seat in Seat:
        view = view_for(state, seat)
        hidden = state.hands[seat.other] | CardSet.of(state.deck[state.next_stock :])
        shown = view.hand | table_mask((*view.tables[0], *view.tables[1])) | CardSet.of(view.dead)
        assert shown & hidden == 0 and view.center not in CardSet(hidden)
        assert view.revealed is None


def test_the_loser_hand_is_revealed_once_the_deal_is_over() -> None:
    # R20: when the deal has ended the opponent's remaining hand is shown.
    events = given(
        table=["AH 2H 3H 4H 5H", "KS KH KD"], hand="7C 7D", center="7S", terms=MatchTerms(deals=2)
    )
    loser_hand = CardSet(replay(events).hands[D])
    over = replay(play(events, Take(N, cards("7C 7D"), None)))
    assert view_for(over, N).revealed == loser_hand
    assert view_for(over, D).revealed == CardSet(over.hands[N]) == EMPTY
