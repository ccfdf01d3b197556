"""``Consent``: what the service knows of an email address beyond the directory — whether it is
*proven* (mail we sent it came back answered with its token, so whoever writes from it reads its
mail) and whether it is on the never-mail list (it replied ``stop`` or used the unsubscribe link).

The ``From`` of a mail proves nothing, so an address is proven only by a token it could have read
only in our mail.  The never-mail list is kept here, not in the email adapter, because the web
side's one-click unsubscribe (RFC 8058) writes it too.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol


class Consent(Protocol):
    def proven(self, address: str) -> bool: ...

    def prove(self, address: str, at: datetime) -> None:
        """``address`` answered our mail with its token: proven, and off the never-mail list (it
        wrote to us itself)."""
        ...

    def stopped(self, address: str) -> bool:
        """Whether ``address`` asked for no more mail."""
        ...

    def stop(self, address: str, at: datetime) -> None: ...


@dataclass
class InMemoryConsent:
    """``Consent`` in dicts, under a lock; addresses compare case-insensitively, as in SQL."""

    proven_at: dict[str, datetime] = field(default_factory=dict)
    stopped_at: dict[str, datetime] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def proven(self, address: str) -> bool:
        with self.lock:
            return address.lower() in self.proven_at

    def prove(self, address: str, at: datetime) -> None:
        with self.lock:
            self.proven_at.setdefault(address.lower(), at)
            self.stopped_at.pop(address.lower(), None)

    def stopped(self, address: str) -> bool:
        with self.lock:
            return address.lower() in self.stopped_at

    def stop(self, address: str, at: datetime) -> None:
        with self.lock:
            self.stopped_at.setdefault(address.lower(), at)
