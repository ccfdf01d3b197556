"""The one intake: every inbound request is handled once, however often it is delivered, and one
that keeps failing is given up under one policy.

A request is stored in the inbox (its source and key: a Telegram update, a mail's Message-ID)
before it is handled, and its typed reply is recorded there when it is: a request delivered or
handled again hears the recorded reply and changes nothing.  A request whose client waits for the
answer (over HTTP, a terminal line) needs no row before it is handled: it is stored with its
reply, in one write (``unstored``, ``InboxKey.payload``).  A move records its reply in the same
transaction as its events (``EventStore.append(inbox_reply=…)``); anything else records it right
after its effect, and an effect that may run twice after a crash between the two (opening a game)
is made idempotent by the request's key (``GameService.open_game(request=…)``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field

from service.app.replies import Reply
from service.app.reply_codec import decode, encode
from service.ports.protocols import Clock, Inbox, InboxReply

log = logging.getLogger(__name__)

ATTEMPTS = 3
"""How often a request that fails (not for want of the network or database) is tried before it is
given up: its error is logged and it is answered no more, so it cannot block the rest."""


@dataclass(frozen=True, slots=True)
class InboxKey:
    """Where a request came from and its key there: unique per request."""

    source: str
    key: str
    payload: str | None = None
    """The request, if it is not stored yet: whatever records its reply stores it with it."""

    def reply(self, reply: Reply) -> InboxReply:
        """``reply`` recorded in the append of the events it answers."""
        return InboxReply(self.source, self.key, encode(reply), self.payload)


class Intake:
    """Requests in, typed replies recorded once, through the inbox port."""

    def __init__(self, inbox: Inbox, clock: Clock) -> None:
        self.inbox = inbox
        self.clock = clock

    def earlier(self, at: InboxKey, payload: str = "") -> Reply | None:
        """Store the request unless it is known; its recorded reply if it was handled already."""
        entry = self.inbox.receive(at.source, at.key, payload, self.clock.now())
        return None if entry.reply is None else decode(entry.reply)

    def unstored(self, at: InboxKey, payload: str) -> InboxKey | Reply:
        """Where a request's reply goes: its recorded reply if it was handled; its key if it is
        stored; its key with ``payload`` if it is not (then it is stored with its reply, one
        insert instead of one before and one after: issue 32's cost of the one intake)."""
        entry = self.inbox.entry(at.source, at.key)
        if entry is None:
            return InboxKey(at.source, at.key, payload)
        return at if entry.reply is None else decode(entry.reply)

    def record(self, at: InboxKey, reply: Reply) -> Reply:
        """Record ``reply`` unless another handling of the request recorded one first; the
        recorded reply either way (a duplicate that lost the race hears what the winner heard)."""
        now = self.clock.now()
        return decode(self.inbox.complete(at.source, at.key, encode(reply), at.payload, now))

    def once(self, at: InboxKey, payload: str, handle: Callable[[], Reply]) -> Reply:
        """The request's reply: the recorded one, or ``handle``'s, recorded."""
        earlier = self.earlier(at, payload)
        return earlier if earlier is not None else self.record(at, handle())


@dataclass
class Attempts:
    """The retry and give-up policy of every channel's intake loop: a request is tried until it
    succeeds or has failed ``limit`` times in this process."""

    limit: int = ATTEMPTS
    _failures: dict[str, int] = field(default_factory=dict)

    def failed(self, key: str, error: BaseException) -> bool:
        """Count a failure of ``key`` (logged with ``error``); True when it is given up."""
        failures = self._failures[key] = self._failures.get(key, 0) + 1
        log.error(
            "request %s failed (%d of %d attempts)", key, failures, self.limit, exc_info=error
        )
        if failures < self.limit:
            return False
        del self._failures[key]
        return True

    def succeeded(self, key: str) -> None:
        self._failures.pop(key, None)
