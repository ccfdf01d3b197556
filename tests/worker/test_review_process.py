"""The worker's reviews are searched in a child process at low priority
(``adapters/review_process.py``): the same review as in the worker's own interpreter, from the log
sent across as its exported lines."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from adapters.review_process import ReviewProcess
from service.app.reviewing import steps_of
from service.rules.seats import Seat
from tests.service.test_reviews import ROLLOUTS, planted


@pytest.fixture
def child() -> Iterator[ReviewProcess]:
    process = ReviewProcess()
    yield process
    process.close()


def test_the_child_judges_a_match_as_the_worker_would(child: ReviewProcess) -> None:
    service, game_id, blunders = planted(11)
    log = service.store.load(game_id)

    made = child.judge(log, Seat.FIRST, ROLLOUTS)

    assert made == steps_of(log, Seat.FIRST, ROLLOUTS)
    assert {step.seq for step in made if step.mistake} >= set(blunders)


def test_a_stopped_child_starts_again_when_asked(child: ReviewProcess) -> None:
    service, game_id, _ = planted(11)
    log = service.store.load(game_id)
    first = child.judge(log, Seat.SECOND, ROLLOUTS)
    child.close()

    assert child.judge(log, Seat.SECOND, ROLLOUTS) == first
