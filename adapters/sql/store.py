"""``SqlEventStore``: the event log on SQL, with SQLAlchemy Core on the hot path (sessions cost
several times as much per command, measured).

``append`` is one write transaction: check the game's version, complete the inbox message, upsert
the game's summary, insert the notifications and, last, the events.  Two appends at the same
version cannot both commit: on SQLite the version check runs under the write lock; on PostgreSQL
both may pass it and ``UNIQUE(game_id, seq)`` stops the second.  Either way the loser gets
``ConcurrencyError``.

On PostgreSQL an append takes a transaction-scoped advisory lock just before it inserts the events
(its last statement) and holds it to the commit, so positions are handed out in commit order: a
follower reading ``read_all(after=p)`` never later finds an event below a position it has passed.
(Without it a sequence value taken by a slow transaction commits after higher ones.)  SQLite
serialises writers anyway.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Engine, Row, bindparam, func, insert, select, text
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from service.codec import SCHEMA_VERSION, CodecError, LogEvent, decode, encode, name_of
from service.game_events import GameId, PlayerId
from service.ports import (
    ConcurrencyError,
    GameSummary,
    InboxReply,
    Notification,
    StoredEvent,
)

from .engine import is_postgresql, writer
from .inbox import ANSWER
from .summaries import BY_INVITATION, OF_PLAYER, row_of, summary_of, upsert
from .tables import events, outbox

AnyRow = Row[*tuple[Any, ...]]

APPEND_LOCK = 0x436F_6E71_0002
"""PostgreSQL advisory lock key held by every append until it commits."""

_EVENT_COLUMNS = (
    events.c.game_id,
    events.c.seq,
    events.c.position,
    events.c.name,
    events.c.schema_version,
    events.c.data,
    events.c.at,
)
"""In the order ``_stored`` unpacks them."""
_LOAD = (
    select(*_EVENT_COLUMNS)
    .where(events.c.game_id == bindparam("game_id"), events.c.seq > bindparam("after"))
    .order_by(events.c.seq)
)
_READ_ALL = (
    select(*_EVENT_COLUMNS)
    .where(events.c.position > bindparam("after"))
    .order_by(events.c.position)
    .limit(bindparam("limit"))
)
_VERSION = select(func.coalesce(func.max(events.c.seq), 0)).where(
    events.c.game_id == bindparam("game_id")
)
_INSERT = insert(events).returning(events.c.position, sort_by_parameter_order=True)
_NOTIFY = insert(outbox)
_LOCK = text("SELECT pg_advisory_xact_lock(:key)").bindparams(key=APPEND_LOCK)


class SqlEventStore:
    """The ``EventStore`` port on SQLite or PostgreSQL (schema from ``migrate.upgrade``)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._writer = writer(engine)
        self._postgresql = is_postgresql(engine)
        self._upsert = upsert(engine.dialect.name)

    def load(self, game_id: GameId, after: int = 0) -> list[StoredEvent]:
        with self.engine.connect() as connection:
            rows = connection.execute(_LOAD, {"game_id": game_id, "after": after}).all()
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
        rows = [
            {
                "game_id": game_id,
                "seq": expected_version + offset,
                "name": name_of(event),
                "schema_version": SCHEMA_VERSION,
                "data": encode(event),
                "at": at,
            }
            for offset, event in enumerate(events, start=1)
        ]
        try:
            with self._writer.begin() as connection:
                self._check(connection, game_id, expected_version, inbox_reply, at)
                connection.execute(self._upsert, row_of(summary))
                if notifications:
                    connection.execute(_NOTIFY, [_outbox_row(n, at) for n in notifications])
                positions = self._insert(connection, rows)
        except IntegrityError as clash:
            if "uq_events_game_seq" in str(clash.orig) or "events.game_id" in str(clash.orig):
                raise ConcurrencyError(
                    f"{game_id}: another append took version {expected_version + 1}"
                ) from None
            raise
        return [
            StoredEvent(game_id, expected_version + offset, position, event, at)
            for offset, (position, event) in enumerate(zip(positions, events, strict=True), start=1)
        ]

    def _check(
        self,
        connection: Connection,
        game_id: GameId,
        expected_version: int,
        inbox_reply: InboxReply | None,
        at: datetime,
    ) -> None:
        """Refuse a stale version or a message already answered; complete the message."""
        current = connection.execute(_VERSION, {"game_id": game_id}).scalar_one()
        if current != expected_version:
            raise ConcurrencyError(f"{game_id} is at {current}, not {expected_version}")
        if inbox_reply is None:
            return
        answered = connection.execute(
            ANSWER,
            {
                "b_source": inbox_reply.source,
                "b_key": inbox_reply.key,
                "b_reply": inbox_reply.reply,
                "b_at": at,
            },
        )
        if answered.rowcount != 1:
            raise ConcurrencyError(
                f"message {inbox_reply.source}/{inbox_reply.key} is not waiting for a reply"
            )

    def _insert(self, connection: Connection, rows: list[dict[str, Any]]) -> list[int]:
        """Insert the events last, so that the PostgreSQL append lock is held only for the insert
        and the commit; whoever holds it never waits for a row lock (no deadlock)."""
        if not rows:
            return []
        if self._postgresql:
            connection.execute(_LOCK)
        return list(connection.execute(_INSERT, rows).scalars())

    def read_all(self, after: int = 0, limit: int = 1000) -> list[StoredEvent]:
        with self.engine.connect() as connection:
            rows = connection.execute(_READ_ALL, {"after": after, "limit": limit}).all()
        return [_stored(row) for row in rows]

    def summaries(self, player: PlayerId) -> list[GameSummary]:
        with self.engine.connect() as connection:
            rows = connection.execute(OF_PLAYER, {"player": player}).all()
        return [summary_of(row) for row in rows]

    def game_by_invitation(self, invitation: str) -> GameId | None:
        with self.engine.connect() as connection:
            found = connection.execute(BY_INVITATION, {"code": invitation}).scalar_one_or_none()
        return None if found is None else GameId(found)


def _stored(row: AnyRow) -> StoredEvent:
    game_id, seq, position, name, schema_version, data, at = row  # unpacking: the fast way
    if schema_version != SCHEMA_VERSION:
        raise CodecError(
            f"event {game_id}#{seq} has schema version {schema_version};"
            f" this code reads version {SCHEMA_VERSION}"
        )
    return StoredEvent(GameId(game_id), seq, position, decode(name, data), at)


def _outbox_row(notification: Notification, at: datetime) -> dict[str, Any]:
    return {
        "player": notification.player,
        "game_id": notification.game_id,
        "from_seq": notification.from_seq,
        "to_seq": notification.to_seq,
        "status": "pending",
        "attempts": 0,
        "next_attempt_at": at,
        "created_at": at,
    }
