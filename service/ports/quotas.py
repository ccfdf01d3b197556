"""``Quotas``: how many times something was done in a recent window, counted in storage every
process shares — the limits on invitations (``service.players.invitations``) hold across several web or
worker processes, not per process.

A use is taken by recording it first and counting after: ``take`` writes the use, then counts the
uses of the key in the window (its own included) and gives it back when that is over the limit.
Of racing takers the last to count sees every use committed before it, so the limit is never
overshot (at worst two racers both give back, and one tries again later).

Every ``PRUNE_EVERY``-th use also forgets the uses older than ``KEEP`` (longer than any window a
limit uses), so the store holds about a week of uses, not every use ever made.
"""

from __future__ import annotations

import itertools
import threading
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Protocol

KEEP = timedelta(days=8)
"""How long a use is kept: longer than the longest window (an invitation's week)."""
PRUNE_EVERY = 256


class Quotas(Protocol):
    def take(self, key: str, limit: int, since: datetime, at: datetime) -> int | None:
        """Count a use of ``key`` at ``at`` if fewer than ``limit`` were counted after ``since``:
        the use's ticket, or None (nothing counted) when the limit is reached."""
        ...

    def give_back(self, ticket: int) -> None:
        """Forget a use taken (a later check refused what it was for)."""
        ...


@dataclass
class InMemoryQuotas:
    """``Quotas`` in a dict, under a lock."""

    uses: dict[int, tuple[str, datetime]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    _tickets: itertools.count[int] = field(default_factory=lambda: itertools.count(1))

    def take(self, key: str, limit: int, since: datetime, at: datetime) -> int | None:
        with self.lock:
            used = sum(1 for k, when in self.uses.values() if k == key and when > since)
            if used >= limit:
                return None
            ticket = next(self._tickets)
            self.uses[ticket] = (key, at)
            if ticket % PRUNE_EVERY == 0:
                self.uses = {t: use for t, use in self.uses.items() if use[1] >= at - KEEP}
            return ticket

    def give_back(self, ticket: int) -> None:
        with self.lock:
            self.uses.pop(ticket, None)
