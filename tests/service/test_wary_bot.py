"""The wary bot that plays the hard bot's rollouts: greedy, but it keeps back a card the opponent
could lay off on their table, where the greedy bot (medium) throws it."""

from __future__ import annotations

from service.bots.policies import NoChance, greedy_bot, recall, wary_bot
from service.rules.actions import Discard, Take
from service.rules.melds import layoff_targets
from tests.service.test_search_bot import positions


def thrown(action: object) -> int | None:
    if isinstance(action, Take):
        return action.discard
    return action.card if isinstance(action, Discard) else None


def test_the_wary_bot_keeps_back_what_the_greedy_bot_would_feed_the_opponent() -> None:
    differed = 0
    for seed in range(40):
        for state in positions(seed):
            assert state.to_act is not None
            view = recall(state, state.to_act)
            greedy = thrown(greedy_bot(view, NoChance()))
            wary = thrown(wary_bot(view, NoChance()))
            theirs = view.tables[view.opponent]
            if wary is not None and wary != greedy:
                assert greedy is not None and layoff_targets(theirs, greedy)
                assert not layoff_targets(theirs, wary)
                differed += 1
    assert differed >= 3
