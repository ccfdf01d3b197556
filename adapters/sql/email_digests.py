"""``DigestClaims``: the daily digest's claims in SQL, on an address's ``email_contacts`` row.

A worker holds an address's digest for a lease (``digest_claimed_until``), sends it, then moves
``digest_at`` (the news told so far) on and lets go; a claim left by a worker that died lapses.
When a digest is due and what it says is the channel's (``adapters/email/digests.py``).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import or_, select, update

from adapters.sql.email_tables import email_contacts
from adapters.sql.engine import Rows, reconnecting

DIGEST = "digest"
"""The stored ``mail_when`` of an address that chose the daily digest (the word ``mail digest``
of ``adapters/email/choices.py``)."""


class DigestClaims(Rows):
    @reconnecting
    def readers(self, now: datetime) -> list[tuple[str, datetime | None]]:
        """The addresses that chose the digest and nobody holds, with their ``digest_at``."""
        contacts = email_contacts.c
        query = select(contacts.address, contacts.digest_at).where(
            contacts.mail_when == DIGEST, _free(now)
        )
        with self.engine.connect() as connection:
            return [(row.address, row.digest_at) for row in connection.execute(query)]

    @reconnecting
    def claim(self, address: str, hour: datetime, now: datetime, lease: timedelta) -> bool:
        """Hold ``address``'s digest of ``hour`` until ``now + lease``, unless another worker
        holds it or it went out already."""
        contacts = email_contacts.c
        claim = (
            update(email_contacts)
            .where(contacts.address == address, contacts.mail_when == DIGEST, _free(now))
            .where(or_(contacts.digest_at.is_(None), contacts.digest_at < hour))
            .values(digest_claimed_until=now + lease)
        )
        with self._writer.begin() as connection:
            return bool(connection.execute(claim).rowcount == 1)

    @reconnecting
    def release(self, address: str, told_up_to: datetime | None) -> None:
        """Let go of ``address``; with ``told_up_to``, its news up to then went out."""
        values: dict[str, Any] = {"digest_claimed_until": None}
        if told_up_to is not None:
            values["digest_at"] = told_up_to
        done = update(email_contacts).where(email_contacts.c.address == address).values(values)
        with self._writer.begin() as connection:
            connection.execute(done)


def _free(now: datetime) -> Any:
    claimed = email_contacts.c.digest_claimed_until
    return or_(claimed.is_(None), claimed <= now)
