"""The ``quota_uses`` table (rows only; ``adapters/sql/quotas.py`` reads and writes it): one row
per counted use of a limited thing — an invitation, a confirmation mail, a web client's new game —
under a key naming what and who, with its time (``service/ports/quotas.py``)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, Index, String
from sqlmodel import Field, SQLModel

from adapters.sql.tables import AUTOINCREMENT, UtcDateTime, auto_id


class QuotaUseRow(SQLModel, table=True):
    __tablename__ = "quota_uses"
    __table_args__ = (Index("ix_quota_uses_key_at", "key", "at"), AUTOINCREMENT)

    id: int | None = auto_id()
    key: str = Field(sa_column=Column(String(400), nullable=False))
    at: datetime = Field(sa_column=Column(UtcDateTime, nullable=False))


quota_uses = SQLModel.metadata.tables["quota_uses"]
