"""The two ways an append is written: a write transaction on SQLite, one statement on PostgreSQL.

Both do the same things under the same rules: refuse a stale version and a message already
answered, complete the inbox message, upsert the game's summary (with its deadline and next
reminder time), mark the game's pending reminders superseded (a move answers them), insert the
notifications and the events, all or nothing; both return the events' positions in ``seq`` order,
or raise ``ConcurrencyError``.

**SQLite** serialises writers: ``BEGIN IMMEDIATE`` takes the write lock, so the checks and the
writes that follow them cannot be overtaken.  Each statement is a call into the library (no
network), so a handful of statements costs little; what costs is each statement's Python overhead.

**PostgreSQL** gets a single statement, run in autocommit: a statement is atomic by itself, and
``BEGIN``, each further statement and ``COMMIT`` would each be a network round trip (about 0.25 ms
here, several times the work).  Its data-modifying CTEs run in the order each one's output is
needed, which is what orders them:

1. ``answered``: the version check, a snapshot read of ``max(seq)``; with an inbox reply, the
   inbox ``UPDATE … WHERE reply IS NULL`` guarded by it, or for a message not stored before
   (``InboxReply.payload``) its ``INSERT … ON CONFLICT DO NOTHING`` with the reply.  No row:
   stale, or already answered (or received: the message is then completed as a known one).
   Nothing below writes unless ``answered`` has a row, so a refused append writes nothing.
2. ``summary``: the summary upsert.
3. ``superseded``: the game's pending reminders marked superseded (guarded by ``summary``).
4. ``locked``: the advisory append lock (see ``store``), taken only after the row locks above, so
   whoever holds it never waits for a row lock (no deadlock).  It counts ``superseded``'s rows
   first, which is what runs that update before the lock is taken.
5. ``inserted``: the events, whose positions are drawn under the lock.
6. ``notified``: the outbox rows; read by nobody, so it runs last (it waits for no lock).

Two appends racing at one version can both pass the snapshot check; the second one's event insert
then violates ``UNIQUE(game_id, seq)`` and the whole statement is rolled back — the same guard as
before this was one statement.  An append of no events has no such guard (as before): it can only
rewrite the summary.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import (
    CTE,
    Integer,
    Select,
    String,
    Text,
    bindparam,
    cast,
    exists,
    func,
    insert,
    literal,
    select,
    true,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.dialects.postgresql import ARRAY, JSONB, aggregate_order_by
from sqlalchemy.engine import Connection

from adapters.sql.inbox import ANSWER, FRESH_COLUMNS
from adapters.sql.outbox import SUPERSEDE, outbox_row
from adapters.sql.summaries import ADVANCE, OPEN, advance_values, prefixed, row_of, upsert
from adapters.sql.tables import UtcDateTime, events, inbox, outbox
from service.game.codec import SCHEMA_VERSION, encode, name_of
from service.ports.protocols import Append, ConcurrencyError, InboxReply

APPEND_LOCK = 0x436F_6E71_0002
"""PostgreSQL advisory lock key held by every append until it commits."""

_GAME = bindparam("b_game", type_=String)
_AT = bindparam("at", type_=UtcDateTime)
_CURRENT = (
    select(func.coalesce(func.max(events.c.seq), 0))
    .where(events.c.game_id == _GAME)
    .scalar_subquery()
)
"""The game's version: its last ``seq`` (0 for a game not yet opened)."""
_NOTIFY = insert(outbox)
OUTBOX_COLUMNS = (
    outbox.c.player,
    outbox.c.game_id,
    outbox.c.from_seq,
    outbox.c.to_seq,
    outbox.c.kind,
    outbox.c.status,
    outbox.c.attempts,
    outbox.c.next_attempt_at,
    outbox.c.created_at,
)
"""The outbox columns an append fills (the others have their defaults)."""


def _answer_values(reply: InboxReply, at: datetime) -> dict[str, Any]:
    values = {"b_source": reply.source, "b_key": reply.key, "b_reply": reply.reply, "b_at": at}
    if reply.payload is not None:  # stored with its reply
        values |= {"b_payload": reply.payload, "b_received_at": at, "b_completed_at": at}
    return values


def _in_seq_order(rows: Sequence[Any]) -> list[int]:
    """Positions from ``RETURNING position, seq``, whose row order no database promises."""
    return [position for position, _ in sorted(rows, key=lambda row: row[1])]


class SqliteAppend:
    """An append as one ``BEGIN IMMEDIATE`` transaction of three to five statements.

    The summary's write is the version check: ``OPEN`` (a new game) writes nothing if the game
    exists, ``ADVANCE`` writes nothing unless the summary is at the expected version, and the
    summary's version is the game's (``summaries``).  Under the write lock nobody can change it
    between the check and the commit.  This saves the ``SELECT max(seq)`` an append used to
    start with; ``UNIQUE(game_id, seq)`` stays as the last guard.

    The events go in as one JSON array, ``[[name, data], …]``, unpacked by SQLite's
    ``json_each``: one statement of fixed text whatever their number, as on PostgreSQL, instead of
    SQLAlchemy's multi-row insert (which rewrote the statement for each batch and processed
    every row's parameters).  ``data`` is then stored as SQLite prints JSON (no spaces).
    """

    _EACH = func.json_each(bindparam("events", type_=String)).table_valued("key", "value")
    _INSERT = (
        insert(events)
        .from_select(
            ["game_id", "seq", "name", "schema_version", "data", "at"],
            select(
                _GAME,
                bindparam("first", type_=Integer) + _EACH.c.key,
                func.json_extract(_EACH.c.value, "$[0]"),
                literal(SCHEMA_VERSION),
                func.json_extract(_EACH.c.value, "$[1]"),
                _AT,
            ).select_from(_EACH),
        )
        .returning(events.c.position, events.c.seq)
    )

    _FRESH = (
        sqlite.insert(inbox)
        .values({name: bindparam(f"b_{name}") for name in FRESH_COLUMNS})
        .on_conflict_do_nothing(index_elements=[inbox.c.source, inbox.c.key])
    )
    """A message not stored before, stored with its reply (nothing if it is known)."""

    def __call__(
        self, connection: Connection, append: Append, at: datetime, inbox_reply: InboxReply | None
    ) -> list[int]:
        game_id, expected_version, events = append.game_id, append.expected_version, append.events
        if expected_version == 0:
            written = connection.execute(OPEN, row_of(append.summary))
        else:
            written = connection.execute(ADVANCE, advance_values(append.summary, expected_version))
        if written.rowcount != 1:
            raise ConcurrencyError(f"{game_id} is not at version {expected_version}")
        if inbox_reply is not None:
            answering = ANSWER if inbox_reply.payload is None else self._FRESH
            answered = connection.execute(answering, _answer_values(inbox_reply, at))
            if answered.rowcount != 1:
                raise ConcurrencyError(
                    f"message {inbox_reply.source}/{inbox_reply.key} is not waiting for a reply"
                )
        if expected_version:  # a new game has no reminders yet
            connection.execute(SUPERSEDE, {"b_game": game_id})
        if append.notifications:
            connection.execute(_NOTIFY, [outbox_row(n, at) for n in append.notifications])
        if not events:
            return []
        values = {
            "b_game": game_id,
            "first": expected_version + 1,
            "events": json.dumps([[name_of(event), encode(event)] for event in events]),
            "at": at,
        }
        return _in_seq_order(connection.execute(self._INSERT, values).all())


def _array(name: str, kind: Any) -> Any:
    return bindparam(name, type_=ARRAY(kind))


def _postgresql_statement(with_reply: bool, stored_with_it: bool = False) -> Select[Any]:
    """The append as one statement (see the module's docstring for the order of its parts);
    ``stored_with_it``: the message is inserted with its reply instead of completed."""
    fresh = bindparam("expected", type_=Integer) == _CURRENT
    answered: CTE
    if stored_with_it:
        row = [
            _AT if name in ("received_at", "completed_at") else bindparam(f"b_{name}", type_=Text)
            for name in FRESH_COLUMNS
        ]
        answered = (
            postgresql.insert(inbox)
            .from_select(list(FRESH_COLUMNS), select(*row).where(fresh))
            .on_conflict_do_nothing(index_elements=[inbox.c.source, inbox.c.key])
            .returning(inbox.c.id)
            .cte("answered")
        )
    elif with_reply:
        answered = (
            update(inbox)
            .where(
                inbox.c.source == bindparam("b_source"),
                inbox.c.key == bindparam("b_key"),
                inbox.c.reply.is_(None),
                fresh,
            )
            .values(reply=bindparam("b_reply"), completed_at=_AT)
            .returning(inbox.c.id)
            .cte("answered")
        )
    else:
        answered = select(literal(1).label("fresh")).where(fresh).cte("answered")
    summary = upsert("postgresql", when=answered).cte("summary")
    superseded = (
        SUPERSEDE.where(exists(select(summary.c.version))).returning(outbox.c.id).cte("superseded")
    )
    locked = (
        select(func.pg_advisory_xact_lock(APPEND_LOCK).label("locked"))
        .select_from(summary)
        .where(select(func.count()).select_from(superseded).scalar_subquery() >= 0)
        .cte("locked")
        .prefix_with("MATERIALIZED")
    )
    new = (
        func.unnest(_array("seqs", Integer), _array("names", String), _array("data", Text))
        .table_valued("seq", "name", "data")
        .render_derived()
        .alias("new")
    )
    inserted = (
        insert(events)
        .from_select(
            ["game_id", "seq", "name", "schema_version", "data", "at"],
            select(
                _GAME, new.c.seq, new.c.name, literal(SCHEMA_VERSION), cast(new.c.data, JSONB), _AT
            )
            .select_from(new)
            .join(locked, true())
            .order_by(new.c.seq),
        )
        .returning(events.c.position, events.c.seq)
        .cte("inserted")
    )
    notes = (
        func.unnest(
            _array("n_player", String),
            _array("n_game", String),
            _array("n_from", Integer),
            _array("n_to", Integer),
            _array("n_kind", String),
        )
        .table_valued("player", "game_id", "from_seq", "to_seq", "kind")
        .render_derived()
        .alias("note")
    )
    notified = insert(outbox).from_select(
        [column.name for column in OUTBOX_COLUMNS],
        select(notes.c.player, notes.c.game_id, notes.c.from_seq, notes.c.to_seq, notes.c.kind)
        .add_columns(literal("pending"), literal(0), _AT, _AT)
        .select_from(notes)
        .join(answered, true()),
    )
    accepted = select(func.count()).select_from(answered).scalar_subquery()
    positions = select(func.array_agg(aggregate_order_by(inserted.c.position, inserted.c.seq)))
    return select(
        accepted.label("accepted"), positions.scalar_subquery().label("positions")
    ).add_cte(notified.cte("notified"))


class PostgresqlAppend:
    """An append as one statement in autocommit (see the module's docstring)."""

    def __init__(self) -> None:
        self._plain = _postgresql_statement(with_reply=False)
        self._answering = _postgresql_statement(with_reply=True)
        self._fresh = _postgresql_statement(with_reply=True, stored_with_it=True)

    def __call__(
        self, connection: Connection, append: Append, at: datetime, inbox_reply: InboxReply | None
    ) -> list[int]:
        game_id, expected_version, events = append.game_id, append.expected_version, append.events
        notifications = append.notifications
        values = {
            **prefixed(row_of(append.summary)),
            "b_game": game_id,
            "expected": expected_version,
            "at": at,
            "seqs": list(range(expected_version + 1, expected_version + len(events) + 1)),
            "names": [name_of(event) for event in events],
            "data": [json.dumps(encode(event)) for event in events],
            "n_player": [n.player for n in notifications],
            "n_game": [n.game_id for n in notifications],
            "n_from": [n.from_seq for n in notifications],
            "n_to": [n.to_seq for n in notifications],
            "n_kind": [n.kind for n in notifications],
        }
        statement = self._plain
        if inbox_reply is not None:
            values |= _answer_values(inbox_reply, at)
            statement = self._answering if inbox_reply.payload is None else self._fresh
        accepted, positions = connection.execute(statement, values).one()
        if not accepted:
            raise ConcurrencyError(
                f"{game_id} is not at version {expected_version}"
                + ("" if inbox_reply is None else ", or the message was answered already")
            )
        return list(positions or [])
