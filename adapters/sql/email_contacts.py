"""``EmailContacts``: what the email channel keeps per mail address, in SQL (the
``email_contacts`` row, ``sql/email_tables.py``): unreachable since a bounce and why, when an
error reply last went out, and the address's mail choices — when news comes and whether in text
only.  Addresses are kept lower-cased.

The channel keeps the words and the decisions (``adapters/email/choices.py`` reads ``mail
each``, ``adapters/email/notes.py`` picks the interval between error replies); these rows only
remember them.  The daily digest's claims on the same row are ``email_digests.py``; the
never-mail list and proven addresses, ``consent.py``.
"""

from __future__ import annotations

from collections.abc import Collection
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Engine, select, update

from adapters.sql.email_tables import email_contacts, stamped_once_per
from adapters.sql.engine import Rows, reconnecting
from service.ports.remembering import Remembering

TEXT_ONLY = "text"
"""The stored ``mail_format`` of an address that chose text only (None: text and HTML)."""


@dataclass(frozen=True, slots=True)
class MailChoice:
    """An address's mail choices as stored."""

    when: str | None
    """The timing word it chose other than the default (``each``, ``digest``); None: one mail
    a turn."""
    text_only: bool
    unreachable: str | None = None
    """Why the address was marked unreachable (``why_unreachable``), read on the same row."""


class EmailContacts(Rows):
    def __init__(self, engine: Engine) -> None:
        super().__init__(engine)
        self._remembered = Remembering()

    def remembering(self, addresses: Collection[str] = ()) -> AbstractContextManager[None]:
        """Within the block this thread reads each address's choices once, those of
        ``addresses`` (a claimed batch's) in one statement as it opens; a write forgets them
        (``service.ports.remembering``)."""
        return self._remembered.remembering(
            lambda: self._keep_all(addresses) if addresses else None
        )

    # -- reachability ----------------------------------------------------------------------------

    @reconnecting
    def unreachable(self, address: str, at: datetime, reason: str) -> None:
        """Mark ``address`` unreachable (a bounce): mail to it is given up until it writes again."""
        self._upsert(address, {"unreachable_since": at, "unreachable_reason": reason})

    @reconnecting
    def reachable(self, address: str) -> None:
        """``address`` wrote to us: it can be reached again."""
        change = (
            update(email_contacts)
            .where(email_contacts.c.address == address.lower())
            .values(unreachable_since=None, unreachable_reason=None)
        )
        self._remembered.forget()
        with self._writer.begin() as connection:
            connection.execute(change)

    @reconnecting
    def why_unreachable(self, address: str) -> str | None:
        """The reason ``address`` was marked unreachable; None while it can be reached."""
        query = select(email_contacts.c.unreachable_reason).where(
            email_contacts.c.address == address.lower(),
            email_contacts.c.unreachable_since.is_not(None),
        )
        with self.engine.connect() as connection:
            found = connection.execute(query).scalar_one_or_none()
        return None if found is None else str(found)

    @reconnecting
    def claim_error_reply(self, address: str, now: datetime, interval: timedelta) -> bool:
        """Whether an error reply may go to ``address`` now (at most one per ``interval``); a
        True answer counts as the reply sent.  A new address's row says whether it was made by
        what the insert returns: psycopg leaves an insert's row count unknown (-1)."""
        insert = self._insert(email_contacts).values(address=address.lower(), error_reply_at=now)
        made = insert.on_conflict_do_nothing().returning(email_contacts.c.address)
        claim = stamped_once_per(email_contacts.c.error_reply_at, address, now, interval)
        with self._writer.begin() as connection:
            if connection.execute(made).first() is not None:
                return True
            return bool(connection.execute(claim).rowcount == 1)

    # -- mail choices ----------------------------------------------------------------------------

    @reconnecting
    def choose_when(self, address: str, when: str | None, digest_from: datetime | None) -> None:
        """Store the timing ``address`` chose (None: the default); ``digest_from``, when the
        choice starts a digest, is where its news starts."""
        values: dict[str, Any] = {"mail_when": when}
        if digest_from is not None:
            values["digest_at"] = digest_from
        self._upsert(address, values)

    @reconnecting
    def choose_text_only(self, address: str, text_only: bool) -> None:
        self._upsert(address, {"mail_format": TEXT_ONLY if text_only else None})

    def choice_of(self, address: str) -> MailChoice:
        """What ``address`` chose, and whether it can be reached (one read of its row, for a
        notification's mail); the defaults for an address that never chose."""
        key = address.lower()
        return self._remembered.recall(("choice", key), lambda: self._choices([key])[key])

    def _keep_all(self, addresses: Collection[str]) -> None:
        for address, choice in self._choices(addresses).items():
            self._remembered.keep(("choice", address), choice)

    @reconnecting
    def _choices(self, addresses: Collection[str]) -> dict[str, MailChoice]:
        """The addresses' choices (by the address in lower case) in one statement."""
        wanted = list(dict.fromkeys(address.lower() for address in addresses))
        query = select(
            email_contacts.c.address,
            email_contacts.c.mail_when,
            email_contacts.c.mail_format,
            email_contacts.c.unreachable_since,
            email_contacts.c.unreachable_reason,
        ).where(email_contacts.c.address.in_(wanted))
        with self.engine.connect() as connection:
            rows = connection.execute(query).all()
        found = dict.fromkeys(wanted, MailChoice(None, False))
        for row in rows:
            gone = None if row.unreachable_since is None else str(row.unreachable_reason)
            found[row.address] = MailChoice(row.mail_when, row.mail_format == TEXT_ONLY, gone)
        return found

    def _upsert(self, address: str, values: dict[str, Any]) -> None:
        """Set ``values`` on ``address``'s row, made on first use."""
        self._remembered.forget()
        insert = self._insert(email_contacts).values(address=address.lower(), **values)
        upsert = insert.on_conflict_do_update(
            index_elements=[email_contacts.c.address], set_=values
        )
        with self._writer.begin() as connection:
            connection.execute(upsert)
