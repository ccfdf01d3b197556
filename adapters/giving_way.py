"""When the worker's slow work may take the interpreter from delivery.

A review after a game (issue 38) is a search of about a second of one core.  It runs in the
worker's process, beside the drain that tells players of their opponents' moves, and Python runs
one thread at a time: under load a review ran at the drain's interval and delayed every
notification behind it (docs/benchmarks.md, "The HTTP load with its worker").  A player waiting
for a move feels a second; a review that comes a minute after the game ended is on time.

So the review gives way.  It runs once the outbox has been quiet — nothing handed over by this
process for ``quiet`` seconds — and under a load that never quiets it still runs one match per
``patience`` seconds, so reviews move on at a bounded share of the process (about a second a
minute) instead of waiting for the night.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable


class GivingWay:
    """Tells slow work whether it may run now: after ``quiet`` seconds without a delivery, or
    when it has waited ``patience`` seconds.  Shared by the worker's threads."""

    def __init__(
        self,
        quiet: float,
        patience: float,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self.quiet = quiet
        self.patience = patience
        self._monotonic = monotonic
        self._lock = threading.Lock()
        self._last_delivery = float("-inf")
        self._waiting_since: float | None = None

    def delivered(self) -> None:
        """A drain handed something over: slow work waits for the next quiet spell."""
        with self._lock:
            self._last_delivery = self._monotonic()

    def may_run(self) -> bool:
        """Whether slow work may run now.  A "yes" after waiting restarts the patience: the next
        run under the same load waits ``patience`` again."""
        with self._lock:
            now = self._monotonic()
            if now - self._last_delivery >= self.quiet:
                self._waiting_since = None
                return True
            if self._waiting_since is None:
                self._waiting_since = now
            if now - self._waiting_since >= self.patience:
                self._waiting_since = now
                return True
            return False
