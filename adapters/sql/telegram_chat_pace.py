"""A chat's second kept in the database, so that every process posting for one bot keeps it.

Telegram lets a bot post about once a second in one chat.  The Telegram process (answering a
player's move) and the worker (telling the same player of the opponent's reply) each kept that
second to themselves, so when the opponent answered quickly — a bot, or a fast person — the
two could post into one chat within a second, and Telegram refused the second post with 429
(twice in the ten minutes at 50 moves/s).  ``SharedChats.take`` hands out a chat's turns to
post from one row per chat, in one statement: each turn at least ``gap`` after the chat's last
turn, whichever process took it.  A turn its process used late (its own 30 a second held the
post up) moves the chat's next turn after it (``push``) only if nobody took that next turn
meanwhile; if somebody did, the late post takes a new turn after theirs (``pacing.py``) — when the
late post moved the turn only after it was sent, the other process's post could follow it within
the second (once in ten minutes at 50 moves/s, issue 35).  Rows older than a minute are pruned
(``adapters/sql/retention.py``) and erased with the player (``adapters/sql/erasure.py``).

Times are seconds since the epoch (``time.time``): the processes may live on different machines,
whose clocks NTP keeps within milliseconds of each other.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine, Float, bindparam, func, update
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from adapters.sql.engine import is_postgresql, reconnecting
from adapters.sql.telegram_tables import telegram_chat_pace as _pace

SAME = 1e-3
"""Seconds within which a chat's next turn is still the one a process took (the float of
``taken + gap`` need not be the stored one to the last bit; another turn is ``gap`` away)."""


_NOW = bindparam("now", type_=Float)
_GAP = bindparam("gap", type_=Float)


class SharedChats:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._take = _take(is_postgresql(engine))
        """Built once: every post takes a turn, and building the statement cost as much CPU as
        running it (issue 35)."""

    @reconnecting
    def take(self, chat: int, now: float, gap: float) -> float:
        """Take ``chat``'s next turn to post: the moment it may go — not before ``now``, and
        ``gap`` after the chat's last turn taken by any process."""
        with self.engine.connect() as connection:
            taken = {"chat": chat, "now": now, "gap": gap}
            free_at: float = connection.execute(self._take, taken).scalar_one()
        return free_at - gap

    @reconnecting
    def push(self, chat: int, taken: float, at: float, gap: float) -> bool:
        """The turn taken at ``taken`` is used later, at ``at`` (Telegram's 30 a second held it
        up): the chat's next turn is ``gap`` after that — unless another process took a turn in
        the chat since, which the post must not come near: False, and the post takes a new turn.
        """
        pushed = (
            update(_pace)
            .where(_pace.c.chat_id == chat, func.abs(_pace.c.free_at - (taken + gap)) < SAME)
            .values(free_at=at + gap)
        )
        with self.engine.connect() as connection:
            return connection.execute(pushed).rowcount == 1


def _take(postgresql: bool) -> Any:
    """The upsert that takes a chat's next turn: ``gap`` after the later of ``now`` and the
    chat's last turn (``greatest`` on PostgreSQL, SQLite's two-argument ``max``)."""
    insert = postgresql_insert if postgresql else sqlite_insert
    later = (func.greatest if postgresql else func.max)(_pace.c.free_at, _NOW)
    first = insert(_pace).values(chat_id=bindparam("chat"), free_at=_NOW + _GAP)
    return first.on_conflict_do_update(
        index_elements=[_pace.c.chat_id], set_={"free_at": later + _GAP}
    ).returning(_pace.c.free_at)
