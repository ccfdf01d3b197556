"""Several games' appends at once (``EventStore.append_many``: the worker's batch of timeouts), in
a fixed handful of statements whatever the batch's size.

Timing out a claimed batch one append at a time cost a transaction per game — on PostgreSQL a
commit, and its WAL flush, each — and four or five statements per game on SQLite, whose Python
overhead in SQLAlchemy was most of a timeout's cost.  Each game's append stays all or nothing
under its own version, as ``append`` writes it; the games no longer at their versions are left
out, untouched.

**SQLite**, under ``BEGIN IMMEDIATE``: a read of the summaries' versions (the summary's version is
the game's, see ``summaries``; under the write lock nobody changes it before the commit), then,
for the games still at their versions, the same ``ADVANCE`` as ``append`` (one ``executemany``),
their pending reminders superseded, and their notifications and their events, each as one JSON
array unpacked by ``json_each`` (one statement text whatever the batch's size): five statements.

**PostgreSQL**, one statement in autocommit, each part taking its rows as arrays (``unnest``), in
the order of ``appends``' statement:

1. ``advanced``: the summaries' ``UPDATE … FROM unnest(…) WHERE version = expected RETURNING``.
   It locks each row it writes, and a row another append changed meanwhile is re-checked on its
   committed version (read committed), so a game whose move committed first is left out.
2. ``superseded``: those games' pending reminders.
3. ``locked``: the advisory append lock, after the row locks above (counting ``superseded``'s
   rows is what runs that update first), so positions are handed out in commit order.
4. ``inserted``: those games' events, under the lock; ``notified``: their notifications.

A move racing a game of the batch either commits first (the game is left out) or finds the
batch's events at its version and is refused by ``UNIQUE(game_id, seq)``, as a single append
would be.  Should the batch itself run into that constraint (which the version check rules out
unless the log and the summaries disagree), it is rolled back as a whole and each append is tried
alone (``store``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import (
    DateTime,
    Integer,
    String,
    Text,
    bindparam,
    cast,
    exists,
    func,
    insert,
    literal,
    literal_column,
    select,
    true,
    update,
)
from sqlalchemy.dialects.postgresql import ARRAY, JSONB, aggregate_order_by
from sqlalchemy.engine import Connection

from adapters.sql.appends import APPEND_LOCK, OUTBOX_COLUMNS
from adapters.sql.outbox import PENDING_REMINDER, Likely
from adapters.sql.summaries import ADVANCE, RELEASED, advance_values
from adapters.sql.tables import UtcDateTime, events, game_summaries, outbox
from service.game.codec import SCHEMA_VERSION, encode, name_of
from service.ports.protocols import Append

_AT = bindparam("at", type_=UtcDateTime)


def _positions(rows: Sequence[Any]) -> dict[str, list[int]]:
    """``RETURNING position, game_id, seq`` as each game's positions in ``seq`` order."""
    by_game: dict[str, list[int]] = {}
    for position, game_id, _ in sorted(rows, key=lambda row: (row[1], row[2])):
        by_game.setdefault(game_id, []).append(position)
    return by_game


class SqliteAppendMany:
    """The batch as five statements under ``BEGIN IMMEDIATE`` (see the module's docstring)."""

    _IDS = func.json_each(bindparam("ids", type_=String)).table_valued("value")
    _VERSIONS = select(game_summaries.c.game_id, game_summaries.c.version).where(
        game_summaries.c.game_id.in_(select(_IDS.c.value))
    )
    _SUPERSEDE = (
        update(outbox)
        .where(
            outbox.c.game_id.in_(select(_IDS.c.value)),
            PENDING_REMINDER[0],
            Likely(PENDING_REMINDER[1]),
        )
        .values(status=literal_column("'superseded'"))
    )
    _NOTES = func.json_each(bindparam("notes", type_=String)).table_valued("value")
    _NOTIFY = insert(outbox).from_select(
        [column.name for column in OUTBOX_COLUMNS],
        select(
            func.json_extract(_NOTES.c.value, "$[0]"),
            func.json_extract(_NOTES.c.value, "$[1]"),
            func.json_extract(_NOTES.c.value, "$[2]"),
            func.json_extract(_NOTES.c.value, "$[3]"),
            func.json_extract(_NOTES.c.value, "$[4]"),
            literal("pending"),
            literal(0),
            _AT,
            _AT,
        ).select_from(_NOTES),
    )
    _EACH = func.json_each(bindparam("rows", type_=String)).table_valued("value")
    _INSERT = (
        insert(events)
        .from_select(
            ["game_id", "seq", "name", "schema_version", "data", "at"],
            select(
                func.json_extract(_EACH.c.value, "$[0]"),
                func.json_extract(_EACH.c.value, "$[1]"),
                func.json_extract(_EACH.c.value, "$[2]"),
                literal(SCHEMA_VERSION),
                func.json_extract(_EACH.c.value, "$[3]"),
                _AT,
            ).select_from(_EACH),
        )
        .returning(events.c.position, events.c.game_id, events.c.seq)
    )

    def __call__(
        self, connection: Connection, appends: Sequence[Append], at: datetime
    ) -> dict[str, list[int]]:
        ids = json.dumps([append.game_id for append in appends])
        versions = dict(connection.execute(self._VERSIONS, {"ids": ids}).all())
        current = [a for a in appends if versions.get(a.game_id) == a.expected_version]
        if not current:
            return {}
        connection.execute(
            ADVANCE, [advance_values(a.summary, a.expected_version) for a in current]
        )
        connection.execute(self._SUPERSEDE, {"ids": json.dumps([a.game_id for a in current])})
        notes = [
            [n.player, n.game_id, n.from_seq, n.to_seq, n.kind]
            for a in current
            for n in a.notifications
        ]
        if notes:
            connection.execute(self._NOTIFY, {"notes": json.dumps(notes), "at": at})
        rows = [
            [a.game_id, a.expected_version + offset, name_of(event), encode(event)]
            for a in current
            for offset, event in enumerate(a.events, start=1)
        ]
        positions: dict[str, list[int]] = {a.game_id: [] for a in current}
        if rows:
            values = {"rows": json.dumps(rows), "at": at}
            positions |= _positions(connection.execute(self._INSERT, values).all())
        return positions


def _array(name: str, kind: Any) -> Any:
    return bindparam(name, type_=ARRAY(kind))


def _unnest(name: str, *columns: tuple[str, Any], ordinality: str | None = None) -> Any:
    """The arrays ``<prefix>_<column>`` as rows: ``unnest(…) AS name(column, …)``."""
    arrays = [_array(f"{name}_{column}", kind) for column, kind in columns]
    options = {} if ordinality is None else {"with_ordinality": ordinality}
    rows = func.unnest(*arrays).table_valued(*(column for column, _ in columns), **options)
    return rows.render_derived().alias(name)


_WHEN = DateTime(timezone=True)


def _postgresql_statement() -> Any:
    """The batch as one statement (see the module's docstring for the order of its parts)."""
    new = _unnest(
        "s",
        ("game_id", String),
        ("expected", Integer),
        ("first_player", String),
        ("second_player", String),
        ("status", String),
        ("to_act", String),
        ("since", _WHEN),
        ("version", Integer),
        ("invitation", String),
        ("due_at", _WHEN),
        ("next_reminder_at", _WHEN),
    )
    summaries = game_summaries.c
    advanced = (
        update(game_summaries)
        .where(summaries.game_id == new.c.game_id, summaries.version == new.c.expected)
        .values(
            {
                **{column: new.c[column] for column in _SUMMARY_COLUMNS},
                "invitation_code": func.coalesce(new.c.invitation, summaries.invitation_code),
                **RELEASED,
            }
        )
        .returning(summaries.game_id)
        .cte("advanced")
    )
    superseded = (
        update(outbox)
        .where(outbox.c.game_id.in_(select(advanced.c.game_id)), *PENDING_REMINDER)
        .values(status=literal_column("'superseded'"))
        .returning(outbox.c.id)
        .cte("superseded")
    )
    locked = (
        select(func.pg_advisory_xact_lock(APPEND_LOCK).label("locked"))
        .where(
            exists(select(advanced.c.game_id)),
            select(func.count()).select_from(superseded).scalar_subquery() >= 0,
        )
        .cte("locked")
        .prefix_with("MATERIALIZED")
    )
    new_events = _unnest(
        "e", ("game_id", String), ("seq", Integer), ("name", String), ("data", Text), ordinality="n"
    )
    inserted = (
        insert(events)
        .from_select(
            ["game_id", "seq", "name", "schema_version", "data", "at"],
            select(
                new_events.c.game_id,
                new_events.c.seq,
                new_events.c.name,
                literal(SCHEMA_VERSION),
                cast(new_events.c.data, JSONB),
                _AT,
            )
            .select_from(new_events)
            .join(advanced, advanced.c.game_id == new_events.c.game_id)
            .join(locked, true())
            .order_by(new_events.c.n),
        )
        .returning(events.c.position, events.c.game_id, events.c.seq)
        .cte("inserted")
    )
    notes = _unnest(
        "n",
        ("player", String),
        ("game_id", String),
        ("from_seq", Integer),
        ("to_seq", Integer),
        ("kind", String),
    )
    notified = insert(outbox).from_select(
        [column.name for column in OUTBOX_COLUMNS],
        select(notes.c.player, notes.c.game_id, notes.c.from_seq, notes.c.to_seq, notes.c.kind)
        .add_columns(literal("pending"), literal(0), _AT, _AT)
        .select_from(notes)
        .join(advanced, advanced.c.game_id == notes.c.game_id),
    )
    positions = (
        select(func.array_agg(aggregate_order_by(inserted.c.position, inserted.c.seq)))
        .where(inserted.c.game_id == advanced.c.game_id)
        .scalar_subquery()
    )
    return select(advanced.c.game_id, positions.label("positions")).add_cte(
        notified.cte("notified")
    )


_SUMMARY_COLUMNS = (
    "first_player",
    "second_player",
    "status",
    "to_act",
    "since",
    "version",
    "invitation",
    "due_at",
    "next_reminder_at",
)
"""The summary columns a batch writes as given (the invitation code is kept once set, and the
workers' claims are released, as ``append`` does)."""


class PostgresqlAppendMany:
    """The batch as one statement in autocommit, taking its rows as arrays (``unnest``)."""

    def __init__(self) -> None:
        self._statement = _postgresql_statement()

    def __call__(
        self, connection: Connection, appends: Sequence[Append], at: datetime
    ) -> dict[str, list[int]]:
        summaries = [a.summary for a in appends]
        events_of = [
            (a.game_id, a.expected_version + offset, name_of(event), json.dumps(encode(event)))
            for a in appends
            for offset, event in enumerate(a.events, start=1)
        ]
        notes = [note for a in appends for note in a.notifications]
        values: dict[str, Any] = {
            "s_game_id": [a.game_id for a in appends],
            "s_expected": [a.expected_version for a in appends],
            "s_first_player": [s.players[0] for s in summaries],
            "s_second_player": [s.players[1] for s in summaries],
            "s_status": [s.status for s in summaries],
            "s_to_act": [s.to_act for s in summaries],
            "s_since": [s.since for s in summaries],
            "s_version": [s.version for s in summaries],
            "s_invitation": [s.invitation for s in summaries],
            "s_due_at": [s.due_at for s in summaries],
            "s_next_reminder_at": [s.next_reminder_at for s in summaries],
            "e_game_id": [row[0] for row in events_of],
            "e_seq": [row[1] for row in events_of],
            "e_name": [row[2] for row in events_of],
            "e_data": [row[3] for row in events_of],
            "n_player": [n.player for n in notes],
            "n_game_id": [n.game_id for n in notes],
            "n_from_seq": [n.from_seq for n in notes],
            "n_to_seq": [n.to_seq for n in notes],
            "n_kind": [n.kind for n in notes],
            "at": at,
        }
        rows = connection.execute(self._statement, values).all()
        return {game_id: list(positions or []) for game_id, positions in rows}
