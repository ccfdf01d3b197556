"""Rate limits per key (a player, a client address): ``RateLimit``, a token bucket kept in the
process, and ``SharedLimit``, counted in the database.

Moves use the bucket: each web process counts for itself, so with N processes behind a balancer a
client gets up to N times the rate; the reverse proxy in front (docs/deploy.md) holds the global
limit.  Buckets that have filled up again are forgotten, so memory stays bounded by the clients
of the last minutes.  New players, games and joins use the shared count (issue 24): an invitation
flood is what a spammer wants, and N processes must not let N times as many through.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from datetime import timedelta
from typing import Protocol

from service.players.invitations import within
from service.ports.protocols import Clock
from service.ports.quotas import Quotas


class Limit(Protocol):
    def wait(self, key: str) -> float:
        """Take one use for ``key``: 0 if allowed, else the seconds to wait."""
        ...


class SharedLimit:
    """``count`` uses per ``seconds`` per key, counted in the database every process shares."""

    def __init__(self, quotas: Quotas, clock: Clock, name: str, count: int, seconds: float) -> None:
        self.quotas, self.clock, self.name = quotas, clock, name
        self.count, self.window = count, timedelta(seconds=seconds)

    def wait(self, key: str) -> float:
        if within(self.quotas, f"{self.name}:{key}", self.count, self.window, self.clock.now()):
            return 0.0
        return max(self.window.total_seconds() / self.count, 1.0)


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
