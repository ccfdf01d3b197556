"""The ``confirmation_codes`` table (rows only; ``adapters/sql/confirmations.py`` reads and writes
it): one pending confirmation code per player, purpose and channel — its keyed hash, never the
code — with when it expires and how many wrong tries it has had (``service/ports/confirmations.py``)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, Integer, String
from sqlmodel import Field, SQLModel

from adapters.sql.tables import ID, UtcDateTime


class ConfirmationCodeRow(SQLModel, table=True):
    __tablename__ = "confirmation_codes"

    player_id: str = Field(sa_column=Column(ID, primary_key=True))
    purpose: str = Field(sa_column=Column(String(16), primary_key=True))
    channel: str = Field(sa_column=Column(String(32), primary_key=True))
    digest: str = Field(sa_column=Column(String(64), nullable=False))
    expires_at: datetime = Field(sa_column=Column(UtcDateTime, nullable=False))
    wrong_tries: int = Field(sa_column=Column(Integer, nullable=False, default=0))


confirmation_codes = SQLModel.metadata.tables["confirmation_codes"]
