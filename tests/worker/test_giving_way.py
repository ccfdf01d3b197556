"""The review after a game gives way to delivery (``adapters/giving_way.py``): it waits until the
outbox has been quiet, and under a load that never quiets it still runs once per patience."""

from __future__ import annotations

from adapters.giving_way import GivingWay
from tests.waiting import eventually
from tests.worker.conftest import World


class Ticks:
    """A monotonic clock the test moves."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_slow_work_runs_when_nothing_was_delivered() -> None:
    assert GivingWay(quiet=5, patience=60, monotonic=Ticks()).may_run()


def test_slow_work_waits_for_a_quiet_spell_after_a_delivery() -> None:
    ticks = Ticks()
    way = GivingWay(quiet=5, patience=60, monotonic=ticks)
    way.delivered()
    ticks.now += 4.9
    assert not way.may_run()
    ticks.now += 0.1
    assert way.may_run()


def test_under_a_load_that_never_quiets_slow_work_runs_once_per_patience() -> None:
    ticks = Ticks()
    way = GivingWay(quiet=5, patience=60, monotonic=ticks)
    runs = 0
    for _ in range(181):  # three minutes, a delivery every second
        way.delivered()
        runs += way.may_run()
        ticks.now += 1
    assert runs == 3


def test_the_worker_reviews_an_ended_match_once_the_outbox_is_quiet(world: World) -> None:
    world.parts.service.resign(world.game_id, world.ana)
    worker = world.worker(review_quiet_seconds=0.3, review_patience_seconds=3600)
    assert worker.drain().delivered  # both players told of the resignation
    assert worker.review() == 0  # telling them came first: the review waits
    assert eventually(lambda: worker.review() == 1)


def test_under_load_the_worker_still_reviews_after_its_patience(world: World) -> None:
    world.parts.service.resign(world.game_id, world.ana)
    worker = world.worker(review_quiet_seconds=3600, review_patience_seconds=0.3)
    assert worker.drain().delivered
    assert worker.review() == 0
    assert eventually(lambda: worker.review() == 1)
