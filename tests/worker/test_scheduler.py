"""The real APScheduler, briefly: the worker's sweep runs as soon as it starts, the other jobs on
their intervals, and it stops cleanly."""

from __future__ import annotations

from tests.waiting import eventually
from tests.worker.conftest import MOVE_TIME, World


def test_the_scheduler_sweeps_at_start_up_and_drains_on_its_interval(world: World) -> None:
    world.clock.advance(seconds=2 * MOVE_TIME.total_seconds())  # overdue while no worker ran
    worker = world.worker(sweep_seconds=60, reminder_seconds=60, drain_seconds=0.2)
    worker.start()
    try:
        assert worker.running
        assert eventually(lambda: world.timeouts() == 1)  # long before the first 60 s tick
        assert eventually(lambda: len(world.sent("moves")) == 2)
    finally:
        worker.stop()
    assert not worker.running
    assert world.timeouts() == 1
