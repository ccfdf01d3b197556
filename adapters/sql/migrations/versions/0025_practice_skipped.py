"""The guided first deal (issue 38): whether a player declined it, so it is not offered again.

Revision ID: 0025
Revises: 0024
Create Date: 2026-12-07

Written by hand from ``players.practice_skipped`` in ``adapters/sql/tables.py``.  One column
with a default, so existing players have declined nothing.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0025"
down_revision: str | None = "0024"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(
            sa.Column("practice_skipped", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.drop_column("practice_skipped")
