"""Telegram lanes: each stored update's chat, and a claim while one process answers it; and
whether a player was asked their time zone.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-02

Written by hand from ``adapters/sql/telegram_tables.py`` (issue 21: Telegram at full speed).
Added columns only: an update stored before has no lane and is a lane of its own (its key), and
no claim; a player known before was not asked their time zone.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("telegram_updates") as batch:
        batch.add_column(sa.Column("lane", sa.Text(), nullable=True))
        batch.add_column(sa.Column("claimed_until", sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table("telegram_players") as batch:
        batch.add_column(
            sa.Column("zone_asked", sa.Boolean(), nullable=False, server_default=sa.text("false"))
        )


def downgrade() -> None:
    with op.batch_alter_table("telegram_players") as batch:
        batch.drop_column("zone_asked")
    with op.batch_alter_table("telegram_updates") as batch:
        batch.drop_column("claimed_until")
        batch.drop_column("lane")
