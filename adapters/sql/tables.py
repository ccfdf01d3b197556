"""The tables, as SQLModel classes: rows only, no behaviour (the rules and the log's meaning live in
``service/``; the stores in this package read and write these tables with SQLAlchemy Core).

* ``events`` — the log: one row per event, ``(game_id, seq)`` unique (the optimistic-concurrency
  guard), ``position`` the global order for followers, the event's stable ``name``, the codec's
  ``schema_version`` and the JSON ``data``.
* ``game_summaries`` — one row per game, rewritten with every append (a projection of the log),
  with the game's deadline and next reminder time and the workers' claims on them.
* ``inbox`` — inbound messages, ``(source, key)`` unique, with the reply once handled.
* ``outbox`` — the notifications each append causes (and the reminders the worker queues), with
  delivery status, attempts, the time of the next attempt and a dispatcher's claim.
* ``players``, ``addresses`` and ``vacations`` — the directory; an address ``(channel, value)``
  has one owner.

Timestamps are stored in UTC and come back as aware UTC datetimes (``UtcDateTime``): SQLite hands
back naive values even for ``DateTime(timezone=True)``.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Dialect,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.types import TypeDecorator
from sqlmodel import Field, SQLModel

ID = String(64)
"""Game and player ids, invitation codes."""
JSON_DATA = JSON().with_variant(JSONB(), "postgresql")
AUTO_ID = BigInteger().with_variant(Integer(), "sqlite")
"""An autoincrementing key: SQLite only autoincrements a column declared exactly INTEGER."""
DEFAULT_REMINDERS = ("half", "1h")
"""A new player's reminder offsets (``service.clock.deadlines.DEFAULT_REMINDERS``)."""
REMINDERS_DEFAULT = """'["half", "1h"]'"""
"""The same, as the column's SQL default."""


class UtcDateTime(TypeDecorator[datetime]):
    """An aware datetime, stored in UTC and read back as aware UTC on every database."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError(f"a naive datetime cannot be stored: {value}")
        utc = value.astimezone(UTC)
        return utc.replace(tzinfo=None) if dialect.name == "sqlite" else utc

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


def _id_column(**options: Any) -> Any:
    return Column(ID, nullable=False, **options)


AUTOINCREMENT = {"sqlite_autoincrement": True}
"""The table option an ``auto_id`` key needs on SQLite (the last of ``__table_args__``)."""


def auto_id() -> Any:
    """An autoincrementing key (``AUTO_ID``), None until the row is inserted."""
    return Field(default=None, sa_column=Column(AUTO_ID, primary_key=True, autoincrement=True))


def partial_index(name: str, *columns: str, where: str) -> Index:
    """An index of only the rows ``where`` holds for, on SQLite and PostgreSQL alike."""
    return Index(name, *columns, sqlite_where=text(where), postgresql_where=text(where))


class EventRow(SQLModel, table=True):
    __tablename__ = "events"
    __table_args__ = (
        UniqueConstraint("game_id", "seq", name="uq_events_game_seq"),
        AUTOINCREMENT,
    )

    position: int | None = auto_id()
    game_id: str = Field(sa_column=_id_column())
    seq: int = Field(sa_column=Column(Integer, nullable=False))
    name: str = Field(sa_column=Column(String(64), nullable=False))
    schema_version: int = Field(sa_column=Column(Integer, nullable=False))
    data: dict[str, Any] = Field(sa_column=Column(JSON_DATA, nullable=False))
    at: datetime = Field(sa_column=Column(UtcDateTime, nullable=False))


class GameSummaryRow(SQLModel, table=True):
    __tablename__ = "game_summaries"
    __table_args__ = (
        Index("ix_game_summaries_first_player", "first_player", "since"),
        Index("ix_game_summaries_second_player", "second_player", "since"),
        Index("ix_game_summaries_due", "status", "due_at"),
        Index("ix_game_summaries_reminder", "status", "next_reminder_at"),
        UniqueConstraint("invitation_code", name="uq_game_summaries_invitation_code"),
    )

    game_id: str = Field(sa_column=Column(ID, primary_key=True))
    first_player: str | None = Field(default=None, sa_column=Column(ID, nullable=True))
    second_player: str | None = Field(default=None, sa_column=Column(ID, nullable=True))
    status: str = Field(sa_column=Column(String(16), nullable=False))
    to_act: str | None = Field(default=None, sa_column=Column(ID, nullable=True))
    since: datetime = Field(sa_column=Column(UtcDateTime, nullable=False))
    version: int = Field(sa_column=Column(Integer, nullable=False))
    invitation: str | None = Field(default=None, sa_column=Column(ID, nullable=True))
    """The summary's invitation: set only while the game is open."""
    invitation_code: str | None = Field(default=None, sa_column=Column(ID, nullable=True))
    """The game's invitation, kept once used, so a late joiner hears it was used."""
    due_at: datetime | None = Field(default=None, sa_column=Column(UtcDateTime, nullable=True))
    """When the decision ``to_act`` owes times out; NULL when nobody owes one."""
    next_reminder_at: datetime | None = Field(
        default=None, sa_column=Column(UtcDateTime, nullable=True)
    )
    deadline_claimed_until: datetime | None = Field(
        default=None, sa_column=Column(UtcDateTime, nullable=True)
    )
    """A worker claimed the deadline until then (not written by appends)."""
    reminder_claimed_until: datetime | None = Field(
        default=None, sa_column=Column(UtcDateTime, nullable=True)
    )
    """A worker claimed the reminder until then (not written by appends)."""
    reminders_sent: int | None = Field(default=None, sa_column=Column(Integer, nullable=True))
    """How many of its decision's reminders were queued, counting the last one
    (``last_reminder_id``) even if an append superseded it since (not written by appends)."""
    last_reminder_id: int | None = Field(default=None, sa_column=Column(AUTO_ID, nullable=True))
    """The outbox row of the game's last reminder: its decision is the summary's if it fell due
    after ``since`` (not written by appends)."""


class InboxRow(SQLModel, table=True):
    __tablename__ = "inbox"
    __table_args__ = (
        UniqueConstraint("source", "key", name="uq_inbox_source_key"),
        partial_index("ix_inbox_pending", "received_at", where="reply IS NULL"),
        AUTOINCREMENT,
    )

    id: int | None = auto_id()
    source: str = Field(sa_column=Column(String(32), nullable=False))
    key: str = Field(sa_column=Column(Text, nullable=False))
    payload: str = Field(sa_column=Column(Text, nullable=False))
    received_at: datetime = Field(sa_column=Column(UtcDateTime, nullable=False))
    reply: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    completed_at: datetime | None = Field(
        default=None, sa_column=Column(UtcDateTime, nullable=True)
    )


class OutboxRow(SQLModel, table=True):
    __tablename__ = "outbox"
    __table_args__ = (
        Index("ix_outbox_due", "status", "next_attempt_at"),
        partial_index(
            "ix_outbox_pending_reminders",
            "game_id",
            where="kind = 'reminder' AND status = 'pending'",
        ),
        partial_index("ix_outbox_claimed", "claimed_until", where="claimed_until IS NOT NULL"),
        AUTOINCREMENT,
    )

    id: int | None = auto_id()
    player: str = Field(sa_column=_id_column())
    game_id: str = Field(sa_column=_id_column())
    from_seq: int = Field(sa_column=Column(Integer, nullable=False))
    to_seq: int = Field(sa_column=Column(Integer, nullable=False))
    status: str = Field(sa_column=Column(String(16), nullable=False))
    """``pending`` until ``delivered`` or given up (``failed``); a reminder a move or a newer
    reminder made pointless is ``superseded``."""
    attempts: int = Field(sa_column=Column(Integer, nullable=False))
    next_attempt_at: datetime = Field(sa_column=Column(UtcDateTime, nullable=False))
    created_at: datetime = Field(sa_column=Column(UtcDateTime, nullable=False))
    last_error: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    """Why the last attempt failed."""
    kind: str = Field(
        default="moves",
        sa_column=Column(String(16), nullable=False, server_default=text("'moves'")),
    )
    """``moves`` (what happened) or ``reminder`` (a decision is due)."""
    claimed_until: datetime | None = Field(
        default=None, sa_column=Column(UtcDateTime, nullable=True)
    )
    """A dispatcher is sending it until then."""
    delivered_at: datetime | None = Field(
        default=None, sa_column=Column(UtcDateTime, nullable=True)
    )
    """When it was handed to the player's channel: with ``created_at`` (the append), how long
    the player waited to be told (the soak's and the notification bench's figures)."""
    channel: str | None = Field(default=None, sa_column=Column(String(16), nullable=True))
    """The channel that took it (``telegram``, ``email``, ``web``, …)."""


class PlayerRow(SQLModel, table=True):
    __tablename__ = "players"

    id: str = Field(sa_column=Column(ID, primary_key=True))
    name: str = Field(sa_column=Column(String(200), nullable=False))
    language: str = Field(sa_column=Column(String(16), nullable=False))
    timezone: str = Field(sa_column=Column(String(64), nullable=False))
    quiet_hours: str = Field(
        default="", sa_column=Column(Text, nullable=False, server_default=text("''"))
    )
    """``22:00-08:00`` in the player's time zone, or empty."""
    reminders: list[str] = Field(
        default_factory=lambda: list(DEFAULT_REMINDERS),
        sa_column=Column(JSON_DATA, nullable=False, server_default=text(REMINDERS_DEFAULT)),
    )
    """The reminder offsets, a JSON list such as ``["half", "1h"]``."""
    vacation_days: int = Field(
        default=14, sa_column=Column(Integer, nullable=False, server_default=text("14"))
    )
    card_faces: str = Field(
        default="", sa_column=Column(String(16), nullable=False, server_default=text("''"))
    )
    """``french`` or ``spanish``: the deck the player reads cards in; empty for each game's."""
    muted: list[str] = Field(
        default_factory=list,
        sa_column=Column(JSON_DATA, nullable=False, server_default=text("'[]'")),
    )
    """The players whose messages this player never hears, in any game: a JSON list of ids
    (muted "for good", migration 0015)."""
    practice_skipped: bool = Field(
        default=False, sa_column=Column(Boolean, nullable=False, server_default=false())
    )
    """The player declined the guided first deal: it is not offered again (migration 0025)."""
    erased_at: datetime | None = Field(default=None, sa_column=Column(UtcDateTime, nullable=True))
    """When the player was erased (``adapters/sql/erasure.py``): the row keeps only the id their
    finished games name, with the defaults in place of their name and settings."""


class AddressRow(SQLModel, table=True):
    __tablename__ = "addresses"
    __table_args__ = (
        UniqueConstraint("channel", "value", name="uq_addresses_channel_value"),
        Index("ix_addresses_player_id", "player_id"),
        AUTOINCREMENT,
    )

    id: int | None = auto_id()
    channel: str = Field(sa_column=Column(String(32), nullable=False))
    value: str = Field(sa_column=Column(String(320), nullable=False))
    player_id: str = Field(sa_column=Column(ID, ForeignKey("players.id"), nullable=False))


class VacationRow(SQLModel, table=True):
    __tablename__ = "vacations"
    __table_args__ = (
        Index("ix_vacations_player_start", "player_id", "start"),
        AUTOINCREMENT,
    )

    id: int | None = auto_id()
    player_id: str = Field(sa_column=Column(ID, ForeignKey("players.id"), nullable=False))
    start: datetime = Field(sa_column=Column(UtcDateTime, nullable=False))
    end: datetime = Field(sa_column=Column(UtcDateTime, nullable=False))


events = SQLModel.metadata.tables["events"]
game_summaries = SQLModel.metadata.tables["game_summaries"]
inbox = SQLModel.metadata.tables["inbox"]
outbox = SQLModel.metadata.tables["outbox"]
players = SQLModel.metadata.tables["players"]
addresses = SQLModel.metadata.tables["addresses"]
vacations = SQLModel.metadata.tables["vacations"]
