"""Folding a log gives the same game however the log is cut: all at once, event by event, or
from any cached prefix on (what ``GameService.game`` does with the events newer than its cache)."""

from __future__ import annotations

import pytest

from service.app.games import GameService
from service.game.events import PlayerId, TimeControl, TurnTimedOut
from service.game.state import apply, apply_all, fold
from service.ports.memory import InMemoryEventStore
from service.ports.memory_directory import ManualClock, SeededChance
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


def test_a_log_with_timeouts_folds_to_the_same_game_however_it_is_cut() -> None:
    store, clock = InMemoryEventStore(), ManualClock()
    service = GameService(store, clock, SeededChance(5))
    control = TimeControl(move_seconds=3600, on_timeout="auto", max_timeouts=3)
    game_id = service.open_game(PlayerId("ana"), time_control=control)
    service.join(service.game(game_id).invitation, PlayerId("ben"))
    for _ in range(4):
        clock.advance(hours=1)
        service.time_out(game_id, service.game(game_id).version)
    log = store.load(game_id)
    whole = fold(log)
    assert sum(isinstance(one.event, TurnTimedOut) for one in log) == 4
    assert max(whole.clocks.timeouts_in_row) > 0

    one_by_one = fold(log[:1])
    for stored in log[1:]:
        one_by_one = apply(one_by_one, stored)

    assert one_by_one == whole
