"""Ratings: the projection's standings, counted games and position; players' profile choices.

Revision ID: 0009
Revises: 0007
Create Date: 2026-12-01

Written by hand from ``adapters/sql/rating_tables.py`` (issue 19).  New tables only; the
projection fills itself from the log (``conquian ratings rebuild``, or the worker's follower).
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

ID = sa.String(64)
JSON_DATA = sa.JSON().with_variant(JSONB(), "postgresql")


def upgrade() -> None:
    op.create_table(
        "rating_standings",
        sa.Column("player", ID, primary_key=True),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("rated_games", sa.Integer(), nullable=False),
        sa.Column("data", JSON_DATA, nullable=False),
    )
    op.create_index("ix_rating_standings_rating", "rating_standings", ["rating"])
    op.create_table(
        "rating_games",
        sa.Column("game_id", ID, primary_key=True),
        sa.Column("position", sa.BigInteger(), nullable=False),
        sa.Column("data", JSON_DATA, nullable=False),
    )
    op.create_table(
        "rating_position",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("position", sa.BigInteger(), nullable=False),
    )
    op.create_table(
        "profile_choices",
        sa.Column("player", ID, primary_key=True),
        sa.Column("public", sa.Boolean(), nullable=False),
        sa.Column("listed", sa.Boolean(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("profile_choices")
    op.drop_table("rating_position")
    op.drop_table("rating_games")
    op.drop_index("ix_rating_standings_rating", table_name="rating_standings")
    op.drop_table("rating_standings")
