"""``SqlEventStore``: the event log on SQL, with SQLAlchemy Core on the hot path (sessions cost
several times as much per command, measured).

``append`` writes the events, the game's summary, the notifications and the inbox reply all or
nothing, or refuses with ``ConcurrencyError`` (``appends``: one ``BEGIN IMMEDIATE`` transaction on
SQLite, one statement on PostgreSQL).  Two appends at the same version cannot both commit: on
SQLite the version check runs under the write lock; on PostgreSQL both may pass it and
``UNIQUE(game_id, seq)`` stops the second.

On PostgreSQL an append takes a transaction-scoped advisory lock just before it inserts the events
and holds it to the commit, so positions are handed out in commit order: a follower reading
``read_all(after=p)`` never later finds an event below a position it has passed.  (Without it a
sequence value taken by a slow transaction commits after higher ones.)  SQLite serialises writers
anyway.

``append_many`` writes several games' appends in one transaction of a few statements, each game's
all or nothing under its own version (``batches``): the worker's batch of timeouts.

Every append also marks the game's pending reminders superseded (a move answers them).  The
worker's side — claiming due deadlines and reminders in batches, queueing a reminder — is in
``claims``.

Reads are single statements, run in autocommit (``engine``: no ``BEGIN``/``ROLLBACK``).  Every
public method is run once more after a lost connection (``engine.reconnecting``).
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Engine, Row, Text, bindparam, cast, select
from sqlalchemy.exc import IntegrityError

from adapters.sql.appends import APPEND_LOCK, PostgresqlAppend, SqliteAppend
from adapters.sql.batches import PostgresqlAppendMany, SqliteAppendMany
from adapters.sql.claims import (
    NEXT_DUE,
    Decision,
    claim_deadlines,
    claim_reminders,
    due_all,
    remind,
)
from adapters.sql.engine import is_postgresql, reconnecting, writer
from adapters.sql.summaries import BY_INVITATION, EVERY, OF_PLAYER, WITH_STATUS, summary_of
from adapters.sql.tables import events
from service.game.codec import READABLE_SCHEMAS, SCHEMA_VERSION, CodecError, LogEvent, decode
from service.game.events import GameId, PlayerId
from service.game.status import GameStatus
from service.game.stored import StoredEvent
from service.ports.protocols import (
    Append,
    ConcurrencyError,
    Due,
    GameSummary,
    InboxReply,
    Notification,
    check_appends,
    check_summary,
)

__all__ = ["APPEND_LOCK", "SqlEventStore"]

AnyRow = Row[*tuple[Any, ...]]

_EVENT_COLUMNS = (
    events.c.game_id,
    events.c.seq,
    events.c.position,
    events.c.name,
    events.c.schema_version,
    cast(events.c.data, Text).label("data"),
    cast(events.c.at, Text).label("at"),
)
"""In the order ``_stored_all`` unpacks them.  ``data`` and ``at`` come as text: the JSON of all rows
is parsed at once, and each distinct time once (the events of one append share it).  Parsing row
by row cost more than the rest of reading a row, and as much as folding the events (measured)."""
_LOAD = (
    select(*_EVENT_COLUMNS)
    .where(events.c.game_id == bindparam("game_id"), events.c.seq > bindparam("after"))
    .order_by(events.c.seq)
)
_LOAD_MANY = (
    select(*_EVENT_COLUMNS)
    .where(events.c.game_id.in_(bindparam("game_ids", expanding=True)))
    .order_by(events.c.game_id, events.c.seq)
)
_READ_ALL = (
    select(*_EVENT_COLUMNS)
    .where(events.c.position > bindparam("after"))
    .order_by(events.c.position)
    .limit(bindparam("limit"))
)


class SqlEventStore:
    """The ``EventStore`` port on SQLite or PostgreSQL (schema from ``migrate.upgrade``)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._postgresql = is_postgresql(engine)
        self._writer = writer(engine)
        self._append = PostgresqlAppend() if self._postgresql else SqliteAppend()
        self._append_many = PostgresqlAppendMany() if self._postgresql else SqliteAppendMany()
        self._claim_due = claim_deadlines(self._postgresql)
        self._claim_reminders = claim_reminders(self._postgresql)

    @reconnecting
    def load(self, game_id: GameId, after: int = 0) -> list[StoredEvent]:
        with self.engine.connect() as connection:
            rows = connection.execute(_LOAD, {"game_id": game_id, "after": after}).all()
        return _stored_all(rows)

    @reconnecting
    def load_many(self, game_ids: Collection[GameId]) -> dict[GameId, list[StoredEvent]]:
        if not game_ids:
            return {}
        with self.engine.connect() as connection:
            rows = connection.execute(_LOAD_MANY, {"game_ids": list(game_ids)}).all()
        logs: dict[GameId, list[StoredEvent]] = {}
        for stored in _stored_all(rows):
            logs.setdefault(stored.game_id, []).append(stored)
        return logs

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
        append = Append(game_id, expected_version, tuple(events), summary, tuple(notifications))
        return self._append_one(append, at, inbox_reply)

    @reconnecting  # ``append``'s, and each of a failed batch's appends alone (``_alone``)
    def _append_one(
        self, append: Append, at: datetime, inbox_reply: InboxReply | None = None
    ) -> list[StoredEvent]:
        # One statement in autocommit on PostgreSQL, a write transaction on SQLite (``appends``).
        transaction = self.engine.connect() if self._postgresql else self._writer.begin()
        try:
            with transaction as connection:
                positions = self._append(connection, append, at, inbox_reply)
        except IntegrityError as clash:
            if "uq_events_game_seq" in str(clash.orig) or "events.game_id" in str(clash.orig):
                raise ConcurrencyError(
                    f"{append.game_id}: another append took version {append.expected_version + 1}"
                ) from None
            raise
        return _appended(append.game_id, append.expected_version, append.events, positions, at)

    @reconnecting
    def append_many(
        self, appends: Sequence[Append], at: datetime
    ) -> list[list[StoredEvent] | None]:
        check_appends(appends)
        if not appends:
            return []
        # One statement in autocommit on PostgreSQL, a write transaction on SQLite (``batches``).
        transaction = self.engine.connect() if self._postgresql else self._writer.begin()
        try:
            with transaction as connection:
                positions = self._append_many(connection, appends, at)
        except IntegrityError:  # the log and a summary disagree (``batches``): one at a time
            return [self._alone(append, at) for append in appends]
        return [
            None
            if (found := positions.get(append.game_id)) is None
            else _appended(append.game_id, append.expected_version, append.events, found, at)
            for append in appends
        ]

    def _alone(self, append: Append, at: datetime) -> list[StoredEvent] | None:
        try:
            return self._append_one(append, at)
        except ConcurrencyError:
            return None

    @reconnecting
    def read_all(self, after: int = 0, limit: int = 1000) -> list[StoredEvent]:
        with self.engine.connect() as connection:
            rows = connection.execute(_READ_ALL, {"after": after, "limit": limit}).all()
        return _stored_all(rows)

    @reconnecting
    def summaries(self, player: PlayerId) -> list[GameSummary]:
        with self.engine.connect() as connection:
            rows = connection.execute(OF_PLAYER, {"player": player}).all()
        return [summary_of(row) for row in rows]

    @reconnecting
    def all_summaries(
        self, status: GameStatus | None = None, limit: int = 1000
    ) -> list[GameSummary]:
        statement = EVERY if status is None else WITH_STATUS
        with self.engine.connect() as connection:
            rows = connection.execute(statement, {"status": status, "limit": limit}).all()
        return [summary_of(row) for row in rows]

    @reconnecting
    def game_by_invitation(self, invitation: str) -> GameId | None:
        with self.engine.connect() as connection:
            found = connection.execute(BY_INVITATION, {"code": invitation}).scalar_one_or_none()
        return None if found is None else GameId(found)

    @reconnecting
    def claim_due(self, now: datetime, limit: int, lease: timedelta) -> list[Due]:
        return self._claim(self._claim_due, now, limit, lease)

    @reconnecting
    def claim_reminders(self, now: datetime, limit: int, lease: timedelta) -> list[Due]:
        return self._claim(self._claim_reminders, now, limit, lease)

    @reconnecting
    def next_due(self, now: datetime) -> datetime | None:
        with self.engine.connect() as connection:
            due: datetime | None = connection.execute(NEXT_DUE, {"now": now}).scalar()
        return due

    def _claim(self, statement: Any, now: datetime, limit: int, lease: timedelta) -> list[Due]:
        values = {"now": now, "until": now + lease, "limit": limit}
        # One statement: atomic by itself on PostgreSQL; SQLite needs the write lock up front.
        transaction = self.engine.connect() if self._postgresql else self._writer.begin()
        with transaction as connection:
            rows = connection.execute(statement, values).all()
        return due_all(rows)

    @reconnecting
    def reminded(
        self,
        game_id: GameId,
        version: int,
        player: PlayerId,
        schedule: Sequence[datetime],
        now: datetime,
    ) -> bool:
        with self._writer.begin() as connection:
            decision = Decision(game_id, version, player, tuple(schedule))
            return remind(connection, self._postgresql, decision, now)


def _appended(
    game_id: GameId,
    expected_version: int,
    events: Sequence[LogEvent],
    positions: Sequence[int],
    at: datetime,
) -> list[StoredEvent]:
    """The events of an append at ``expected_version`` as stored at ``positions``."""
    return [
        StoredEvent(game_id, expected_version + offset, position, event, at)
        for offset, (position, event) in enumerate(zip(positions, events, strict=True), start=1)
    ]


def _stored_all(rows: Sequence[AnyRow]) -> list[StoredEvent]:
    if not rows:
        return []
    documents = json.loads("[" + ",".join(row[5] for row in rows) + "]")
    times: dict[str, datetime] = {}
    stored = []
    for row, data in zip(rows, documents, strict=True):
        text = row[6]
        at = times.get(text)
        if at is None:
            at = times[text] = _utc(text)
        stored.append(_stored(row, data, at))
    return stored


def _utc(text: str) -> datetime:
    """A stored time as ``UtcDateTime`` reads it: SQLite keeps naive UTC ("2026-03-01
    09:00:00.000000"), PostgreSQL prints it with its offset in the ISO date style."""
    moment = datetime.fromisoformat(text)
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _stored(row: AnyRow, data: dict[str, Any], at: datetime) -> StoredEvent:
    game_id, seq, position, name, schema_version, _, _ = row  # unpacking: the fast way
    if schema_version not in READABLE_SCHEMAS:
        raise CodecError(
            f"event {game_id}#{seq} has schema version {schema_version};"
            f" this code reads versions up to {SCHEMA_VERSION}"
        )
    return StoredEvent(GameId(game_id), seq, position, decode(name, data), at)
