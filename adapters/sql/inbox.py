"""``SqlInbox``: inbound messages stored before they are acknowledged, unique by ``(source, key)``.

``receive`` is insert-or-get: a message delivered twice finds the first delivery's row (and, once
handled, its reply).  The reply of a message that moved a game is written by the event store in the
append's transaction; ``complete`` writes the others.  The first reply stored stands.  A request
not stored before it is handled (one over HTTP, whose client waits for the answer: ``entry`` finds
nothing) is stored with its reply, by the append (``FRESH``) or by ``complete``: one insert.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Engine, Row, bindparam, select, update
from sqlalchemy.dialects import postgresql, sqlite

from adapters.sql.engine import is_postgresql, reconnecting, writer
from adapters.sql.tables import inbox
from adapters.system import SystemClock
from service.ports.protocols import Clock, InboxEntry

AnyRow = Row[*tuple[Any, ...]]

_ENTRY = (inbox.c.source, inbox.c.key, inbox.c.payload, inbox.c.received_at, inbox.c.reply)
_GET = select(*_ENTRY).where(inbox.c.source == bindparam("source"), inbox.c.key == bindparam("key"))
ANSWER = (
    update(inbox)
    .where(inbox.c.source == bindparam("b_source"), inbox.c.key == bindparam("b_key"))
    .where(inbox.c.reply.is_(None))
    .values(reply=bindparam("b_reply"), completed_at=bindparam("b_at"))
)
"""Store a reply unless the message has one (shared with the event store's append)."""
FRESH_COLUMNS = ("source", "key", "payload", "received_at", "reply", "completed_at")
"""What the append writes of a message stored with its reply (``InboxReply.payload``)."""
_REPLY = select(inbox.c.reply).where(
    inbox.c.source == bindparam("source"), inbox.c.key == bindparam("key")
)
_PENDING = (
    select(*_ENTRY)
    .where(inbox.c.reply.is_(None))
    .order_by(inbox.c.received_at, inbox.c.id)
    .limit(bindparam("limit"))
)


class SqlInbox:
    """The ``Inbox`` port on SQLite or PostgreSQL."""

    def __init__(self, engine: Engine, clock: Clock | None = None) -> None:
        self.engine = engine
        self.clock = clock or SystemClock()
        """Stamps ``completed_at`` (bookkeeping only) of replies written by ``complete``."""
        self._writer = writer(engine)
        dialect_insert: Any = postgresql.insert if is_postgresql(engine) else sqlite.insert
        self._insert = dialect_insert(inbox).on_conflict_do_nothing(
            index_elements=[inbox.c.source, inbox.c.key]
        )

    @reconnecting
    def receive(self, source: str, key: str, payload: str, at: datetime) -> InboxEntry:
        where = {"source": source, "key": key}
        with self.engine.connect() as connection:
            known = connection.execute(_GET, where).first()
        if known is not None:
            return _entry(known)
        with self._writer.begin() as connection:
            row = {**where, "payload": payload, "received_at": at}
            connection.execute(self._insert, row)
            stored = connection.execute(_GET, where).one()
        return _entry(stored)

    @reconnecting
    def entry(self, source: str, key: str) -> InboxEntry | None:
        with self.engine.connect() as connection:
            known = connection.execute(_GET, {"source": source, "key": key}).first()
        return None if known is None else _entry(known)

    @reconnecting
    def complete(
        self,
        source: str,
        key: str,
        reply: str,
        payload: str | None = None,
        at: datetime | None = None,
    ) -> str:
        where = {"source": source, "key": key}
        now = self.clock.now()
        values = {"b_source": source, "b_key": key, "b_reply": reply, "b_at": now}
        with self._writer.begin() as connection:
            if payload is not None:  # never received: stored with its reply
                row = {**where, "payload": payload, "received_at": at or now}
                connection.execute(self._insert, {**row, "reply": reply, "completed_at": now})
            connection.execute(ANSWER, values)
            stored = connection.execute(_REPLY, where).scalar_one_or_none()
        if stored is None:
            raise KeyError(f"no message {source}/{key} in the inbox")
        assert isinstance(stored, str)
        return stored

    @reconnecting
    def pending(self, limit: int = 100) -> list[InboxEntry]:
        with self.engine.connect() as connection:
            rows = connection.execute(_PENDING, {"limit": limit}).all()
        return [_entry(row) for row in rows]


def _entry(row: AnyRow) -> InboxEntry:
    return InboxEntry(row.source, row.key, row.payload, row.received_at, row.reply)
