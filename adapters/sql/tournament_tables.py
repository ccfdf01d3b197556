"""The tournaments' tables (rows only; ``adapters/sql/tournaments.py`` uses them).

* ``tournaments`` — one row per tournament: its creator, when it was created, whether it is
  finished, and its version (how many events it has), which every append moves on under a
  condition: the optimistic-concurrency guard, as a game's summary is for its log.
* ``tournament_events`` — the tournament's log: one row per event, unique by (tournament, seq),
  its name and its data as the tournament codec writes them.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Boolean, Column, Index, Integer, String
from sqlmodel import Field, SQLModel

from adapters.sql.tables import ID, JSON_DATA, UtcDateTime


class TournamentRow(SQLModel, table=True):
    __tablename__ = "tournaments"
    __table_args__ = (Index("ix_tournaments_finished", "finished"),)

    tournament_id: str = Field(sa_column=Column(ID, primary_key=True))
    creator: str = Field(sa_column=Column(ID, nullable=False))
    created: datetime = Field(sa_column=Column(UtcDateTime, nullable=False))
    finished: bool = Field(sa_column=Column(Boolean, nullable=False))
    version: int = Field(sa_column=Column(Integer, nullable=False))


class TournamentEventRow(SQLModel, table=True):
    __tablename__ = "tournament_events"

    tournament_id: str = Field(sa_column=Column(ID, primary_key=True))
    seq: int = Field(sa_column=Column(Integer, primary_key=True))
    name: str = Field(sa_column=Column(String(64), nullable=False))
    data: dict[str, Any] = Field(sa_column=Column(JSON_DATA, nullable=False))
    at: datetime = Field(sa_column=Column(UtcDateTime, nullable=False))


tournaments = SQLModel.metadata.tables["tournaments"]
tournament_events = SQLModel.metadata.tables["tournament_events"]
