"""Erasure: a player's row remembers that they were erased.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01

Written by hand from ``players`` in ``adapters/sql/tables.py`` (issue 25: a player may have
everything held about them erased; their row keeps only the id their finished games name, and
``erased_at`` says they are "a former player").  One nullable column, so existing rows need nothing.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("erased_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.drop_column("erased_at")
