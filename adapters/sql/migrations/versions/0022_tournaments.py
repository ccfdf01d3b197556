"""Tournaments: each tournament's row and its log (issue 37).

Revision ID: 0022
Revises: 0021
Create Date: 2026-12-07

Written by hand from ``adapters/sql/tournament_tables.py``.  New tables only.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision: str = "0022"
down_revision: str | None = "0021"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

ID = sa.String(64)
JSON_DATA = sa.JSON().with_variant(JSONB(), "postgresql")
TIMESTAMP = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("tournament_id", ID, primary_key=True),
        sa.Column("creator", ID, nullable=False),
        sa.Column("created", TIMESTAMP, nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
    )
    op.create_index("ix_tournaments_finished", "tournaments", ["finished"])
    op.create_table(
        "tournament_events",
        sa.Column("tournament_id", ID, primary_key=True),
        sa.Column("seq", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("data", JSON_DATA, nullable=False),
        sa.Column("at", TIMESTAMP, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("tournament_events")
    op.drop_index("ix_tournaments_finished", table_name="tournaments")
    op.drop_table("tournaments")
