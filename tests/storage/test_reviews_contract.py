"""The reviews' store (issue 38) in memory, on SQLite and on PostgreSQL: the ended matches come in
log order, a review is kept once however many workers made it, and the worker's follower reviews
each person of an ended match — not its bot — and tells a player only their own review."""

from __future__ import annotations

import pytest

from adapters.sql.reviews import SqlReviews
from service.app.reviewing import Reviewing, ReviewNotYet
from service.game.errors import NotAPlayer
from service.game.events import PlayerId
from service.ports.reviews import InMemoryReviews, ReviewStep, ReviewStore
from tests.random_games import HOST, play
from tests.storage.conftest import Backend

BOT = PlayerId("bot:random")


def reviews_of(backend: Backend) -> ReviewStore:
    if backend.engine is None:
        return InMemoryReviews(backend.store.read_all)
    return SqlReviews(backend.engine)


def test_ended_matches_come_in_order_and_a_review_is_kept_once(backend: Backend) -> None:
    first = play(1, bot=True, resign_after=4, store=backend.store)
    second = play(2, bot=True, resign_after=6, store=backend.store)
    play(3, bot=True, moves=3, store=backend.store)  # still being played
    reviews = reviews_of(backend)

    ended = reviews.next_ended(5)

    assert [game_id for _, game_id in ended] == [first.game_id, second.game_id]
    steps = (ReviewStep(7, "pass", "take 5C 5D discard KS", 40, True),)
    reviews.record(ended[0][0], first.game_id, {HOST: steps})
    reviews.record(ended[0][0], first.game_id, {HOST: ()})  # a second worker made it too
    assert reviews.of(first.game_id, HOST) == steps
    assert reviews.of(second.game_id, HOST) is None
    assert reviews.next_ended(5) == ended[1:]


def test_the_follower_reviews_the_person_not_the_bot_and_only_for_them(backend: Backend) -> None:
    ended = play(4, bot=True, resign_after=8, store=backend.store)
    running = play(5, bot=True, moves=3, store=backend.store)
    reviewing = Reviewing(backend.store, reviews_of(backend), rollouts=8)

    assert reviewing.follow() == 1 and reviewing.follow() == 0

    mine = reviewing.of(ended.game_id, HOST)
    assert mine is not None and all(step.seq > 1 for step in mine)
    assert reviewing.reviews.of(ended.game_id, BOT) is None
    with pytest.raises(NotAPlayer):
        reviewing.of(ended.game_id, PlayerId("someone"))
    with pytest.raises(ReviewNotYet):
        reviewing.of(running.game_id, HOST)
