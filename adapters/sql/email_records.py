"""``EmailRecords``: the email channel's record of mail in SQL (``sql/email_tables.py``) — the
reply threads its tokens name, every inbound mail stored before the mailbox is told it was read,
and the mailbox UIDs it came from.  The channel (``adapters/email/handling.py``) decides what a
mail means and what to answer; these rows only remember it.  What is kept per address is in
``email_contacts.py``."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import and_, select, update

from adapters.sql.email_tables import email_messages, email_threads, email_uids
from adapters.sql.engine import Rows, reconnecting
from adapters.sql.erasure import erased_key


@dataclass(frozen=True, slots=True)
class StoredMail:
    key: str
    raw: bytes
    envelope: tuple[str, ...]
    outcome: str | None
    number: int = 0
    """The row's id: a confirmation token names the request it confirms by it."""


class EmailRecords(Rows):
    # -- reply threads ------------------------------------------------------------------------

    @reconnecting
    def thread(self, game_id: str, player: str) -> int:
        """The number of the (game, player) thread, made on first use."""
        where = and_(email_threads.c.game_id == game_id, email_threads.c.player_id == player)
        query = select(email_threads.c.id).where(where)
        with self.engine.connect() as connection:
            found = connection.execute(query).scalar_one_or_none()
        if found is not None:
            return int(found)
        insert = self._insert(email_threads).values(game_id=game_id, player_id=player)
        with self._writer.begin() as connection:
            connection.execute(insert.on_conflict_do_nothing())
            return int(connection.execute(query).scalar_one())

    @reconnecting
    def thread_of(self, number: int) -> tuple[str, str] | None:
        """The game and player of thread ``number``."""
        query = select(email_threads.c.game_id, email_threads.c.player_id).where(
            email_threads.c.id == number
        )
        with self.engine.connect() as connection:
            row = connection.execute(query).first()
        return None if row is None else (row.game_id, row.player_id)

    # -- inbound mail ----------------------------------------------------------------------------

    @reconnecting
    def receive(
        self,
        key: str,
        raw: bytes,
        at: datetime,
        envelope: tuple[str, ...] = (),
        uid: tuple[str, int, int] | None = None,
    ) -> None:
        """Store a message (once: unique by ``key``) and the mailbox UID it came from, if any.
        A message whose sender was erased since is known by its hidden key and not stored again:
        handled again, it would answer the erased address."""
        row = {
            "key": key,
            "raw": raw.decode("latin-1"),
            "envelope": " ".join(envelope),
            "received_at": at,
        }
        hidden = select(email_messages.c.key).where(email_messages.c.key == erased_key(key))
        with self._writer.begin() as connection:
            stored = key
            if connection.execute(hidden).first() is None:
                insert = self._insert(email_messages).values(row).on_conflict_do_nothing()
                connection.execute(insert)
            else:
                stored = erased_key(key)
            if uid is not None:
                mailbox, validity, number = uid
                seen = {"mailbox": mailbox, "uidvalidity": validity, "uid": number}
                insert = self._insert(email_uids).values(**seen, message_key=stored)
                connection.execute(insert.on_conflict_do_nothing())

    @reconnecting
    def known_uids(self, mailbox: str, uidvalidity: int, uids: list[int]) -> set[int]:
        """Which of ``uids`` (under ``uidvalidity``) are stored already."""
        if not uids:
            return set()
        query = select(email_uids.c.uid).where(
            email_uids.c.mailbox == mailbox,
            email_uids.c.uidvalidity == uidvalidity,
            email_uids.c.uid.in_(uids),
        )
        with self.engine.connect() as connection:
            return {int(uid) for uid in connection.execute(query).scalars()}

    @reconnecting
    def waiting(self, limit: int = 100) -> list[StoredMail]:
        """Stored messages not handled yet, oldest first."""
        query = (
            select(email_messages)
            .where(email_messages.c.done_at.is_(None))
            .order_by(email_messages.c.id)
            .limit(limit)
        )
        with self.engine.connect() as connection:
            rows = connection.execute(query).all()
        return [_mail(row) for row in rows]

    @reconnecting
    def message(self, key: str) -> StoredMail | None:
        return self._one(email_messages.c.key == key)

    @reconnecting
    def numbered(self, number: int) -> StoredMail | None:
        """The message stored as row ``number`` (a confirmation token names it)."""
        return self._one(email_messages.c.id == number)

    def _one(self, where: Any) -> StoredMail | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(email_messages).where(where)).first()
        return None if row is None else _mail(row)

    @reconnecting
    def note(self, key: str, outcome: str) -> None:
        """Record what handling did so far (before what is left of it, such as the reply)."""
        change = update(email_messages).where(email_messages.c.key == key).values(outcome=outcome)
        with self._writer.begin() as connection:
            connection.execute(change)

    @reconnecting
    def done(self, key: str, at: datetime, outcome: str) -> None:
        change = (
            update(email_messages)
            .where(email_messages.c.key == key)
            .values(done_at=at, outcome=outcome)
        )
        with self._writer.begin() as connection:
            connection.execute(change)

    @reconnecting
    def outcomes(self) -> dict[str, str | None]:
        """Every message's outcome by key (for operators and tests)."""
        query = select(email_messages.c.key, email_messages.c.outcome)
        with self.engine.connect() as connection:
            return {row.key: row.outcome for row in connection.execute(query)}


def _mail(row: Any) -> StoredMail:
    envelope = tuple(row.envelope.split()) if row.envelope else ()
    return StoredMail(row.key, row.raw.encode("latin-1"), envelope, row.outcome, int(row.id))
