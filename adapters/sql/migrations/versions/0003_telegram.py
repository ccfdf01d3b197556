"""The Telegram channel's tables.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30

Written by hand from ``adapters/sql/telegram_tables.py`` (autogenerate finds no difference once
this has run, on SQLite and PostgreSQL): ``telegram_updates`` (received updates, unique by update
id and by inbox key, with when each was answered), ``telegram_turn_messages`` (the bot's last turn
message per chat and game), ``telegram_players`` (pictures on or off, unreachable since when and
why) and ``telegram_game_chats`` (a game's group and how far the group has been told).  New tables
only, so the upgrade touches no existing row.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

AUTO_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
ID = sa.String(64)
TIMESTAMP = sa.DateTime(timezone=True)
WAITING = "answered_at IS NULL"


def upgrade() -> None:
    op.create_table(
        "telegram_updates",
        sa.Column("id", AUTO_ID, primary_key=True, autoincrement=True),
        sa.Column("update_id", sa.BigInteger(), nullable=False),
        sa.Column("key", sa.Text(), nullable=False),
        sa.Column("received_at", TIMESTAMP, nullable=False),
        sa.Column("answered_at", TIMESTAMP, nullable=True),
        sa.UniqueConstraint("update_id", name="uq_telegram_updates_update_id"),
        sa.UniqueConstraint("key", name="uq_telegram_updates_key"),
        sqlite_autoincrement=True,
    )
    op.create_index(
        "ix_telegram_updates_waiting",
        "telegram_updates",
        ["id"],
        sqlite_where=sa.text(WAITING),
        postgresql_where=sa.text(WAITING),
    )
    op.create_table(
        "telegram_turn_messages",
        sa.Column("chat_id", sa.BigInteger(), primary_key=True),
        sa.Column("game_id", ID, primary_key=True),
        sa.Column("message_id", sa.BigInteger(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
    )
    op.create_index(
        "ix_telegram_turn_messages_message", "telegram_turn_messages", ["chat_id", "message_id"]
    )
    op.create_table(
        "telegram_players",
        sa.Column("player_id", ID, primary_key=True),
        sa.Column("pictures", sa.Boolean(), nullable=False, server_default=sa.text("false")),
        sa.Column("unreachable_since", TIMESTAMP, nullable=True),
        sa.Column("unreachable_reason", sa.Text(), nullable=True),
    )
    op.create_table(
        "telegram_game_chats",
        sa.Column("game_id", ID, primary_key=True),
        sa.Column("chat_id", sa.BigInteger(), nullable=False),
        sa.Column("told_seq", sa.Integer(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("telegram_game_chats")
    op.drop_table("telegram_players")
    op.drop_index("ix_telegram_turn_messages_message", table_name="telegram_turn_messages")
    op.drop_table("telegram_turn_messages")
    op.drop_index("ix_telegram_updates_waiting", table_name="telegram_updates")
    op.drop_table("telegram_updates")
