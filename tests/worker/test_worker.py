"""The worker's jobs with a clock the tests move: each applies what is due once, however often
and however many workers run it, and a worker started afresh finds what fell due meanwhile."""

from __future__ import annotations

import logging
import threading
from dataclasses import replace

import pytest

from service.app.games import GameService
from service.delivery.dispatch import Drained
from service.ports.memory_directory import SeededChance
from service.ports.protocols import Due, EventStore
from tests.worker.conftest import MOVE_TIME, World


def test_a_timeout_fires_once_however_many_sweeps_run(world: World) -> None:
    first, second = world.worker(), world.worker(world.connect())  # two processes
    world.clock.advance(seconds=MOVE_TIME.total_seconds() - 1)
    assert first.sweep() == 0
    world.clock.advance(seconds=1)
    assert first.sweep() == 1
    assert [first.sweep(), second.sweep(), first.sweep()] == [0, 0, 0]
    assert world.timeouts() == 1


def test_racing_workers_time_a_decision_out_once(world: World) -> None:
    workers = [world.worker(world.connect()) for _ in range(4)]
    world.clock.advance(seconds=MOVE_TIME.total_seconds())
    barrier = threading.Barrier(len(workers))
    counts: list[int] = []

    def sweep(worker_index: int) -> None:
        barrier.wait()
        counts.append(workers[worker_index].sweep())

    threads = [threading.Thread(target=sweep, args=(n,)) for n in range(len(workers))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(counts) == [0, 0, 0, 1]
    assert world.timeouts() == 1


def test_a_timeout_is_told_to_both_players_the_one_to_act_first(world: World) -> None:
    worker = world.worker()
    world.clock.advance(seconds=MOVE_TIME.total_seconds())
    round_ = worker.run_once()
    assert (round_.timed_out, round_.drained, round_.errors) == (1, Drained(delivered=2), {})
    to_act = world.parts.service.game(world.game_id).to_act
    assert [note.player for note in world.sent("moves")] == [
        to_act,
        world.ben if to_act == world.ana else world.ana,
    ]
    assert worker.run_once().counts() == {
        "timed_out": 0,
        "reminded": 0,
        "delivered": 0,
        "retried": 0,
        "failed": 0,
        "left": 0,
        "rated": 0,
        "digests": 0,
        "errors": {},
    }


def test_a_reminder_is_sent_once(world: World) -> None:
    worker = world.worker()
    waiting = world.parts.service.game(world.game_id).to_act
    world.clock.advance(seconds=MOVE_TIME.total_seconds() / 2)
    rounds = [worker.run_once() for _ in range(3)]
    rounds.append(world.worker(world.connect()).run_once())
    assert [r.reminded for r in rounds] == [1, 0, 0, 0]
    assert [(note.player, note.kind) for note in world.sent()] == [(waiting, "reminder")]


def test_a_restarted_worker_picks_up_overdue_games_at_once(world: World) -> None:
    world.worker().run_once()
    world.clock.advance(hours=5)  # the worker was down; the deadline passed meanwhile
    restarted = world.worker(world.connect())
    assert restarted.run_once().timed_out == 1
    assert world.timeouts() == 1


def test_the_drain_sends_every_batch_of_a_backlog(world: World) -> None:
    for _ in range(12):  # each start tells the host it began: twelve notifications
        world.open_game()
    assert world.worker().drain() == Drained(delivered=12)  # batches of 10, then 2
    assert {note.player for note in world.sent()} == {world.ana}


class BrokenClaims:
    """Wraps a store whose ``claim_due`` fails the first time (the database went away)."""

    def __init__(self, store: EventStore) -> None:
        self.store = store
        self.failed = False

    def claim_due(self, *args: object) -> list[Due]:
        if not self.failed:
            self.failed = True
            raise ConnectionError("database unreachable")
        return self.store.claim_due(*args)  # type: ignore[arg-type]

    def __getattr__(self, name: str) -> object:
        return getattr(self.store, name)


def test_a_failing_job_is_logged_and_the_next_run_retries(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    parts = world.connect()
    service = GameService(BrokenClaims(parts.store), world.clock, SeededChance(2))  # type: ignore[arg-type]
    worker = world.worker(replace(parts, service=service))
    world.clock.advance(seconds=MOVE_TIME.total_seconds())
    with caplog.at_level(logging.ERROR, logger="adapters.worker"):
        failed = worker.run_once()
    assert failed.errors == {"sweep": "ConnectionError: database unreachable"}
    assert (failed.reminded, failed.drained) == (1, Drained(delivered=1))  # the others ran
    assert "sweep failed; the next run tries again" in caplog.text
    assert worker.run_once().timed_out == 1
    assert world.timeouts() == 1
