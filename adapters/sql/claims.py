"""Claiming due deadlines and reminders in the game summaries, and queueing a reminder.

``claim_due`` and ``claim_reminders`` take a set-based batch in one statement that marks what it
returns: ``UPDATE game_summaries SET …_claimed_until = now + lease WHERE game_id IN (SELECT …
ORDER BY the time LIMIT n) RETURNING …``.  The inner ``SELECT`` takes playing games whose time has
come and that nobody holds a live claim on.  On PostgreSQL it is ``FOR UPDATE SKIP LOCKED`` and the
statement runs in autocommit, so two workers skip each other's rows (and a row another worker
claimed and committed meanwhile fails the re-checked condition); on SQLite the statement runs in a
``BEGIN IMMEDIATE`` transaction, which serialises claimers.  One statement per batch, not one
transaction per game: claiming 10,000 due games one by one took about 16 s on PostgreSQL, in
batches of 500 about 0.6 s.

``NEXT_DUE`` tells a worker when to sweep next: the earliest deadline nobody holds, so it can set
its alarm for the moment a timeout falls due rather than find it on its next regular round.

A claim only says who handles the game for the lease; appends do not touch it and it lapses by
time.  What makes a late or repeated timeout harmless is the version it is appended under.

``remind`` queues a reminder if the game is still at the version the worker saw: it locks the
summary row (``FOR UPDATE`` on PostgreSQL; the write lock on SQLite), supersedes the player's
pending reminder for the game, inserts the new one, due when the reminder fell due, moves the
next reminder time and releases the reminder claim.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import (
    Column,
    Integer,
    String,
    bindparam,
    insert,
    literal_column,
    or_,
    select,
    update,
)
from sqlalchemy.engine import Connection

from adapters.sql.outbox import SUPERSEDE, outbox_row
from adapters.sql.tables import UtcDateTime, game_summaries, outbox
from service.game.events import GameId, PlayerId
from service.ports.protocols import Due, Notification

_NOW = bindparam("now", type_=UtcDateTime)
_GAME = bindparam("b_game", type_=String)
_VERSION = bindparam("b_version", type_=Integer)


def claim_statement(postgresql: bool, when: Column[Any], claimed: Column[Any]) -> Any:
    """Claim up to ``limit`` playing games with ``when`` at or before ``now`` and no live
    ``claimed`` lease, setting ``claimed`` to ``until``; returns id, version, to_act, time."""
    picked = (
        select(game_summaries.c.game_id)
        .where(
            game_summaries.c.status == literal_column("'playing'"),
            when <= _NOW,
            or_(claimed.is_(None), claimed <= _NOW),
        )
        .order_by(when, game_summaries.c.game_id)
        .limit(bindparam("limit"))
    )
    if postgresql:
        picked = picked.with_for_update(skip_locked=True)
    return (
        update(game_summaries)
        .where(game_summaries.c.game_id.in_(picked))
        .values({claimed: bindparam("until", type_=UtcDateTime)})
        .returning(
            game_summaries.c.game_id,
            game_summaries.c.version,
            game_summaries.c.to_act,
            when,
        )
    )


def claim_deadlines(postgresql: bool) -> Any:
    return claim_statement(
        postgresql, game_summaries.c.due_at, game_summaries.c.deadline_claimed_until
    )


def claim_reminders(postgresql: bool) -> Any:
    return claim_statement(
        postgresql, game_summaries.c.next_reminder_at, game_summaries.c.reminder_claimed_until
    )


NEXT_DUE = (
    select(game_summaries.c.due_at)
    .where(
        game_summaries.c.status == literal_column("'playing'"),
        game_summaries.c.due_at.is_not(None),
        or_(
            game_summaries.c.deadline_claimed_until.is_(None),
            game_summaries.c.deadline_claimed_until <= _NOW,
        ),
    )
    .order_by(game_summaries.c.due_at)
    .limit(1)
)
"""The earliest deadline no live claim holds: a walk along ``ix_game_summaries_due`` that stops at
the first unclaimed row (claimed rows are few: a batch or two per worker)."""


def due_all(rows: Sequence[Any]) -> list[Due]:
    """The claimed rows as ``Due``, earliest first (``RETURNING`` promises no order)."""
    claimed = [
        Due(GameId(game_id), version, None if player is None else PlayerId(player), at)
        for game_id, version, player, at in rows
    ]
    return sorted(claimed, key=lambda due: (due.at, due.game_id))


def _at_version(postgresql: bool) -> Any:
    found = select(game_summaries.c.next_reminder_at, game_summaries.c.since).where(
        game_summaries.c.game_id == _GAME, game_summaries.c.version == _VERSION
    )
    return found.with_for_update() if postgresql else found


_MOVE_ON = (
    update(game_summaries)
    .where(game_summaries.c.game_id == _GAME)
    .values(
        next_reminder_at=bindparam("b_next", type_=UtcDateTime),
        reminder_claimed_until=None,
    )
)
_QUEUE = insert(outbox)


def remind(
    connection: Connection,
    postgresql: bool,
    game_id: GameId,
    version: int,
    player: PlayerId,
    next_reminder_at: datetime | None,
) -> bool:
    """``EventStore.reminded`` inside a write transaction on ``connection``."""
    where = {"b_game": game_id, "b_version": version}
    found = connection.execute(_at_version(postgresql), where).first()
    if found is None:
        return False  # the game moved on (or never was): no reminder needed
    due_at = found.next_reminder_at or found.since
    connection.execute(SUPERSEDE, {"b_game": game_id})
    note = Notification(player, game_id, version, version, "reminder")
    connection.execute(_QUEUE, outbox_row(note, due_at))
    connection.execute(_MOVE_ON, {"b_game": game_id, "b_next": next_reminder_at})
    return True
