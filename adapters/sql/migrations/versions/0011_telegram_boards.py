"""Telegram boards: what an old board's one-line record covers, whether it still has buttons,
and a player's choice of full boards.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-01

Written by hand from ``adapters/sql/telegram_tables.py`` (issue 21: a tidy chat with one live
board).  Added columns only, with defaults, so existing rows need nothing: an old turn message
without ``since`` is recorded from the version it shows.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("telegram_turn_messages") as batch:
        batch.add_column(sa.Column("since", sa.Integer(), nullable=True))
        batch.add_column(
            sa.Column("buttons", sa.Boolean(), nullable=False, server_default=sa.text("true"))
        )
    with op.batch_alter_table("telegram_players") as batch:
        batch.add_column(
            sa.Column("full_boards", sa.Boolean(), nullable=False, server_default=sa.text("false"))
        )


def downgrade() -> None:
    with op.batch_alter_table("telegram_players") as batch:
        batch.drop_column("full_boards")
    with op.batch_alter_table("telegram_turn_messages") as batch:
        batch.drop_column("buttons")
        batch.drop_column("since")
