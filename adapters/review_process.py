"""The review's search in a child process at low priority (issues 35 and 38).

A review after a game is seconds of search.  In the worker's own interpreter it would hold the
sending lanes for those seconds, since Python runs one thread at a time (under the HTTP load it
cost the worker 2.3× the CPU per move of e2bc666, docs/benchmarks.md).  In a child process the
search runs beside the worker instead of in its place, and at ``NICENESS`` the system gives the
cores to the processes that answer players first.

The log goes to the child as its exported lines (``log/file.py``, the format ``conquian verify``
reads) and the seat as its number, and the steps come back as plain values: nothing crosses the
process boundary that a compiled build could not pickle.  The child is started with ``spawn`` (a
fork would copy the worker's threads and database connections) on the first review, and lives
until the worker stops.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from service.app.reviewing import steps_of
from service.game.stored import StoredEvent
from service.log.file import export_lines, read_log
from service.ports.reviews import Steps
from service.rules.seats import Seat

NICENESS = 10
"""How much lower the child runs than the worker: it takes what the players' processes leave."""


class ReviewProcess:
    """``Reviewing``'s judge in one child process, started when first asked."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pool: ProcessPoolExecutor | None = None

    def judge(self, log: Sequence[StoredEvent], seat: Seat, rollouts: int) -> Steps:
        """``steps_of`` for ``seat`` in ``log``, made in the child; waits for it."""
        return self._started().submit(_judge, export_lines(log), int(seat), rollouts).result()

    def close(self) -> None:
        """Stop the child (a review it is making is given up: the next worker makes it again)."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)

    def _started(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(
                    1, mp_context=multiprocessing.get_context("spawn"), initializer=_lower
                )
            return self._pool


def _lower() -> None:
    os.nice(NICENESS)


def _judge(lines: list[str], seat: int, rollouts: int) -> Steps:
    return steps_of(read_log(lines).events, Seat(seat), rollouts)
