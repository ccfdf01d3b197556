"""The hard bot's belief about the opponent's hand (``bots.belief``): what passed them by makes
the cards that would have melded it unlikely, what they showed stays where it is, and no sample
ever deals them a card the seat can see."""

from __future__ import annotations

import random

from service.bots.belief import belief_of, passed_cards
from service.bots.policies import recall
from service.bots.search import sample_world
from service.rules.cards import card
from service.rules.melds import table_mask
from service.rules.seats import Phase, Source
from service.rules.view import PlayerView
from tests.service.test_search_bot import positions


def seen_by(view: PlayerView) -> int:
    """Every card the seat can see or remembers."""
    seen = view.hand | table_mask(view.tables[0]) | table_mask(view.tables[1])
    for one in (*view.dead, *(() if view.center is None else (view.center,))):
        seen |= 1 << one
    return seen


def late_view() -> PlayerView:
    """A view deep in a deal, with cards on both tables and dead ones."""
    state = positions(2)[-1]
    assert state.to_act is not None
    view = recall(state, state.to_act)
    assert view.dead and view.tables[0] and view.tables[1]
    return view


def test_a_refused_cards_neighbours_weigh_less_and_the_rest_do_not() -> None:
    view = late_view()._replace(dead=(card("5H"),), center=None, source=None)
    weights = belief_of(view).weights
    for neighbour in ("4H", "6H", "3H", "7H", "5C", "5D", "5S"):
        assert weights[card(neighbour)] < 1, neighbour
    for unrelated in ("KH", "AH", "4C", "JS"):
        assert weights[card(unrelated)] == 1, unrelated
    assert weights[card("5H")] == 1


def test_a_hand_that_could_have_melded_a_refused_card_is_rarely_sampled() -> None:
    state = positions(2)[0]
    assert state.to_act is not None
    view = recall(state, state.to_act)
    assert view.hand_sizes[view.opponent] >= 9
    seen = seen_by(view)
    passed, pair = next(
        (one, (one - 1, one + 1))
        for one in range(1, 39)
        if one % 10 not in (0, 9) and not seen >> (one - 1) & 1 and not seen >> (one + 1) & 1
    )
    refused = view._replace(dead=(*view.dead, passed))
    both = (1 << pair[0]) | (1 << pair[1])

    def share(informed: bool) -> float:
        rng, found = random.Random(4), 0
        belief = belief_of(refused) if informed else None
        for _ in range(3000):
            hand = sample_world(refused, rng, belief).hands[view.opponent]
            found += hand & both == both
        return found / 3000

    uniform, believed = share(False), share(True)
    assert uniform > 0.05
    assert believed < uniform / 3


def test_the_center_card_the_opponent_offered_counts_as_passed() -> None:
    view = late_view()
    offered = view._replace(
        phase=Phase.DECIDE, to_act=view.seat, source=Source.OFFERED_DISCARD, center=card("QD")
    )
    assert card("QD") in passed_cards(offered)
    own = offered._replace(source=Source.OWN_FLIP)
    assert card("QD") not in passed_cards(own)


def test_known_cards_stay_placed_and_no_sample_deals_a_card_the_seat_can_see() -> None:
    sampled = 0
    for seed in range(4):
        for state in positions(seed):
            assert state.to_act is not None
            view = recall(state, state.to_act)
            seen, belief = seen_by(view), belief_of(view)
            rng = random.Random(seed)
            for _ in range(5):
                world = sample_world(view, rng, belief)
                theirs = world.hands[view.opponent]
                stock = sum(1 << one for one in world.deck[world.next_stock :])
                assert theirs & seen == 0 and stock & seen == 0 and theirs & stock == 0
                assert theirs.bit_count() == view.hand_sizes[view.opponent]
                assert world.hands[view.seat] == view.hand
                assert (world.tables, world.center) == (view.tables, view.center)
                assert world.dead[: len(view.dead)] == view.dead
                sampled += 1
    assert sampled > 100


def test_the_belief_is_the_same_for_twins_that_differ_only_in_hidden_cards() -> None:
    from tests.service.test_search_bot import twin

    rng = random.Random(9)
    for state in positions(5):
        assert state.to_act is not None
        other = twin(state, rng)
        assert belief_of(recall(state, state.to_act)) == belief_of(recall(other, state.to_act))
