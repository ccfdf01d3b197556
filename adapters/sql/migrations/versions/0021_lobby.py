"""The lobby: seeks, the pairing pool and the reliability projection (issue 36).

Revision ID: 0021
Revises: 0020
Create Date: 2026-12-07

Written by hand from ``adapters/sql/seek_tables.py``.  New tables only; the reliability fills
itself from the log (the worker's follower, or a rebuild).  Written off 0020 while 0021 and 0022
are taken by work in parallel; to be chained after 0022 once that is merged.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision: str = "0021"
down_revision: str | None = "0020"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

ID = sa.String(64)
JSON_DATA = sa.JSON().with_variant(JSONB(), "postgresql")
TIMESTAMP = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "seeks",
        sa.Column("seek_id", ID, primary_key=True),
        sa.Column("owner", ID, nullable=False),
        sa.Column("terms", JSON_DATA, nullable=False),
        sa.Column("wanted", JSON_DATA, nullable=False),
        sa.Column("published", TIMESTAMP, nullable=False),
        sa.Column("expires", TIMESTAMP, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("taker", ID, nullable=True),
    )
    op.create_index("ix_seeks_status_expires", "seeks", ["status", "expires"])
    op.create_index("ix_seeks_owner", "seeks", ["owner"])
    op.create_table(
        "pairing_pool",
        sa.Column("player", ID, primary_key=True),
        sa.Column("terms", JSON_DATA, nullable=False),
        sa.Column("wanted", JSON_DATA, nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("reliability", sa.Integer(), nullable=True),
        sa.Column("since", TIMESTAMP, nullable=False),
        sa.Column("pair_key", sa.String(200), nullable=True),
    )
    op.create_index("ix_pairing_pool_pair_key", "pairing_pool", ["pair_key"])
    op.create_table(
        "reliability",
        sa.Column("player", ID, primary_key=True),
        sa.Column("finished", sa.Integer(), nullable=False),
        sa.Column("lost_on_time", sa.Integer(), nullable=False),
        sa.Column("abandoned", sa.Integer(), nullable=False),
    )
    op.create_table(
        "reliability_games",
        sa.Column("game_id", ID, primary_key=True),
        sa.Column("position", sa.BigInteger(), nullable=False),
    )
    op.create_table(
        "reliability_position",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("position", sa.BigInteger(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("reliability_position")
    op.drop_table("reliability_games")
    op.drop_table("reliability")
    op.drop_index("ix_pairing_pool_pair_key", table_name="pairing_pool")
    op.drop_table("pairing_pool")
    op.drop_index("ix_seeks_owner", table_name="seeks")
    op.drop_index("ix_seeks_status_expires", table_name="seeks")
    op.drop_table("seeks")
