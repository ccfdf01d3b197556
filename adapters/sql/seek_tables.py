"""The lobby's tables (rows only; ``adapters/sql/seeks.py`` and ``reliability.py`` use them).

* ``seeks`` — one row per seek: its terms and whom it admits as JSON (the terms as the
  ``GameOpened`` the accepted seek appends, through the log's codec), its times, its status and
  its taker.  Accepting is one conditional update of the row.
* ``pairing_pool`` — one row per waiting player; ``pair_key`` once the pairing has paired them,
  until their game is opened.
* ``reliability``, ``reliability_games``, ``reliability_position`` — the reliability projection:
  each player's counts, each counted game under its id (counted once), and the log position the
  follower has folded up to (locked for its transaction).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, Column, Float, Index, Integer, String
from sqlmodel import Field, SQLModel

from adapters.sql.tables import ID, JSON_DATA, UtcDateTime


class SeekRow(SQLModel, table=True):
    __tablename__ = "seeks"
    __table_args__ = (
        Index("ix_seeks_status_expires", "status", "expires"),
        Index("ix_seeks_owner", "owner"),
    )

    seek_id: str = Field(sa_column=Column(ID, primary_key=True))
    owner: str = Field(sa_column=Column(ID, nullable=False))
    terms: dict[str, Any] = Field(sa_column=Column(JSON_DATA, nullable=False))
    wanted: dict[str, Any] = Field(sa_column=Column(JSON_DATA, nullable=False))
    published: datetime = Field(sa_column=Column(UtcDateTime, nullable=False))
    expires: datetime = Field(sa_column=Column(UtcDateTime, nullable=False))
    status: str = Field(sa_column=Column(String(16), nullable=False))
    taker: str | None = Field(default=None, sa_column=Column(ID, nullable=True))


class PairingPoolRow(SQLModel, table=True):
    __tablename__ = "pairing_pool"
    __table_args__ = (Index("ix_pairing_pool_pair_key", "pair_key"),)

    player: str = Field(sa_column=Column(ID, primary_key=True))
    terms: dict[str, Any] = Field(sa_column=Column(JSON_DATA, nullable=False))
    wanted: dict[str, Any] = Field(sa_column=Column(JSON_DATA, nullable=False))
    rating: float = Field(sa_column=Column(Float, nullable=False))
    reliability: int | None = Field(default=None, sa_column=Column(Integer, nullable=True))
    since: datetime = Field(sa_column=Column(UtcDateTime, nullable=False))
    pair_key: str | None = Field(default=None, sa_column=Column(String(200), nullable=True))


class ReliabilityRow(SQLModel, table=True):
    __tablename__ = "reliability"

    player: str = Field(sa_column=Column(ID, primary_key=True))
    finished: int = Field(sa_column=Column(Integer, nullable=False))
    lost_on_time: int = Field(sa_column=Column(Integer, nullable=False))
    abandoned: int = Field(sa_column=Column(Integer, nullable=False))


class ReliabilityGameRow(SQLModel, table=True):
    __tablename__ = "reliability_games"

    game_id: str = Field(sa_column=Column(ID, primary_key=True))
    position: int = Field(sa_column=Column(BigInteger, nullable=False))


class ReliabilityPositionRow(SQLModel, table=True):
    __tablename__ = "reliability_position"

    id: int = Field(sa_column=Column(Integer, primary_key=True))
    position: int = Field(sa_column=Column(BigInteger, nullable=False))


seeks = SQLModel.metadata.tables["seeks"]
pairing_pool = SQLModel.metadata.tables["pairing_pool"]
reliability = SQLModel.metadata.tables["reliability"]
reliability_games = SQLModel.metadata.tables["reliability_games"]
reliability_position = SQLModel.metadata.tables["reliability_position"]
