"""Faithful in-memory versions of the ports, for tests, benchmarks and throwaway games.

The event store encodes every event through ``codec`` exactly as the SQL store does, keeps
``(game_id, seq)`` unique under a lock and raises the same ``ConcurrencyError``, so one contract
test suite holds for both.  ``SeededChance`` makes every random choice repeatable.
"""

from __future__ import annotations

import contextlib
import json
import random
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta

from .codec import LogEvent, decode, encode, name_of
from .game_events import GameId, PlayerId
from .ports import (
    Address,
    ConcurrencyError,
    GameSummary,
    InboxEntry,
    InboxReply,
    Notification,
    Profile,
    StoredEvent,
    check_summary,
)
from .rules.cards import DECK, Card


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


@dataclass
class InMemoryEventStore:
    rows: list[_Row] = field(default_factory=list)
    by_game: dict[GameId, list[_Row]] = field(default_factory=dict)
    game_summaries: dict[GameId, GameSummary] = field(default_factory=dict)
    invitations: dict[str, GameId] = field(default_factory=dict)
    outbox: list[OutboxItem] = field(default_factory=list)
    inbox: InMemoryInbox | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)

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
        encoded = [(name_of(e), json.dumps(encode(e), sort_keys=True)) for e in events]
        inbox_lock = self.inbox.lock if self.inbox is not None else contextlib.nullcontext()
        with self.lock, inbox_lock:  # the inbox check and its reply are atomic with the append
            rows = self.by_game.setdefault(game_id, [])
            if len(rows) != expected_version:
                raise ConcurrencyError(f"{game_id} is at {len(rows)}, not {expected_version}")
            if inbox_reply is not None and self.inbox is not None:
                self.inbox.check_unanswered(inbox_reply.source, inbox_reply.key)
            new = [
                _Row(game_id, expected_version + i, len(self.rows) + i, name, data, at)
                for i, (name, data) in enumerate(encoded, start=1)
            ]
            rows.extend(new)
            self.rows.extend(new)
            self.game_summaries[game_id] = summary
            if summary.invitation is not None:
                self.invitations[summary.invitation] = game_id
            self.outbox.extend(OutboxItem(n, next_attempt_at=at) for n in notifications)
            if inbox_reply is not None and self.inbox is not None:
                self.inbox.complete(inbox_reply.source, inbox_reply.key, inbox_reply.reply)
        return [_stored(row) for row in new]

    def read_all(self, after: int = 0, limit: int = 1000) -> list[StoredEvent]:
        with self.lock:
            rows = self.rows[after : after + limit]
        return [_stored(row) for row in rows]

    def summaries(self, player: PlayerId) -> list[GameSummary]:
        with self.lock:
            mine = [s for s in self.game_summaries.values() if player in s.players]
        return sorted(mine, key=lambda s: s.since, reverse=True)

    def game_by_invitation(self, invitation: str) -> GameId | None:
        with self.lock:
            return self.invitations.get(invitation)


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

    def complete(self, source: str, key: str, reply: str) -> str:
        with self.lock:
            entry = self.entries[(source, key)]
            if entry.reply is not None:
                return entry.reply
            self.entries[(source, key)] = replace(entry, reply=reply)
            return reply

    def check_unanswered(self, source: str, key: str) -> None:
        """``ConcurrencyError`` unless the message is received and has no reply yet."""
        with self.lock:
            entry = self.entries.get((source, key))
            if entry is None or entry.reply is not None:
                raise ConcurrencyError(f"message {source}/{key} is not waiting for a reply")

    def pending(self, limit: int = 100) -> list[InboxEntry]:
        with self.lock:
            waiting = [e for e in self.entries.values() if e.reply is None]
        return sorted(waiting, key=lambda e: e.received_at)[:limit]


@dataclass
class InMemoryDirectory:
    profiles: dict[PlayerId, Profile] = field(default_factory=dict)
    owners: dict[Address, PlayerId] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def player_at(self, address: Address) -> PlayerId | None:
        with self.lock:
            return self.owners.get(address)

    def register(self, name: str, address: Address) -> PlayerId:
        with self.lock:
            if address in self.owners:
                raise ValueError(f"{address} already belongs to a player")
            player = PlayerId(f"p{len(self.profiles) + 1}")
            self.profiles[player] = Profile(player, name)
            self.owners[address] = player
            return player

    def link(self, player: PlayerId, address: Address) -> None:
        with self.lock:
            if player not in self.profiles:
                raise KeyError(f"no player {player}")
            owner = self.owners.setdefault(address, player)
            if owner != player:
                raise ValueError(f"{address} already belongs to another player")

    def addresses(self, player: PlayerId) -> list[Address]:
        with self.lock:
            return [a for a, owner in self.owners.items() if owner == player]

    def profile(self, player: PlayerId) -> Profile:
        with self.lock:
            return self.profiles[player]


@dataclass
class ManualClock:
    """A clock that moves only when told to."""

    current: datetime = datetime(2026, 1, 1, tzinfo=UTC)

    def now(self) -> datetime:
        return self.current

    def advance(self, **delta: float) -> None:
        self.current += timedelta(**delta)


class SeededChance:
    """Repeatable randomness; ``decks`` are dealt first, in order, before shuffled ones."""

    def __init__(self, seed: int | None = None, decks: Sequence[tuple[Card, ...]] = ()) -> None:
        self._rng = random.Random(seed)
        self._decks = list(decks)

    def deck(self) -> tuple[Card, ...]:
        if self._decks:
            return self._decks.pop(0)
        cards = list(DECK)
        self._rng.shuffle(cards)
        return tuple(cards)

    def salt(self) -> str:
        return f"{self._rng.getrandbits(128):032x}"

    def token(self) -> str:
        return f"{self._rng.getrandbits(64):016x}"

    def random(self) -> float:
        return self._rng.random()
