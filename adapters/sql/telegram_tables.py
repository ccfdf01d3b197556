"""The Telegram channel's own tables, as SQLModel classes (rows only; ``adapters/sql/telegram_records.py``
reads and writes them).  None of them holds game state: the log is the only truth, and these
rows say only how the bot talks to people about it.

* ``telegram_updates`` — every update received, unique by Telegram's ``update_id`` and by the
  inbox key (``message:<chat>:<message id>`` or ``callback:<query id>``); the update itself is in
  ``inbox``.  ``answered_at`` is set once the bot has answered it, so a restart answers the rest;
  ``lane`` (its chat) and ``claimed_until`` let several processes answer each update once and
  each chat's in order.
* ``telegram_turn_messages`` — per chat and game, the bot's last turn message (to edit it, or to
  edit it down to a one-line record when a newer one is sent), with the version it showed, the
  version the board before it showed (where its record starts) and whether it has buttons.
* ``telegram_players`` — per player: whether pictures come with turn messages, whether old
  boards stay full (``/settings boards=full``), whether they were asked their time zone, and
  whether the
  bot can reach them (set when Telegram answers 403 "blocked" or "chat not found").
* ``telegram_game_chats`` — the group a game was started in, and the last event the group has
  been told about.
* ``telegram_chat_pace`` — per private chat posted to in the last moments: when the bot may post
  there next, shared by the processes that post for one bot (``adapters/sql/telegram_chat_pace.py``);
  pruned after a minute, and erased with the player.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    Index,
    Integer,
    Text,
    UniqueConstraint,
    text,
)
from sqlmodel import Field, SQLModel

from adapters.sql.tables import AUTOINCREMENT, ID, UtcDateTime, auto_id, partial_index


class TelegramUpdateRow(SQLModel, table=True):
    __tablename__ = "telegram_updates"
    __table_args__ = (
        UniqueConstraint("update_id", name="uq_telegram_updates_update_id"),
        UniqueConstraint("key", name="uq_telegram_updates_key"),
        partial_index("ix_telegram_updates_waiting", "id", where="answered_at IS NULL"),
        AUTOINCREMENT,
    )

    id: int | None = auto_id()
    update_id: int = Field(sa_column=Column(BigInteger, nullable=False))
    key: str = Field(sa_column=Column(Text, nullable=False))
    """The update's key in the inbox (source ``telegram``)."""
    received_at: datetime = Field(sa_column=Column(UtcDateTime, nullable=False))
    answered_at: datetime | None = Field(default=None, sa_column=Column(UtcDateTime, nullable=True))
    lane: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    """The update's chat (``chat:<id>``): one chat's updates are answered in order, one at a
    time in all processes (``adapters/telegram/lanes.py``).  None: a lane of its own."""
    claimed_until: datetime | None = Field(
        default=None, sa_column=Column(UtcDateTime, nullable=True)
    )
    """A process is answering the update (and its lane) until then, unless answered sooner."""


class TelegramTurnMessageRow(SQLModel, table=True):
    __tablename__ = "telegram_turn_messages"
    __table_args__ = (Index("ix_telegram_turn_messages_message", "chat_id", "message_id"),)

    chat_id: int = Field(sa_column=Column(BigInteger, primary_key=True))
    game_id: str = Field(sa_column=Column(ID, primary_key=True))
    message_id: int = Field(sa_column=Column(BigInteger, nullable=False))
    version: int = Field(sa_column=Column(Integer, nullable=False))
    since: int | None = Field(default=None, sa_column=Column(Integer, nullable=True))
    """The version the board before it showed: its one-line record tells events after this."""
    buttons: bool = Field(
        default=True, sa_column=Column(Boolean, nullable=False, server_default=text("true"))
    )
    """Whether it was last drawn with buttons (so taking them away would change something)."""


class TelegramPlayerRow(SQLModel, table=True):
    __tablename__ = "telegram_players"

    player_id: str = Field(sa_column=Column(ID, primary_key=True))
    pictures: bool = Field(
        default=False, sa_column=Column(Boolean, nullable=False, server_default=text("false"))
    )
    full_boards: bool = Field(
        default=False, sa_column=Column(Boolean, nullable=False, server_default=text("false"))
    )
    """``/settings boards=full``: old boards keep their table instead of a one-line record."""
    zone_asked: bool = Field(
        default=False, sa_column=Column(Boolean, nullable=False, server_default=text("false"))
    )
    """The player was asked their time zone (``adapters/telegram/zones.py``), once."""
    unreachable_since: datetime | None = Field(
        default=None, sa_column=Column(UtcDateTime, nullable=True)
    )
    unreachable_reason: str | None = Field(default=None, sa_column=Column(Text, nullable=True))


class TelegramGameChatRow(SQLModel, table=True):
    __tablename__ = "telegram_game_chats"

    game_id: str = Field(sa_column=Column(ID, primary_key=True))
    chat_id: int = Field(sa_column=Column(BigInteger, nullable=False))
    told_seq: int = Field(sa_column=Column(Integer, nullable=False))
    """The group has been told every public event up to this one."""


class TelegramChatPaceRow(SQLModel, table=True):
    __tablename__ = "telegram_chat_pace"

    chat_id: int = Field(sa_column=Column(BigInteger, primary_key=True, autoincrement=False))
    free_at: float = Field(sa_column=Column(Float, nullable=False))
    """When (seconds since the epoch) the bot may post in the chat next."""


telegram_updates = SQLModel.metadata.tables["telegram_updates"]
telegram_turn_messages = SQLModel.metadata.tables["telegram_turn_messages"]
telegram_players = SQLModel.metadata.tables["telegram_players"]
telegram_game_chats = SQLModel.metadata.tables["telegram_game_chats"]
telegram_chat_pace = SQLModel.metadata.tables["telegram_chat_pace"]
