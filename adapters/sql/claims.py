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

``remind`` queues a reminder if the game is still at the version the worker saw and the
decision's next reminder has come: it locks the summary row (``FOR UPDATE`` on PostgreSQL; the
write lock on SQLite), supersedes the player's pending reminder for the game, inserts the new one,
due when the reminder fell due, counts it, moves the next reminder time and releases the reminder
claim.  A decision's reminders are counted (``Decision``), so an append that moves their times —
a pause, an extension, a vacation, quiet hours — never has one sent twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
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
from service.ports.protocols import Due, Notification, next_reminder

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
    summary, last = game_summaries.c, outbox.alias("last")
    found = (
        select(summary.since, summary.reminders_sent, last.c.created_at, last.c.status)
        .outerjoin(last, last.c.id == summary.last_reminder_id)
        .where(summary.game_id == _GAME, summary.version == _VERSION)
    )
    return found.with_for_update(of=game_summaries) if postgresql else found


_MOVE_ON = (
    update(game_summaries)
    .where(game_summaries.c.game_id == _GAME)
    .values(
        next_reminder_at=bindparam("b_next", type_=UtcDateTime),
        reminder_claimed_until=None,
    )
)
_COUNTED = _MOVE_ON.values(
    reminders_sent=bindparam("b_sent", type_=Integer),
    last_reminder_id=bindparam("b_last", type_=Integer),
)
_QUEUE = insert(outbox).returning(outbox.c.id)


@dataclass(frozen=True, slots=True)
class Decision:
    """The decision a claimed reminder is for: its game at the version the worker saw, the
    player who owes it and its reminder times, earliest first (``EventStore.reminded``)."""

    game_id: GameId
    version: int
    player: PlayerId
    schedule: tuple[datetime, ...]


def remind(connection: Connection, postgresql: bool, decision: Decision, now: datetime) -> bool:
    """``EventStore.reminded`` inside a write transaction on ``connection``.

    The decision's reminders queued so far are the summary's ``reminders_sent`` if the game's
    last reminder fell due within the decision (after ``since``; an older one was another
    decision's), less that last one if an append superseded it before it went out.  Pauses and
    extensions move the reminder times, never this count (``next_reminder``)."""
    game_id, schedule = decision.game_id, decision.schedule
    where = {"b_game": game_id, "b_version": decision.version}
    found = connection.execute(_at_version(postgresql), where).first()
    if found is None:
        return False  # the game moved on (or never was): no reminder needed
    since, counted, last_at, last_status = found
    sent = 0
    if counted is not None and last_at is not None and last_at > since:
        sent = counted - (last_status == "superseded")
    due, upcoming = next_reminder(schedule, sent, now)
    if due is None:
        connection.execute(_MOVE_ON, {"b_game": game_id, "b_next": upcoming})
        return False
    connection.execute(SUPERSEDE, {"b_game": game_id})
    note = Notification(decision.player, game_id, decision.version, decision.version, "reminder")
    queued = connection.execute(_QUEUE, outbox_row(note, due)).scalar_one()
    values = {"b_game": game_id, "b_next": upcoming, "b_sent": sent + 1, "b_last": queued}
    connection.execute(_COUNTED, values)
    return True
