"""The addresses no mail of ours goes to again: those of players who erased themselves (issue 31).

An erasure removes the address from every table, so nothing would stop the next ``new game with``
that address from mailing the erased person an invitation.  The address is kept instead as a MAC
of its lower-cased form under the service's secret (the key that signs web links and erasure
codes, ``adapters/keys.py``): the service can tell the address again when it is asked to mail it,
but the table reads as nothing — no address, and no hash anyone could test a guessed address
against without the secret.  The erasure writes it in its own transaction (``erasure.py``); the
never-mail list's ``SqlConsent.stopped``, which every mail passes before it is sent
(``GameMail.post``, the web's ``NoticeMail.send``) and an invitation is checked against, reads
it.  Nothing lifts it: an erased person who wants our mail again writes to the operators.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, Connection, Exists, exists
from sqlalchemy.dialects import postgresql, sqlite

from adapters.sql.email_tables import mail_suppressions

PURPOSE = b"conquian-never-mail:"
"""Keeps these MACs apart from the other uses of the same secret."""


def address_mac(secret: bytes, address: str) -> str:
    """The MAC an address is kept as: HMAC-SHA256 of its trimmed, lower-cased form."""
    text = address.strip().lower().encode()
    return hmac.new(secret, PURPOSE + text, hashlib.sha256).hexdigest()


def suppress(connection: Connection, secret: bytes, addresses: Iterable[str], at: datetime) -> None:
    """Put ``addresses`` on the list, in the caller's transaction (once each)."""
    rows = [{"mac": address_mac(secret, one), "since": at} for one in set(addresses)]
    if not rows:
        return
    dialect: Any = postgresql if connection.dialect.name == "postgresql" else sqlite
    connection.execute(dialect.insert(mail_suppressions).values(rows).on_conflict_do_nothing())


def suppressed(mac: ColumnElement[str]) -> Exists:
    """Whether the address whose MAC is ``mac`` is on the list (``address_mac``), as a clause
    the never-mail check runs with its other half in one statement (``SqlConsent.stopped``)."""
    return exists().where(mail_suppressions.c.mac == mac)
