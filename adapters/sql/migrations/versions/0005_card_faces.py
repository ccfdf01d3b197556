"""Each player's card faces: the deck (French or Spanish) they read and type cards in.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-29

Written by hand from ``PlayerRow.card_faces`` in ``adapters/sql/tables.py``.  One column with a
server default, so existing players keep each game's own faces.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(
            sa.Column("card_faces", sa.String(16), nullable=False, server_default=sa.text("''"))
        )


def downgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.drop_column("card_faces")
