"""``SqlConsent``: ``service.ports.consent.Consent`` in the ``email_contacts`` rows (``proven_at``,
``stopped_at``); addresses are stored in lower case, as the rest of that table.  The never-mail
list is also every erased player's address (``suppression.py``), kept only as a MAC under the
service's ``secret``: ``stopped`` says yes to it, and nothing takes it off."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from sqlalchemy import Engine, String, bindparam, exists, func, or_, select

from adapters.sql.email_tables import email_contacts
from adapters.sql.engine import Rows, reconnecting
from adapters.sql.suppression import address_mac, suppressed

_STOPPED = select(
    or_(
        exists().where(
            email_contacts.c.address == bindparam("address"),
            email_contacts.c.stopped_at.is_not(None),
        ),
        suppressed(bindparam("mac", type_=String)),
    )
)
"""The never-mail list's question, built once: the address said stop, or it is an erased
player's (``suppression.py``)."""


class SqlConsent(Rows):
    def __init__(self, engine: Engine, secret: Callable[[], bytes]) -> None:
        super().__init__(engine)
        self.secret = secret
        """The service's secret (``adapters/keys.py``), read when first needed."""

    @reconnecting
    def proven(self, address: str) -> bool:
        return self._since("proven_at", address) is not None

    @reconnecting
    def prove(self, address: str, at: datetime) -> None:
        row = email_contacts.c
        proven = self._insert(email_contacts).values(address=address.lower(), proven_at=at)
        upsert = proven.on_conflict_do_update(
            index_elements=[row.address],
            set_={"proven_at": func.coalesce(row.proven_at, at), "stopped_at": None},
        )
        with self._writer.begin() as connection:
            connection.execute(upsert)

    @reconnecting
    def stopped(self, address: str) -> bool:
        """On the list: it said stop, or its player erased themselves (one statement: every
        mail asks, issue 35)."""
        asked = {"address": address.lower(), "mac": address_mac(self.secret(), address)}
        with self.engine.connect() as connection:
            return bool(connection.execute(_STOPPED, asked).scalar_one())

    @reconnecting
    def stop(self, address: str, at: datetime) -> None:
        row = email_contacts.c
        stopped = self._insert(email_contacts).values(address=address.lower(), stopped_at=at)
        upsert = stopped.on_conflict_do_update(
            index_elements=[row.address], set_={"stopped_at": func.coalesce(row.stopped_at, at)}
        )
        with self._writer.begin() as connection:
            connection.execute(upsert)

    def _since(self, column: str, address: str) -> datetime | None:
        query = select(email_contacts.c[column]).where(email_contacts.c.address == address.lower())
        with self.engine.connect() as connection:
            found = connection.execute(query).scalar_one_or_none()
        return found if isinstance(found, datetime) else None
