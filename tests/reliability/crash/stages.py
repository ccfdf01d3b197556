"""The five points of a move at which its process is killed, and how each is reached.

A move by Telegram goes: the update is stored (its inbox row and its queue row, in one
transaction) → the move
is decided and appended (events, the inbox's reply, the opponent's notification, one transaction)
→ the mover is answered → the drain claims the notification, sends it, marks it delivered.

* ``inbox`` — after the update is stored: every other run right after its transaction committed
  (the update not yet confirmed to Telegram), the others when the stored update is taken up to be
  answered.
* ``append`` — inside the append's transaction.  SQLite: after its last statement (the events),
  before the commit.  PostgreSQL, where the append is one statement: while that statement waits
  for the append lock that the test holds — after its inbox update, summary upsert and reminder
  supersede, before its events — the process is killed.  In every other run the server checks
  the client's connection every 20 ms and ends the statement; in the others, as in production,
  it does not, and the statement runs on once the lock is free: whether it commits depends on
  whether the server had read the whole request before the client died.
* ``committed`` — right after the append committed: nobody answered or told yet.
* ``sending`` — the fake Bot API kills the process while it waits for the answer to the
  notification's ``sendMessage``: every other run after the message landed, the others before.
* ``sent`` — the message went out; the process dies as it marks it delivered.

The killing is done from the test's side: the process's stores are wrapped, or its engine
listened to, or the fake server or the test's own database connection does it.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable
from datetime import datetime
from typing import Any

from sqlalchemy import Engine, event, text

from adapters.sql.appends import APPEND_LOCK
from adapters.sql.outbox import SqlOutbox
from adapters.sql.store import SqlEventStore
from adapters.sql.telegram_records import TelegramRecords, Waiting
from service.game.stored import StoredEvent
from tests.reliability.crash.processes import Forked, Parts, Trigger, die
from tests.waiting import eventually

STAGES = ("inbox", "append", "committed", "sending", "sent")
UNKNOWN_OUTCOME = frozenset({"sending", "sent"})
"""The stages where whether the notification reached the player is unknown to the process that
sent it: the only ones where it may be sent again (once)."""
CHECK_CLIENT_MS = 20


def die_once_stored(trigger: Trigger, at_answer: bool) -> Callable[[Engine], None]:
    """Die after storing the update, or (``at_answer``) when it is taken up to be answered: the
    Telegram channel's records, patched in the forked process only."""

    def patch(_engine: Engine) -> None:
        store, waiting = TelegramRecords.store, TelegramRecords.waiting_updates

        def storing(self: TelegramRecords, *args: Any) -> bool:
            stored = store(self, *args)
            if trigger.armed and not at_answer:
                die()
            return stored

        def taking(self: TelegramRecords, limit: int = 100) -> list[Waiting]:
            found = waiting(self, limit)
            if trigger.armed and at_answer and found:
                die()
            return found

        TelegramRecords.store = storing  # type: ignore[method-assign]
        TelegramRecords.waiting_updates = taking  # type: ignore[method-assign]

    return patch


def die_before_the_events_commit(trigger: Trigger) -> Callable[[Engine], None]:
    """SQLite: die once an append's events are inserted, inside its transaction."""

    def listen(engine: Engine) -> None:
        @event.listens_for(engine, "after_cursor_execute")
        def _inserted(_connection: Any, _cursor: Any, statement: str, *_: Any) -> None:
            if trigger.armed and statement.lstrip().upper().startswith("INSERT INTO EVENTS"):
                die()

    return listen


def check_the_client(engine: Engine) -> None:
    """PostgreSQL: the server checks every ``CHECK_CLIENT_MS`` that the client is still there
    while it runs a statement, and ends the statement if not."""

    @event.listens_for(engine, "connect")
    def _checked(connection: Any, _record: Any) -> None:
        connection.execute(f"SET client_connection_check_interval = {CHECK_CLIENT_MS}")
        if not connection.autocommit:
            connection.commit()


class StoreThatDies(SqlEventStore):
    """Dies right after an append committed."""

    def __init__(self, engine: Engine, trigger: Trigger) -> None:
        super().__init__(engine)
        self.trigger = trigger

    def append(self, *args: Any, **kwargs: Any) -> list[StoredEvent]:
        stored = super().append(*args, **kwargs)
        if self.trigger.armed:
            die()
        return stored


class OutboxThatDies(SqlOutbox):
    """Dies instead of marking a notification delivered."""

    def __init__(self, engine: Engine, trigger: Trigger) -> None:
        super().__init__(engine)
        self.trigger = trigger

    def delivered(self, delivery_id: int, at: datetime, channel: str = "") -> None:
        if self.trigger.armed:
            die()
        super().delivered(delivery_id, at, channel)


def parts(stage: str, run: int, postgresql: bool, trigger: Trigger) -> Parts:
    """How the process to be killed at ``stage`` builds its stores."""
    if stage == "inbox":
        at_answer = run % 2 == 1
        return Parts(on_engine=die_once_stored(trigger, at_answer))
    if stage == "append" and postgresql:
        return Parts(on_engine=check_the_client) if checks_the_client(run) else Parts()
    if stage == "append":
        return Parts(on_engine=die_before_the_events_commit(trigger))
    if stage == "committed":
        return Parts(store=lambda engine: StoreThatDies(engine, trigger))
    if stage == "sent":
        return Parts(outbox=lambda engine: OutboxThatDies(engine, trigger))
    assert stage == "sending", stage
    return Parts()


def checks_the_client(run: int) -> bool:
    """Whether the server checks the connection of the process killed inside its append in
    ``run`` (every other run), or leaves it as production does."""
    return run % 2 == 1


def kill_inside_a_postgresql_append(engine: Engine, process: Forked, run: int) -> int:
    """Let ``process`` go on while this process holds the append lock; kill it once its append
    waits for the lock.  Where the server checks the client, wait until it has ended the
    statement, then let go of the lock; elsewhere let go at once, and the statement runs on to
    its end.  The process's exit code, once the statement is over."""
    with engine.connect() as holder:
        holder.execute(text("SELECT pg_advisory_lock(:key)"), {"key": APPEND_LOCK})
        locked = True
        try:
            process.go()
            backend = _waiting_for_the_lock(holder)
            os.kill(process.pid, signal.SIGKILL)
            code = process.wait()
            if not checks_the_client(run):
                holder.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": APPEND_LOCK})
                locked = False
            _until_gone(holder, backend)
        finally:
            if locked:
                holder.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": APPEND_LOCK})
    return code


def _waiting_for_the_lock(holder: Any, timeout: float = 30.0) -> int:
    """The server process whose statement waits for an advisory lock (the child's append)."""
    query = text(
        "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
        " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
    )
    found: list[int | None] = []

    def waits() -> bool:
        found.append(holder.execute(query).scalar())
        return found[-1] is not None

    assert eventually(waits, timeout), f"no append waited for the lock within {timeout} s"
    backend = found[-1]
    assert backend is not None
    return int(backend)


def _until_gone(holder: Any, backend: int, timeout: float = 10.0) -> None:
    query = text("SELECT count(*) FROM pg_stat_activity WHERE pid = :pid")
    gone = eventually(lambda: not holder.execute(query, {"pid": backend}).scalar(), timeout)
    assert gone, f"the server kept the dead client's statement for {timeout} s"
