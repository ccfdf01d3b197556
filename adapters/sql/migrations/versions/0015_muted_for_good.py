"""Muting "for good": the players whose messages a player never hears, in any game.

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-02

Written by hand from ``players.muted`` in ``adapters/sql/tables.py`` (issue 20: mute the
opponent's messages per game or for good).  One column with a default, so existing players
have muted nobody.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

JSON_DATA = sa.JSON().with_variant(JSONB(), "postgresql")


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(
            sa.Column("muted", JSON_DATA, nullable=False, server_default=sa.text("'[]'"))
        )


def downgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.drop_column("muted")
