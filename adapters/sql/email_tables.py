"""The email channel's tables (rows only; ``email_records.py``, ``email_contacts.py`` and
``email_digests.py`` read and write them for the channel):

* ``email_threads`` — one row per (game, player) that mail went to; its number is the short
  thread id a reply token names (``adapters/email/tokens.py``).
* ``email_messages`` — every inbound mail, unique by its ``Message-ID`` (``key``), stored raw
  before the mailbox is told it was read; ``done_at`` once it was handled and answered.
* ``email_uids`` — which mailbox UID (per ``UIDVALIDITY``) holds which message, so a message
  fetched again after a crash is recognised before it is downloaded.
* ``email_contacts`` — per email address: unreachable since a bounce (and why), when it was
  last sent an error reply (at most one an hour), since when it is proven (it answered our mail
  with its token) and since when it is on the never-mail list (``service/ports/consent.py``);
  its mail choices: when news comes and whether in text only (``adapters/email/choices.py``).
* ``link_codes`` — pending links of a player to another address (``service/players/linking.py``).
* ``mail_suppressions`` — the addresses of erased players, as MACs only: never mailed again
  (``adapters/sql/suppression.py``).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import BigInteger, Column, Index, String, Text, UniqueConstraint, or_, update
from sqlmodel import Field, SQLModel

from adapters.sql.tables import AUTO_ID, ID, UtcDateTime


class EmailThreadRow(SQLModel, table=True):
    __tablename__ = "email_threads"
    __table_args__ = (
        UniqueConstraint("game_id", "player_id", name="uq_email_threads_game_player"),
        {"sqlite_autoincrement": True},
    )

    id: int | None = Field(
        default=None, sa_column=Column(AUTO_ID, primary_key=True, autoincrement=True)
    )
    game_id: str = Field(sa_column=Column(ID, nullable=False))
    player_id: str = Field(sa_column=Column(ID, nullable=False))


class EmailMessageRow(SQLModel, table=True):
    __tablename__ = "email_messages"
    __table_args__ = (
        UniqueConstraint("key", name="uq_email_messages_key"),
        Index("ix_email_messages_waiting", "done_at", "id"),
        {"sqlite_autoincrement": True},
    )

    id: int | None = Field(
        default=None, sa_column=Column(AUTO_ID, primary_key=True, autoincrement=True)
    )
    key: str = Field(sa_column=Column(Text, nullable=False))
    """The ``Message-ID``, or ``sha256:<hex>`` of the raw message when it has none."""
    raw: str = Field(sa_column=Column(Text, nullable=False))
    """The message as received, bytes decoded as Latin-1 (so any 8-bit mail round-trips)."""
    envelope: str = Field(sa_column=Column(Text, nullable=False))
    """The envelope recipients the MTA gave, space-separated (empty from IMAP)."""
    received_at: datetime = Field(sa_column=Column(UtcDateTime, nullable=False))
    done_at: datetime | None = Field(default=None, sa_column=Column(UtcDateTime, nullable=True))
    outcome: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    """What handling it did, in a few words (for operators and tests)."""


class EmailUidRow(SQLModel, table=True):
    __tablename__ = "email_uids"
    __table_args__ = (
        UniqueConstraint("mailbox", "uidvalidity", "uid", name="uq_email_uids_mailbox_uid"),
        {"sqlite_autoincrement": True},
    )

    id: int | None = Field(
        default=None, sa_column=Column(AUTO_ID, primary_key=True, autoincrement=True)
    )
    mailbox: str = Field(sa_column=Column(String(320), nullable=False))
    """``user@host/folder``."""
    uidvalidity: int = Field(sa_column=Column(BigInteger, nullable=False))
    uid: int = Field(sa_column=Column(BigInteger, nullable=False))
    message_key: str = Field(sa_column=Column(Text, nullable=False))


class EmailContactRow(SQLModel, table=True):
    __tablename__ = "email_contacts"

    address: str = Field(sa_column=Column(String(320), primary_key=True))
    unreachable_since: datetime | None = Field(
        default=None, sa_column=Column(UtcDateTime, nullable=True)
    )
    unreachable_reason: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    error_reply_at: datetime | None = Field(
        default=None, sa_column=Column(UtcDateTime, nullable=True)
    )
    proven_at: datetime | None = Field(default=None, sa_column=Column(UtcDateTime, nullable=True))
    stopped_at: datetime | None = Field(default=None, sa_column=Column(UtcDateTime, nullable=True))
    mail_when: str | None = Field(default=None, sa_column=Column(String(8), nullable=True))
    """``each`` or ``digest``; None for the default, ``turn`` (``adapters/email/choices.py``)."""
    mail_format: str | None = Field(default=None, sa_column=Column(String(8), nullable=True))
    """``text`` for text-only mail; None for text and HTML with the table's picture."""
    digest_at: datetime | None = Field(default=None, sa_column=Column(UtcDateTime, nullable=True))
    """Up to when the address's news went out in a daily digest (``adapters/email/digests.py``);
    set to the moment ``mail digest`` is chosen, so the first digest starts there."""
    digest_claimed_until: datetime | None = Field(
        default=None, sa_column=Column(UtcDateTime, nullable=True)
    )
    """A worker sending the address's digest holds it until then (a crash lets it lapse)."""


class LinkCodeRow(SQLModel, table=True):
    __tablename__ = "link_codes"

    code: str = Field(sa_column=Column(String(64), primary_key=True))
    player_id: str = Field(sa_column=Column(ID, nullable=False))
    channel: str = Field(sa_column=Column(String(32), nullable=False))
    value: str = Field(sa_column=Column(String(320), nullable=False))
    expires_at: datetime = Field(sa_column=Column(UtcDateTime, nullable=False))


class MailSuppressionRow(SQLModel, table=True):
    """An address never to be mailed again (its player erased themselves), kept only as a MAC of
    the lower-cased address under the service's secret (``adapters/sql/suppression.py``)."""

    __tablename__ = "mail_suppressions"

    mac: str = Field(sa_column=Column(String(64), primary_key=True))
    since: datetime = Field(sa_column=Column(UtcDateTime, nullable=False))


email_threads = SQLModel.metadata.tables["email_threads"]
email_messages = SQLModel.metadata.tables["email_messages"]
email_uids = SQLModel.metadata.tables["email_uids"]
email_contacts = SQLModel.metadata.tables["email_contacts"]
link_codes = SQLModel.metadata.tables["link_codes"]
mail_suppressions = SQLModel.metadata.tables["mail_suppressions"]


def stamped_once_per(column: Any, address: str, now: datetime, interval: timedelta) -> Any:
    """The update that stamps ``column`` of ``address``'s contact with ``now`` unless it was
    stamped within ``interval``: one row changed means the claim (an error reply) is won."""
    return (
        update(email_contacts)
        .where(email_contacts.c.address == address.lower())
        .where(or_(column.is_(None), column <= now - interval))
        .values({column: now})
    )
