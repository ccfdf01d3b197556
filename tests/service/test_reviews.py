"""The review after a game (issue 38): a scripted game with three planted blunders has all three
marked, with a better move; twin positions that differ only in the opponent's hidden cards are
judged alike; a move a timeout made is not the player's.  Few rollouts: the review's verdicts
need no long search when the blunders are plain."""

from __future__ import annotations

import random

import pytest

from service.app.games import GameService
from service.bots.advice import advise, does_the_same, judge
from service.bots.policies import NoChance, greedy_bot
from service.game.events import GameId, PlayerId
from service.log.reviews import decisions, review
from service.ports.memory import InMemoryEventStore
from service.ports.memory_directory import ManualClock, SeededChance
from service.rules.seats import Seat
from service.rules.variants import MatchTerms
from service.rules.view import view_for
from tests.bench.review import match
from tests.service.given import GREEDY, HOST, T0
from tests.service.test_search_bot import positions, twin

ROLLOUTS = 120


def planted(seed: int) -> tuple[GameService, GameId, list[int]]:
    """HOST plays the medium bot, greedily, except at the first three decisions where the
    search sees one move far worse than the best (at least half the deal): there HOST
    plays it, then resigns.  The numbers of those three moves' first events."""
    service = GameService(InMemoryEventStore(), ManualClock(T0), SeededChance(seed))
    game_id = service.open_game(HOST, terms=MatchTerms(deals=9), opponent=GREEDY)
    blunders: list[int] = []
    while (game := service.game(game_id)).status == "playing":
        if len(blunders) == 3:
            service.resign(game_id, HOST)
            break
        seat = game.seat_of(HOST)
        assert seat is not None and game.rules.to_act is seat
        view = view_for(game.rules, seat)
        action = greedy_bot(view, NoChance())
        if len(blunders) < 3 and len(view.legal_actions) > 1:
            scores = advise(view, ROLLOUTS).scores
            worst = min(scores, key=lambda one: one.rate)
            if scores[0].rate - worst.rate >= 0.5 and worst.played >= 6:
                action = worst.action
                blunders.append(game.version + 1)
        service.act(game_id, HOST, action)
    return service, game_id, blunders


@pytest.fixture(scope="module")
def played() -> tuple[GameService, GameId, list[int]]:
    return planted(11)


def test_three_planted_blunders_are_all_marked_with_a_better_move(
    played: tuple[GameService, GameId, list[int]],
) -> None:
    service, game_id, blunders = played
    assert len(blunders) == 3

    reviewed = review(service.store.load(game_id), Seat.FIRST, ROLLOUTS)

    marked = {one.seq: one.judgement for one in reviewed if one.judgement.mistake}
    assert set(blunders) <= set(marked)
    for seq in blunders:
        assert not does_the_same(marked[seq].best, marked[seq].chosen)
    assert len(marked) < len(reviewed)  # greedy play is not all mistakes


def test_the_review_is_the_same_every_time(
    played: tuple[GameService, GameId, list[int]],
) -> None:
    service, game_id, _ = played
    log = service.store.load(game_id)
    assert review(log, Seat.FIRST, 16) == review(log, Seat.FIRST, 16)


def test_twin_positions_differing_only_in_hidden_cards_are_judged_alike() -> None:
    judged = 0
    for state in positions(7)[:5]:
        seat = state.to_act
        assert seat is not None
        other = twin(state, random.Random(3))
        assert other.hands[seat.other] != state.hands[seat.other] or not state.hands[seat.other]
        view = view_for(state, seat)
        for action in view.legal_actions[:2]:
            mine = judge(view, action, 24)
            assert judge(view_for(other, seat), action, 24) == mine
            judged += 1
    assert judged > 4


def test_only_the_seats_own_decisions_with_a_choice_are_reviewed(
    played: tuple[GameService, GameId, list[int]],
) -> None:
    service, game_id, _ = played
    log = service.store.load(game_id)
    mine = list(decisions(log, Seat.FIRST))
    bots = list(decisions(log, Seat.SECOND))
    assert mine and bots
    for _, game, action in mine:
        assert action.seat is Seat.FIRST
        assert len(view_for(game.rules, Seat.FIRST).legal_actions) > 1
    assert PlayerId(GREEDY) == service.game(game_id).players[1]


def test_the_easy_bot_is_marked_more_often_than_the_hard_bot() -> None:
    """The bench's measure (``tests/bench/review.py``, 200 games there) on a few small games."""
    results = [match(seed, 1, hard_rollouts=40, review_rollouts=40) for seed in (1, 2, 3)]
    easy = sum(one.mistakes[0] for one in results)
    hard = sum(one.mistakes[1] for one in results)
    assert easy > hard
    assert all(one.decisions[0] and one.decisions[1] for one in results)
