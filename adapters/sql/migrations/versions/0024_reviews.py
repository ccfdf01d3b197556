"""The reviews after a game (issue 38): each person's reviewed decisions per ended game, and the
log position the reviewing worker has reached.

Revision ID: 0024
Revises: 0023
Create Date: 2026-12-07

Written by hand from ``adapters/sql/review_tables.py``.  New tables only; the worker fills them
from the log.  Named apart from the 0022 another branch (tourney-core) may take: to be chained
after it, with a number of its own, when both are merged.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision: str = "0024"
down_revision: str | None = "0023"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

ID = sa.String(64)
JSON_DATA = sa.JSON().with_variant(JSONB(), "postgresql")


def upgrade() -> None:
    op.create_table(
        "reviews",
        sa.Column("game_id", ID, primary_key=True),
        sa.Column("player", ID, primary_key=True),
        sa.Column("steps", JSON_DATA, nullable=False),
    )
    op.create_table(
        "review_position",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("position", sa.BigInteger(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("review_position")
    op.drop_table("reviews")
