"""The reviews' tables (issue 38; rows only, ``adapters/sql/reviews.py`` uses them).

* ``reviews`` — one row per ended game and person who played it: their reviewed decisions as
  JSON (``ports.reviews.ReviewStep``: the move's event number, the move, the better one, the
  loss, the mark).  Kept once: the key is the game and the player.
* ``review_position`` — one row: the log position of the last ended match reviewed.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import BigInteger, Column, Integer
from sqlmodel import Field, SQLModel

from adapters.sql.tables import ID, JSON_DATA


class ReviewRow(SQLModel, table=True):
    __tablename__ = "reviews"

    game_id: str = Field(sa_column=Column(ID, primary_key=True))
    player: str = Field(sa_column=Column(ID, primary_key=True))
    steps: list[Any] = Field(sa_column=Column(JSON_DATA, nullable=False))


class ReviewPositionRow(SQLModel, table=True):
    __tablename__ = "review_position"

    id: int = Field(sa_column=Column(Integer, primary_key=True))
    position: int = Field(sa_column=Column(BigInteger, nullable=False))


reviews = SQLModel.metadata.tables["reviews"]
review_position = SQLModel.metadata.tables["review_position"]
