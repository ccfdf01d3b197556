"""The tables of turn notices for web players (``adapters/sql/notices.py`` reads and writes them).

* ``notice_push`` — the browsers a player asked to be told in by Web Push: each subscription's
  endpoint (unique: a browser subscribes once, whoever it belongs to last) and its keys.
* ``notice_mail`` — the one address a player asked to be told at, and since when it is confirmed
  (the link in the confirmation mail was used); none is written to before that.
* ``notices_sent`` — which notice went to which target (``mail`` or ``push:<endpoint id>``), so a
  notification tried again after one target failed tells each target once.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, Integer, PrimaryKeyConstraint, String, UniqueConstraint
from sqlmodel import Field, SQLModel

from adapters.sql.tables import AUTO_ID, ID, UtcDateTime


class NoticePushRow(SQLModel, table=True):
    __tablename__ = "notice_push"
    __table_args__ = (
        UniqueConstraint("endpoint", name="uq_notice_push_endpoint"),
        {"sqlite_autoincrement": True},
    )

    id: int | None = Field(
        default=None, sa_column=Column(AUTO_ID, primary_key=True, autoincrement=True)
    )
    player: str = Field(sa_column=Column(ID, nullable=False, index=True))
    endpoint: str = Field(sa_column=Column(String(1000), nullable=False))
    p256dh: str = Field(sa_column=Column(String(200), nullable=False))
    auth: str = Field(sa_column=Column(String(100), nullable=False))
    created_at: datetime = Field(sa_column=Column(UtcDateTime, nullable=False))


class NoticeMailRow(SQLModel, table=True):
    __tablename__ = "notice_mail"

    player: str = Field(sa_column=Column(ID, primary_key=True))
    address: str = Field(sa_column=Column(String(320), nullable=False))
    asked_at: datetime = Field(sa_column=Column(UtcDateTime, nullable=False))
    confirmed_at: datetime | None = Field(
        default=None, sa_column=Column(UtcDateTime, nullable=True)
    )


class NoticeSentRow(SQLModel, table=True):
    __tablename__ = "notices_sent"
    __table_args__ = (
        PrimaryKeyConstraint(
            "player", "game_id", "to_seq", "kind", "target", name="pk_notices_sent"
        ),
    )

    player: str = Field(sa_column=Column(ID, nullable=False))
    game_id: str = Field(sa_column=Column(ID, nullable=False))
    to_seq: int = Field(sa_column=Column(Integer, nullable=False))
    kind: str = Field(sa_column=Column(String(16), nullable=False))
    target: str = Field(sa_column=Column(String(40), nullable=False))
    sent_at: datetime = Field(sa_column=Column(UtcDateTime, nullable=False))


notice_push = SQLModel.metadata.tables["notice_push"]
notice_mail = SQLModel.metadata.tables["notice_mail"]
notices_sent = SQLModel.metadata.tables["notices_sent"]
