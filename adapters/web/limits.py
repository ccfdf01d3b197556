"""Rate limits: a token bucket per key (a player, a client address), kept in the process.

Each web process counts for itself, so with N processes behind a balancer a client gets up to N
times the rate; the reverse proxy in front (docs/deploy.md) holds the global limit.  Buckets that
have filled up again are forgotten, so memory stays bounded by the clients of the last minutes.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable


class RateLimit:
    """``count`` requests per ``seconds`` per key, in bursts of up to ``count``."""

    def __init__(
        self, count: int, seconds: float, monotonic: Callable[[], float] = time.monotonic
    ) -> None:
        self.capacity = float(count)
        self.refill = count / seconds
        self._monotonic = monotonic
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()
        self._swept = monotonic()

    def wait(self, key: str) -> float:
        """Take one request from ``key``'s bucket: 0 if allowed, else the seconds to wait."""
        now = self._monotonic()
        with self._lock:
            tokens, since = self._buckets.get(key, (self.capacity, now))
            tokens = min(self.capacity, tokens + (now - since) * self.refill)
            if tokens < 1:
                self._buckets[key] = (tokens, now)
                return (1 - tokens) / self.refill
            self._buckets[key] = (tokens - 1, now)
            if now - self._swept > self.capacity / self.refill:
                self._sweep(now)
            return 0.0

    def _sweep(self, now: float) -> None:
        """Forget the buckets that are full again (their keys have been quiet long enough)."""
        full = self.capacity / self.refill
        self._buckets = {k: v for k, v in self._buckets.items() if now - v[1] < full}
        self._swept = now
