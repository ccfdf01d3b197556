"""Faithful in-memory versions of the stores (events, outbox, inbox), for tests, benchmarks and
throwaway games; the directory, clock and chance are in ``memory_directory``.

The event store encodes every event through ``codec`` exactly as the SQL store does, keeps
``(game_id, seq)`` unique under a lock and raises the same ``ConcurrencyError``, so one contract
test suite holds for both.
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from service.game.codec import LogEvent, decode, encode, name_of
from service.game.events import GameId, PlayerId
from service.game.status import GameStatus
from service.game.stored import StoredEvent
from service.ports.protocols import (
    Append,
    ConcurrencyError,
    Delivery,
    Due,
    GameSummary,
    InboxEntry,
    InboxReply,
    Notification,
    check_appends,
    check_summary,
    next_reminder,
)


@dataclass(frozen=True, slots=True)
class _Row:
    game_id: GameId
    seq: int
    position: int
    name: str
    data: str
    at: datetime


@dataclass
class OutboxItem:
    """A notification waiting for delivery, with the bookkeeping a dispatcher needs."""

    notification: Notification
    status: str = "pending"
    attempts: int = 0
    next_attempt_at: datetime | None = None
    claimed_until: datetime | None = None
    error: str | None = None
    delivered_at: datetime | None = None
    """When it was handed to the player's ``channel`` (how long the player waited)."""
    channel: str | None = None


@dataclass
class InMemoryEventStore:
    rows: list[_Row] = field(default_factory=list)
    by_game: dict[GameId, list[_Row]] = field(default_factory=dict)
    game_summaries: dict[GameId, GameSummary] = field(default_factory=dict)
    invitations: dict[str, GameId] = field(default_factory=dict)
    outbox: list[OutboxItem] = field(default_factory=list)
    inbox: InMemoryInbox | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)
    deadline_claims: dict[GameId, datetime] = field(default_factory=dict)
    reminder_claims: dict[GameId, datetime] = field(default_factory=dict)
    reminders_sent: dict[GameId, tuple[int, OutboxItem | None, datetime]] = field(
        default_factory=dict
    )
    """Per game: how many of its decision's reminders were queued, the last one and its time."""

    def load(self, game_id: GameId, after: int = 0) -> list[StoredEvent]:
        with self.lock:
            rows = self.by_game.get(game_id, [])[after:]
        return [_stored(row) for row in rows]

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
        check_summary(game_id, expected_version, events, summary)
        inbox_lock = self.inbox.lock if self.inbox is not None else contextlib.nullcontext()
        with self.lock, inbox_lock:  # the inbox check and its reply are atomic with the append
            if len(self.by_game.get(game_id, ())) != expected_version:
                raise ConcurrencyError(f"{game_id} is not at version {expected_version}")
            if inbox_reply is not None and self.inbox is not None:
                fresh = inbox_reply.payload is not None
                self.inbox.check_unanswered(inbox_reply.source, inbox_reply.key, fresh)
            stored = self._write(
                Append(game_id, expected_version, tuple(events), summary, tuple(notifications)), at
            )
            if inbox_reply is not None and self.inbox is not None:
                reply = inbox_reply
                self.inbox.complete(reply.source, reply.key, reply.reply, reply.payload, at)
        return stored

    def append_many(
        self, appends: Sequence[Append], at: datetime
    ) -> list[list[StoredEvent] | None]:
        check_appends(appends)
        with self.lock:
            return [
                self._write(append, at)
                if len(self.by_game.get(append.game_id, ())) == append.expected_version
                else None
                for append in appends
            ]

    def _write(self, append: Append, at: datetime) -> list[StoredEvent]:
        """Write an append whose version was checked, under the lock."""
        game_id, summary = append.game_id, append.summary
        rows = self.by_game.setdefault(game_id, [])
        encoded = [(name_of(e), json.dumps(encode(e), sort_keys=True)) for e in append.events]
        new = [
            _Row(game_id, append.expected_version + i, len(self.rows) + i, name, data, at)
            for i, (name, data) in enumerate(encoded, start=1)
        ]
        rows.extend(new)
        self.rows.extend(new)
        self.game_summaries[game_id] = summary
        if summary.invitation is not None:
            self.invitations[summary.invitation] = game_id
        self._cancel_reminders(game_id)  # a move answers any reminder still waiting
        self.deadline_claims.pop(game_id, None)  # the new deadline is nobody's yet
        self.reminder_claims.pop(game_id, None)
        self.outbox.extend(OutboxItem(n, next_attempt_at=at) for n in append.notifications)
        return [_stored(row) for row in new]

    def load_many(self, game_ids: Collection[GameId]) -> dict[GameId, list[StoredEvent]]:
        with self.lock:
            rows = {
                game_id: list(self.by_game[game_id])
                for game_id in game_ids
                if self.by_game.get(game_id)
            }
        return {game_id: [_stored(row) for row in kept] for game_id, kept in rows.items()}

    def read_all(self, after: int = 0, limit: int = 1000) -> list[StoredEvent]:
        with self.lock:
            rows = self.rows[after : after + limit]
        return [_stored(row) for row in rows]

    def summaries(self, player: PlayerId) -> list[GameSummary]:
        with self.lock:
            mine = [s for s in self.game_summaries.values() if player in s.players]
        return sorted(mine, key=lambda s: (-s.since.timestamp(), s.game_id))

    def all_summaries(
        self, status: GameStatus | None = None, limit: int = 1000
    ) -> list[GameSummary]:
        with self.lock:
            chosen = [s for s in self.game_summaries.values() if status in (None, s.status)]
        return sorted(chosen, key=lambda s: (-s.since.timestamp(), s.game_id))[:limit]

    def game_by_invitation(self, invitation: str) -> GameId | None:
        with self.lock:
            return self.invitations.get(invitation)

    def claim_due(self, now: datetime, limit: int, lease: timedelta) -> list[Due]:
        with self.lock:
            return self._claim(self.deadline_claims, "due_at", now, limit, lease)

    def claim_reminders(self, now: datetime, limit: int, lease: timedelta) -> list[Due]:
        with self.lock:
            return self._claim(self.reminder_claims, "next_reminder_at", now, limit, lease)

    def next_due(self, now: datetime) -> datetime | None:
        with self.lock:
            return min(
                (
                    s.due_at
                    for s in self.game_summaries.values()
                    if s.status == GameStatus.PLAYING
                    and s.due_at is not None
                    and self.deadline_claims.get(s.game_id, now) <= now
                ),
                default=None,
            )

    def _claim(
        self, claims: dict[GameId, datetime], when: str, now: datetime, limit: int, lease: timedelta
    ) -> list[Due]:
        ready = sorted(
            (
                s
                for s in self.game_summaries.values()
                if s.status == GameStatus.PLAYING
                and getattr(s, when) is not None
                and getattr(s, when) <= now
                and claims.get(s.game_id, now) <= now
            ),
            key=lambda s: (getattr(s, when), s.game_id),  # ties by id, as the SQL stores order
        )[:limit]
        for summary in ready:
            claims[summary.game_id] = now + lease
        return [Due(s.game_id, s.version, s.to_act, getattr(s, when)) for s in ready]

    def reminded(
        self,
        game_id: GameId,
        version: int,
        player: PlayerId,
        schedule: Sequence[datetime],
        now: datetime,
    ) -> bool:
        with self.lock:
            summary = self.game_summaries.get(game_id)
            if summary is None or summary.version != version:
                return False
            self.reminder_claims.pop(game_id, None)
            counted, last, last_at = self.reminders_sent.get(game_id, (0, None, summary.since))
            sent = 0  # as the SQL stores count (``adapters/sql/claims.py``)
            if last is not None and last_at > summary.since:
                sent = counted - (last.status == "superseded")
            due, upcoming = next_reminder(schedule, sent, now)
            self.game_summaries[game_id] = replace(summary, next_reminder_at=upcoming)
            if due is None:
                return False
            self._cancel_reminders(game_id)  # the new reminder supersedes a waiting one
            note = Notification(player, game_id, version, version, "reminder")
            queued = OutboxItem(note, next_attempt_at=due)
            self.outbox.append(queued)
            self.reminders_sent[game_id] = (sent + 1, queued, due)
            return True

    def _cancel_reminders(self, game_id: GameId) -> None:
        for item in self.outbox:
            note = item.notification
            if note.game_id == game_id and note.kind == "reminder" and item.status == "pending":
                item.status = "superseded"


@dataclass
class InMemoryOutbox:
    """The outbox of an ``InMemoryEventStore`` (its notifications, numbered by position)."""

    store: InMemoryEventStore

    def claim(self, now: datetime, limit: int, lease: timedelta) -> list[Delivery]:
        with self.store.lock:
            outbox = self.store.outbox
            held = {  # players another claim holds: as the SQL outbox (``adapters/sql/outbox.py``)
                item.notification.player
                for item in outbox
                if item.claimed_until is not None and item.claimed_until > now
            }
            due: list[tuple[int, OutboxItem]] = []
            waiting: set[PlayerId] = set()  # players with an older one, never tried, not due
            for number, item in enumerate(outbox):
                player = item.notification.player
                if item.status != "pending":
                    continue
                if item.next_attempt_at is not None and item.next_attempt_at > now:
                    if item.attempts == 0:
                        waiting.add(player)
                elif (
                    (item.claimed_until is None or item.claimed_until <= now)
                    and player not in held
                    and player not in waiting
                ):
                    due.append((number, item))
            due = due[:limit]
            for _, item in due:
                item.claimed_until = now + lease
            return [Delivery(number, item.notification, item.attempts) for number, item in due]

    def delivered(self, delivery_id: int, at: datetime, channel: str = "") -> None:
        with self.store.lock:
            item = self.store.outbox[delivery_id]
            item.status, item.claimed_until = "delivered", None
            item.delivered_at, item.channel = at, channel or None

    def retry(self, delivery_id: int, at: datetime, error: str) -> None:
        with self.store.lock:
            item = self.store.outbox[delivery_id]
            item.attempts += 1
            item.next_attempt_at, item.claimed_until, item.error = at, None, error

    def failed(self, delivery_id: int, error: str) -> None:
        with self.store.lock:
            item = self.store.outbox[delivery_id]
            item.attempts += 1
            item.status, item.claimed_until, item.error = "failed", None, error

    def release(self, delivery_ids: Collection[int], until: datetime) -> None:
        with self.store.lock:
            for delivery_id in delivery_ids:
                item = self.store.outbox[delivery_id]
                if item.status == "pending" and item.claimed_until == until:
                    item.claimed_until = None


def _stored(row: _Row) -> StoredEvent:
    return StoredEvent(
        row.game_id, row.seq, row.position, decode(row.name, json.loads(row.data)), row.at
    )


@dataclass
class InMemoryInbox:
    entries: dict[tuple[str, str], InboxEntry] = field(default_factory=dict)
    lock: threading.RLock = field(default_factory=threading.RLock)

    def receive(self, source: str, key: str, payload: str, at: datetime) -> InboxEntry:
        with self.lock:
            return self.entries.setdefault(
                (source, key), InboxEntry(source, key, payload, at, None)
            )

    def entry(self, source: str, key: str) -> InboxEntry | None:
        with self.lock:
            return self.entries.get((source, key))

    def complete(
        self,
        source: str,
        key: str,
        reply: str,
        payload: str | None = None,
        at: datetime | None = None,
    ) -> str:
        with self.lock:
            if payload is not None and at is not None:
                self.receive(source, key, payload, at)
            entry = self.entries[(source, key)]
            if entry.reply is not None:
                return entry.reply
            self.entries[(source, key)] = replace(entry, reply=reply)
            return reply

    def check_unanswered(self, source: str, key: str, fresh: bool = False) -> None:
        """``ConcurrencyError`` unless the message is received and has no reply yet (``fresh``:
        unless it was never received)."""
        with self.lock:
            entry = self.entries.get((source, key))
            if (entry is not None) if fresh else (entry is None or entry.reply is not None):
                raise ConcurrencyError(f"message {source}/{key} is not waiting for a reply")

    def pending(self, limit: int = 100) -> list[InboxEntry]:
        with self.lock:
            waiting = [e for e in self.entries.values() if e.reply is None]
        return sorted(waiting, key=lambda e: e.received_at)[:limit]
