"""A chat's second shared by the processes that post for one bot.

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-02

Written by hand from ``TelegramChatPaceRow`` in ``adapters/sql/telegram_tables.py`` (issue 21:
the Telegram process and the worker each kept a chat's second to themselves, and now and then
posted into one chat within a second, which Telegram refuses with 429).
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0017"
down_revision: str | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "telegram_chat_pace",
        sa.Column("chat_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("free_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("chat_id"),
    )


def downgrade() -> None:
    op.drop_table("telegram_chat_pace")
