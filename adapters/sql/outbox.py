"""``SqlOutbox``: the notifications waiting to be sent, claimed by dispatchers in batches.

Appends write the rows (``appends``), the worker's reminder round writes reminders
(``claims.remind``); a dispatcher claims the pending rows that are due, oldest first, for a lease,
then reports each one ``delivered``, to ``retry`` later (one more attempt counted, the error kept)
or ``failed`` for good.  A claim is one statement that marks the rows it returns:
``UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED LIMIT n) RETURNING …``.  Claims are taken
one at a time — after an advisory lock (``CLAIM_LOCK``) in the claim's transaction on PostgreSQL,
in a ``BEGIN IMMEDIATE`` transaction on SQLite — and a claim passes over every player with a
notification another claim holds: so several dispatchers (workers, the Telegram process) share
the outbox, each notification goes to one of them, and one player's notifications go out in the
order they were queued, by one dispatcher at a time.  A notification also waits behind an older
one of its player, never tried, that is not due yet (a sweep's timeout is timed at its deadline,
which the claim's clock may not have reached when a move's news queued after it is due).
(``SKIP LOCKED`` stays for the appends' row locks.)  A claim that lapses (a dispatcher that
died) makes its rows, and its players, claimable again; a dispatcher whose sending was cut short
(its lease running out, the database gone for a moment) hands back what it did not send
(``release``) rather than let the players wait out the lease — only rows its own claim still
holds, matched by the lease's end, so a late hand-back never frees another claim's rows.

A reminder is for one version of its game (``to_seq``): every append marks the game's pending
reminders ``superseded`` (``SUPERSEDE``, run by the append), and a claim never hands out a reminder
whose game has moved on since.  The second rule covers one race on PostgreSQL: an append whose
snapshot was taken just before a reminder was queued cannot see that reminder to supersede it.
The claim marks such reminders superseded.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import (
    Engine,
    Integer,
    Row,
    String,
    Text,
    bindparam,
    exists,
    func,
    literal_column,
    not_,
    or_,
    select,
    update,
)
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.functions import FunctionElement

from adapters.sql.engine import is_postgresql, reconnecting, writer
from adapters.sql.tables import UtcDateTime, game_summaries, outbox
from service.game.events import GameId, PlayerId
from service.ports.protocols import Delivery, Notification

AnyRow = Row[*tuple[Any, ...]]

_NOW = bindparam("now", type_=UtcDateTime)
_UNTIL = bindparam("until", type_=UtcDateTime)
_ID = bindparam("delivery_id", type_=Integer)

PENDING_REMINDER = (
    outbox.c.kind == literal_column("'reminder'"),
    outbox.c.status == literal_column("'pending'"),
)
"""Literal terms, so SQLite can use the partial index ``ix_outbox_pending_reminders``."""


class Likely(FunctionElement[bool]):
    """``likely(term)`` on SQLite, the bare term elsewhere: tells SQLite's planner the term is
    not selective.  It has no statistics, and for ``game_id = ? AND kind = 'reminder' AND status =
    'pending'`` it picked ``ix_outbox_due (status, …)``, scanning every pending notification for
    each append: with a backlog of 20,000 (a worker restarting after an outage) an append's
    supersede took 1 ms instead of 0.02 ms.  ``likely`` leaves the term as is for the partial
    index's ``WHERE``, which it still implies."""

    name = "likely"
    inherit_cache = True


@compiles(Likely)
def _bare(element: Likely, compiler: SQLCompiler, **kw: Any) -> str:
    return compiler.process(element.clauses, **kw)


@compiles(Likely, "sqlite")
def _likely(element: Likely, compiler: SQLCompiler, **kw: Any) -> str:
    return f"likely({compiler.process(element.clauses, **kw)})"


SUPERSEDE = (
    update(outbox)
    .where(
        outbox.c.game_id == bindparam("b_game", type_=String),
        PENDING_REMINDER[0],
        Likely(PENDING_REMINDER[1]),
    )
    .values(status=literal_column("'superseded'"))
)
"""Mark the pending reminders of game ``b_game`` superseded (a move answered them, or a newer one
replaces them).  Parameters of an ``UPDATE`` named after a column would be set too: ``b_``."""

_CURRENT = exists(
    select(literal_column("1"))
    .select_from(game_summaries)
    .where(
        game_summaries.c.game_id == outbox.c.game_id,
        game_summaries.c.version == outbox.c.to_seq,
    )
)
"""The row's game is still at the row's last event (for a reminder: the decision it is about)."""
_HELD = outbox.alias("held")
_BUSY = select(_HELD.c.player).where(_HELD.c.claimed_until > _NOW)
"""Players with a notification another claim holds (``ix_outbox_claimed``: a claim's rows
only; sending a row clears its ``claimed_until``)."""
_WAITING = outbox.alias("waiting")
_BEHIND = exists(
    select(literal_column("1"))
    .select_from(_WAITING)
    .where(
        _WAITING.c.status == literal_column("'pending'"),
        _WAITING.c.attempts == literal_column("0"),
        _WAITING.c.next_attempt_at > _NOW,
        _WAITING.c.player == outbox.c.player,
        _WAITING.c.id < outbox.c.id,
    )
)
"""An older notification of the row's player, never tried, is timed after this claim's ``now``
(``ix_outbox_due``): a sweep's timeout, timed at its deadline, can be queued before a move's news
yet be timed after it, when the claim read its clock before that deadline.  The row waits behind
it, so the player's notifications keep their order.  A retry does not hold the later ones back
(docs/decisions/worker-several-workers-share-the-outbox-in-order.md)."""
_DUE = (
    outbox.c.status == literal_column("'pending'"),
    outbox.c.next_attempt_at <= _NOW,
    or_(outbox.c.claimed_until.is_(None), outbox.c.claimed_until <= _NOW),
    or_(outbox.c.kind != literal_column("'reminder'"), _CURRENT),
    outbox.c.player.not_in(_BUSY),
    not_(_BEHIND),
)
CLAIM_LOCK = 0x436F_6E71_0035
"""PostgreSQL advisory lock key held by each outbox claim until it commits: claims one at a time,
so none takes a player another claim holds while it is being taken."""
_DELIVERY = (
    outbox.c.id,
    outbox.c.player,
    outbox.c.game_id,
    outbox.c.from_seq,
    outbox.c.to_seq,
    outbox.c.kind,
    outbox.c.attempts,
)


def _claim(postgresql: bool) -> Any:
    picked = select(outbox.c.id).where(*_DUE).order_by(outbox.c.id).limit(bindparam("limit"))
    if postgresql:
        picked = picked.with_for_update(skip_locked=True, of=outbox)
    statement = (
        update(outbox)
        .where(outbox.c.id.in_(picked))
        .values(claimed_until=_UNTIL)
        .returning(*_DELIVERY)
    )
    if postgresql:  # reminders that lost the race described above, superseded on the way
        stale = (
            update(outbox)
            .where(*PENDING_REMINDER, outbox.c.next_attempt_at <= _NOW, not_(_CURRENT))
            .values(status=literal_column("'superseded'"))
        )
        statement = statement.add_cte(stale.cte("stale"))
    return statement


_DELIVERED = (
    update(outbox)
    .where(outbox.c.id == _ID)
    .values(
        status=literal_column("'delivered'"),
        claimed_until=None,
        delivered_at=bindparam("at", type_=UtcDateTime),
        channel=bindparam("b_channel", type_=String),
    )
)
_RETRY = (
    update(outbox)
    .where(outbox.c.id == _ID)
    .values(
        attempts=outbox.c.attempts + 1,
        next_attempt_at=bindparam("at", type_=UtcDateTime),
        claimed_until=None,
        last_error=bindparam("error", type_=Text),
    )
)
_FAILED = (
    update(outbox)
    .where(outbox.c.id == _ID)
    .values(
        status=literal_column("'failed'"),
        attempts=outbox.c.attempts + 1,
        claimed_until=None,
        last_error=bindparam("error", type_=Text),
    )
)

_RELEASE = (
    update(outbox)
    .where(
        outbox.c.id.in_(bindparam("ids", expanding=True)),
        outbox.c.status == literal_column("'pending'"),
        outbox.c.claimed_until == _UNTIL,
    )
    .values(claimed_until=None)
)


def outbox_row(notification: Notification, at: datetime) -> dict[str, Any]:
    """A new pending row for ``notification``, due at ``at``."""
    return {
        "player": notification.player,
        "game_id": notification.game_id,
        "from_seq": notification.from_seq,
        "to_seq": notification.to_seq,
        "kind": notification.kind,
        "status": "pending",
        "attempts": 0,
        "next_attempt_at": at,
        "created_at": at,
    }


class SqlOutbox:
    """The ``Outbox`` port on SQLite or PostgreSQL (see the module's docstring)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._postgresql = is_postgresql(engine)
        self._writer = writer(engine)
        self._claim = _claim(self._postgresql)

    @reconnecting
    def claim(self, now: datetime, limit: int, lease: timedelta) -> list[Delivery]:
        values = {"now": now, "until": now + lease, "limit": limit}
        # One claim at a time: SQLite's write lock up front, an advisory lock on PostgreSQL (the
        # claim's snapshot is taken after it, so it sees every claim made before).
        with self._writer.begin() as connection:
            if self._postgresql:
                connection.execute(select(func.pg_advisory_xact_lock(CLAIM_LOCK)))
            rows = connection.execute(self._claim, values).all()
        return [_delivery(row) for row in sorted(rows, key=lambda row: row.id)]

    @reconnecting
    def delivered(self, delivery_id: int, at: datetime, channel: str = "") -> None:
        values = {"delivery_id": delivery_id, "at": at, "b_channel": channel or None}
        with self.engine.connect() as connection:
            connection.execute(_DELIVERED, values)

    @reconnecting
    def retry(self, delivery_id: int, at: datetime, error: str) -> None:
        with self.engine.connect() as connection:
            connection.execute(_RETRY, {"delivery_id": delivery_id, "at": at, "error": error})

    @reconnecting
    def failed(self, delivery_id: int, error: str) -> None:
        with self.engine.connect() as connection:
            connection.execute(_FAILED, {"delivery_id": delivery_id, "error": error})

    @reconnecting
    def release(self, delivery_ids: Collection[int], until: datetime) -> None:
        if delivery_ids:
            with self.engine.connect() as connection:
                connection.execute(_RELEASE, {"ids": list(delivery_ids), "until": until})


def _delivery(row: AnyRow) -> Delivery:
    note = Notification(
        PlayerId(row.player), GameId(row.game_id), row.from_seq, row.to_seq, row.kind
    )
    return Delivery(row.id, note, row.attempts)
