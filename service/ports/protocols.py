"""The ports of the game service: what it needs from the outside world, as ``Protocol``s.

Adapters implement them (SQL storage, the system clock and random source); ``memory.py`` holds
faithful in-memory versions for tests and the terminal.  Values crossing a port are the small
frozen dataclasses below.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Protocol

from service.game.codec import LogEvent
from service.game.events import GameId, PlayerId
from service.game.status import GameStatus
from service.game.stored import StoredEvent
from service.rules.cards import Card

LEASE = timedelta(seconds=30)
"""How long a claim holds before another worker may take the game up (a crashed worker's)."""


def check_appends(appends: Sequence[Append]) -> None:
    """``ValueError`` unless ``appends`` may go to ``EventStore.append_many`` together."""
    if len({append.game_id for append in appends}) != len(appends):
        raise ValueError("a game appears twice in one append_many")
    for append in appends:
        if append.expected_version < 1:
            raise ValueError(f"append_many does not open games: {append.game_id} is new")
        check_summary(append.game_id, append.expected_version, append.events, append.summary)


def check_summary(
    game_id: GameId, expected_version: int, events: Sequence[object], summary: GameSummary
) -> None:
    """``ValueError`` unless ``summary`` is the line of ``game_id`` after ``events`` (see
    ``EventStore.append``)."""
    version = expected_version + len(events)
    if summary.game_id != game_id or summary.version != version:
        raise ValueError(
            f"the summary of {summary.game_id} at version {summary.version} does not follow"
            f" an append to {game_id} at {expected_version} of {len(events)} events"
        )


class ConcurrencyError(Exception):
    """Another writer appended to the game first: the expected version is no longer current."""


@dataclass(frozen=True, slots=True)
class Notification:
    """``player`` must be told what happened in ``game_id`` from event ``from_seq`` to ``to_seq``
    (``kind`` ``moves``), or reminded that the decision at ``to_seq`` is due (``reminder``)."""

    player: PlayerId
    game_id: GameId
    from_seq: int
    to_seq: int
    kind: str = "moves"


@dataclass(frozen=True, slots=True)
class Delivery:
    """A notification claimed for sending, with how often sending it has failed."""

    id: int
    notification: Notification
    attempts: int


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One line of a player's list of games: a projection rebuilt from the log on every append."""

    game_id: GameId
    players: tuple[PlayerId | None, PlayerId | None]
    status: GameStatus
    to_act: PlayerId | None
    since: datetime
    """When the current decision became ``to_act``'s (or when the game changed status)."""
    version: int
    invitation: str | None
    due_at: datetime | None = None
    """When the decision ``to_act`` owes times out (``deadlines.py``); None when nobody owes one."""
    next_reminder_at: datetime | None = None
    """When ``to_act`` is next reminded of it; None when no reminder is left."""


def next_reminder(
    schedule: Sequence[datetime], sent: int, now: datetime
) -> tuple[datetime | None, datetime | None]:
    """Of a decision's reminder ``schedule`` (earliest first), ``sent`` of which were queued:
    the one to queue at ``now`` (None if the next has not come, or none is left) and the
    reminder time after it (None when none is left).  A pause or an extension moves the times,
    never the count, so no reminder of a decision goes out twice."""
    if sent >= len(schedule) or schedule[sent] > now:
        return None, schedule[sent] if sent < len(schedule) else None
    return schedule[sent], schedule[sent + 1] if sent + 1 < len(schedule) else None


@dataclass(frozen=True, slots=True)
class Due:
    """A game whose deadline or reminder time has come, claimed by the worker that got it."""

    game_id: GameId
    version: int
    player: PlayerId | None
    at: datetime


@dataclass(frozen=True, slots=True)
class Append:
    """One game's append: ``events`` to follow version ``expected_version``, the game's
    ``summary`` after them and the ``notifications`` they cause (``EventStore.append_many`` takes
    several; the SQL store hands its writers each ``append`` as one)."""

    game_id: GameId
    expected_version: int
    events: tuple[LogEvent, ...]
    summary: GameSummary
    notifications: tuple[Notification, ...] = ()


@dataclass(frozen=True, slots=True)
class InboxReply:
    """Completes an inbound message in the same transaction as the events it caused."""

    source: str
    key: str
    reply: str
    payload: str | None = None
    """Set for a message not stored before (a request over HTTP, a terminal line): the append
    stores it with its reply, one insert, and refuses (``ConcurrencyError``) if it is known."""


@dataclass(frozen=True, slots=True)
class InboxEntry:
    """An inbound message, stored before it is acknowledged; ``reply`` is set once it was handled."""

    source: str
    key: str
    payload: str
    received_at: datetime
    reply: str | None


class EventStore(Protocol):
    """The event log: append-only per game, with optimistic concurrency on the game's version."""

    def load(self, game_id: GameId, after: int = 0) -> list[StoredEvent]:
        """The game's events with ``seq`` greater than ``after``, in order; empty for an unknown
        game (or one with no newer events)."""
        ...

    def load_many(self, game_ids: Collection[GameId]) -> dict[GameId, list[StoredEvent]]:
        """The whole logs of these games, each in order, in one read; an unknown game is left
        out."""
        ...

    def append(
        self,
        game_id: GameId,
        expected_version: int,
        events: Sequence[LogEvent],
        at: datetime,
        summary: GameSummary,
        notifications: Sequence[Notification] = (),
        inbox_reply: InboxReply | None = None,
    ) -> list[StoredEvent]:
        """Append atomically with the summary, the notifications and the inbox reply.

        Raises ``ConcurrencyError`` unless the game has exactly ``expected_version`` events, and,
        with ``inbox_reply``, unless that message is received and still unanswered (so a message
        delivered twice moves a game once).  ``summary`` is the game's line after these events:
        its ``game_id`` is ``game_id`` and its ``version`` is ``expected_version + len(events)``
        (``ValueError`` otherwise; a summary's version is the game's, which stores may rely on).
        """
        ...

    def append_many(
        self, appends: Sequence[Append], at: datetime
    ) -> list[list[StoredEvent] | None]:
        """Several games' appends in one transaction (the worker's batch of timeouts), in place of
        one ``append`` each: each is all or nothing under its own expected version, as ``append``
        would write it; one whose game is no longer at that version is left out (None in its
        place) and the others are written.  Each game at most once, each already opened
        (expected version at least 1), each summary as ``append`` requires (``ValueError``
        otherwise)."""
        ...

    def read_all(self, after: int = 0, limit: int = 1000) -> list[StoredEvent]:
        """Events of every game with ``position`` greater than ``after``, in position order."""
        ...

    def summaries(self, player: PlayerId) -> list[GameSummary]:
        """The player's games, most recently changed first."""
        ...

    def all_summaries(
        self, status: GameStatus | None = None, limit: int = 1000
    ) -> list[GameSummary]:
        """Every game's line (only those with ``status`` if given), most recently changed first:
        what operators list."""
        ...

    def game_by_invitation(self, invitation: str) -> GameId | None: ...

    def claim_due(self, now: datetime, limit: int, lease: timedelta) -> list[Due]:
        """Playing games whose deadline is at or before ``now`` and that no worker claimed within
        the last ``lease``; each returned game stays claimed for ``lease`` (so two workers never
        handle the same one at once; the expected version makes a late duplicate harmless)."""
        ...

    def claim_reminders(self, now: datetime, limit: int, lease: timedelta) -> list[Due]:
        """Playing games whose next reminder is at or before ``now``, claimed the same way."""
        ...

    def next_due(self, now: datetime) -> datetime | None:
        """The earliest deadline of a playing game that no claim holds at ``now`` (it may have
        passed already), or None: when ``claim_due`` will next hand out a game."""
        ...

    def reminded(
        self,
        game_id: GameId,
        version: int,
        player: PlayerId,
        schedule: Sequence[datetime],
        now: datetime,
    ) -> bool:
        """If the game is still at ``version``, whose decision ``player`` owes with reminders at
        ``schedule`` (earliest first): queue the decision's next reminder if its time has come
        (replacing one of theirs for this game still waiting to be sent), and move the next
        reminder time to the one after; True if one was queued.  A decision's n-th reminder is
        queued once, whatever pauses and extensions move its time — again only if an append
        superseded it before it went out.  A game that moved on since needs no reminder."""
        ...


class Outbox(Protocol):
    """Notifications waiting to be sent; written with the events that caused them."""

    def claim(self, now: datetime, limit: int, lease: timedelta) -> list[Delivery]:
        """Pending notifications due now, oldest first, claimed for ``lease``."""
        ...

    def delivered(self, delivery_id: int, at: datetime, channel: str = "") -> None:
        """Handed over at ``at`` to the player's ``channel``: sent, for good."""
        ...

    def retry(self, delivery_id: int, at: datetime, error: str) -> None:
        """Sending failed for now: try again at ``at`` (one more attempt counted)."""
        ...

    def failed(self, delivery_id: int, error: str) -> None:
        """Sending failed for good (the player cannot be reached this way)."""
        ...

    def release(self, delivery_ids: Collection[int], until: datetime) -> None:
        """Hand back the pending deliveries a claim leased ``until`` and did not send: claimable
        again at once, not after the lease.  One another claim holds by now (the lease lapsed
        and it was claimed again) is left to it."""
        ...


class Inbox(Protocol):
    """Inbound messages, unique by ``(source, key)``, so a message delivered twice is handled once."""

    def receive(self, source: str, key: str, payload: str, at: datetime) -> InboxEntry:
        """Store the message unless it is known; either way return the stored entry."""
        ...

    def entry(self, source: str, key: str) -> InboxEntry | None:
        """The stored message, if it is stored (a read: nothing is written)."""
        ...

    def complete(
        self,
        source: str,
        key: str,
        reply: str,
        payload: str | None = None,
        at: datetime | None = None,
    ) -> str:
        """Record the reply of a message that changed no game (a query or a rejected move).

        The first reply recorded stands: returns the stored reply, which is ``reply`` unless
        another delivery of the same message was answered first.  With ``payload`` (and ``at``),
        a message never received is stored with it; without, ``KeyError`` for one.
        """
        ...

    def pending(self, limit: int = 100) -> list[InboxEntry]:
        """Messages stored but not yet handled, oldest first (to resume after a crash)."""
        ...


class Clock(Protocol):
    def now(self) -> datetime:
        """The current time, timezone-aware UTC."""
        ...


class Chance(Protocol):
    """Every random choice the service makes, so tests and replays can fix them."""

    def deck(self) -> tuple[Card, ...]:
        """A shuffled 40-card deck, top card first."""
        ...

    def salt(self) -> str:
        """A secret for a deal commitment (hex)."""
        ...

    def token(self) -> str:
        """A new unguessable identifier (game ids, invitations)."""
        ...

    def random(self) -> float:
        """A float in [0, 1), for first dealers and the random bot."""
        ...
