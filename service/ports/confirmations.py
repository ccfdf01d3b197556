"""``Confirmations``: the codes that confirm what a player asks for and cannot take back — their
erasure, or their data sent to an address by mail (issue 31).

A code is drawn at random per request, shown only on the channel that asked, and stored as a
keyed hash (``service.players.confirmation_codes`` makes and hashes it; this port never sees
a code in the clear).  One code is pending per player, purpose and channel — asking again
replaces it — and it confirms once: the right one is taken (used), a wrong one counts a try,
and the code is gone after ``tries`` wrong ones or once it expires.  So whoever only sees the
request, not the channel the code went to (a forged ``From``), has a few guesses at one code
in a million before it is void.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Protocol

from service.game.events import PlayerId


class Purpose(StrEnum):
    """What a code confirms."""

    ERASE = "erase"
    DATA = "data"
    """``my data`` by mail to the service's address: the file goes to that address."""


class Checked(StrEnum):
    """What a code given back was."""

    CONFIRMED = "confirmed"
    """The pending code: it is used now."""
    WRONG = "wrong"
    """Not the pending code: a try counted (the code is void after the last)."""
    NONE = "none"
    """Nothing pending: never asked, used, expired or void."""


@dataclass(frozen=True, slots=True)
class Pending:
    """One pending code, as stored: its hash, never the code."""

    player: PlayerId
    purpose: Purpose
    channel: str
    digest: str
    expires_at: datetime


class Confirmations(Protocol):
    def put(self, pending: Pending) -> None:
        """Keep ``pending``, replacing what was pending for its player, purpose and channel."""
        ...

    def check(
        self,
        player: PlayerId,
        purpose: Purpose,
        channel: str,
        digest: str,
        at: datetime,
        tries: int,
    ) -> Checked:
        """Whether ``digest`` is the pending code's (then it is taken), at ``at``; a wrong one
        counts a try, and at ``tries`` wrong tries the code is gone."""
        ...


@dataclass
class InMemoryConfirmations:
    """``Confirmations`` in a dict, under a lock."""

    pending: dict[tuple[PlayerId, Purpose, str], tuple[Pending, int]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def put(self, pending: Pending) -> None:
        with self.lock:
            self.pending[(pending.player, pending.purpose, pending.channel)] = (pending, 0)

    def check(
        self,
        player: PlayerId,
        purpose: Purpose,
        channel: str,
        digest: str,
        at: datetime,
        tries: int,
    ) -> Checked:
        key = (player, purpose, channel)
        with self.lock:
            found = self.pending.get(key)
            if found is None or found[0].expires_at <= at:
                self.pending.pop(key, None)
                return Checked.NONE
            stored, wrong = found
            if stored.digest == digest:
                del self.pending[key]
                return Checked.CONFIRMED
            if wrong + 1 >= tries:
                del self.pending[key]
            else:
                self.pending[key] = (stored, wrong + 1)
            return Checked.WRONG
