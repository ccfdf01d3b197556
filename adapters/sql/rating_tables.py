"""The ratings projection's tables (rows only; ``adapters/sql/ratings.py`` reads and writes them).

* ``rating_standings`` — one row per player: the standing as JSON, its rating and rated games
  beside it for the leaderboard's order.
* ``rating_games`` — one row per counted game, its id the key: a game is counted once.
* ``rating_position`` — one row: the log position the projection has folded up to; the follower
  locks it for its transaction.
* ``profile_choices`` — a player's public profile and place on the leaderboard: the player's own
  choice, not part of the projection, so a rebuild keeps it.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import BigInteger, Boolean, Column, Float, Index, Integer
from sqlmodel import Field, SQLModel

from adapters.sql.tables import ID, JSON_DATA


class RatingStandingRow(SQLModel, table=True):
    __tablename__ = "rating_standings"
    __table_args__ = (Index("ix_rating_standings_rating", "rating"),)

    player: str = Field(sa_column=Column(ID, primary_key=True))
    rating: float = Field(sa_column=Column(Float, nullable=False))
    rated_games: int = Field(sa_column=Column(Integer, nullable=False))
    data: dict[str, Any] = Field(sa_column=Column(JSON_DATA, nullable=False))


class RatingGameRow(SQLModel, table=True):
    __tablename__ = "rating_games"

    game_id: str = Field(sa_column=Column(ID, primary_key=True))
    position: int = Field(sa_column=Column(BigInteger, nullable=False))
    data: dict[str, Any] = Field(sa_column=Column(JSON_DATA, nullable=False))


class RatingPositionRow(SQLModel, table=True):
    __tablename__ = "rating_position"

    id: int = Field(sa_column=Column(Integer, primary_key=True))
    position: int = Field(sa_column=Column(BigInteger, nullable=False))


class ProfileChoiceRow(SQLModel, table=True):
    __tablename__ = "profile_choices"

    player: str = Field(sa_column=Column(ID, primary_key=True))
    public: bool = Field(sa_column=Column(Boolean, nullable=False))
    listed: bool = Field(sa_column=Column(Boolean, nullable=False))


rating_standings = SQLModel.metadata.tables["rating_standings"]
rating_games = SQLModel.metadata.tables["rating_games"]
rating_position = SQLModel.metadata.tables["rating_position"]
profile_choices = SQLModel.metadata.tables["profile_choices"]
