"""Folding a log gives the same game however the log is cut: all at once, event by event, or
from any cached prefix on (what ``GameService.game`` does with the events newer than its cache)."""

from __future__ import annotations

import pytest

from service.game import apply, apply_all, fold
from service.game_events import PlayerId
from service.games import GameService
from service.memory import InMemoryEventStore, ManualClock, SeededChance
from service.rules.variants import MatchTerms

GREEDY, RANDOM = PlayerId("bot:greedy"), PlayerId("bot:random")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_log_folds_to_the_same_game_however_it_is_cut(seed: int) -> None:
    store = InMemoryEventStore()
    service = GameService(store, ManualClock(), SeededChance(seed))
    game_id = service.open_game(GREEDY, terms=MatchTerms(deals=3), opponent=RANDOM)
    service.offer_rematch(game_id, GREEDY)
    log = store.load(game_id)
    whole = fold(log)

    one_by_one = fold(log[:1])
    for stored in log[1:]:
        one_by_one = apply(one_by_one, stored)

    assert one_by_one == whole
    assert whole.status == "over" and whole.rematch is not None
    assert whole.version == len(log) and whole.updated_at == log[-1].at
    for cut in range(1, len(log) + 1):
        assert apply_all(fold(log[:cut]), log[cut:]) == whole
