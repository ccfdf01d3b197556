"""The email channel: reply threads, inbound messages and their mailbox UIDs, contacts, link codes.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-30

Written by hand from ``adapters/sql/email_tables.py`` (autogenerate finds no difference once this
has run).  New tables only.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

AUTO_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
ID = sa.String(64)
TIMESTAMP = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "email_threads",
        sa.Column("id", AUTO_ID, primary_key=True, autoincrement=True),
        sa.Column("game_id", ID, nullable=False),
        sa.Column("player_id", ID, nullable=False),
        sa.UniqueConstraint("game_id", "player_id", name="uq_email_threads_game_player"),
        sqlite_autoincrement=True,
    )
    op.create_table(
        "email_messages",
        sa.Column("id", AUTO_ID, primary_key=True, autoincrement=True),
        sa.Column("key", sa.Text(), nullable=False),
        sa.Column("raw", sa.Text(), nullable=False),
        sa.Column("envelope", sa.Text(), nullable=False),
        sa.Column("received_at", TIMESTAMP, nullable=False),
        sa.Column("done_at", TIMESTAMP, nullable=True),
        sa.Column("outcome", sa.Text(), nullable=True),
        sa.UniqueConstraint("key", name="uq_email_messages_key"),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_email_messages_waiting", "email_messages", ["done_at", "id"])
    op.create_table(
        "email_uids",
        sa.Column("id", AUTO_ID, primary_key=True, autoincrement=True),
        sa.Column("mailbox", sa.String(320), nullable=False),
        sa.Column("uidvalidity", sa.BigInteger(), nullable=False),
        sa.Column("uid", sa.BigInteger(), nullable=False),
        sa.Column("message_key", sa.Text(), nullable=False),
        sa.UniqueConstraint("mailbox", "uidvalidity", "uid", name="uq_email_uids_mailbox_uid"),
        sqlite_autoincrement=True,
    )
    op.create_table(
        "email_contacts",
        sa.Column("address", sa.String(320), primary_key=True),
        sa.Column("unreachable_since", TIMESTAMP, nullable=True),
        sa.Column("unreachable_reason", sa.Text(), nullable=True),
        sa.Column("error_reply_at", TIMESTAMP, nullable=True),
    )
    op.create_table(
        "link_codes",
        sa.Column("code", sa.String(64), primary_key=True),
        sa.Column("player_id", ID, nullable=False),
        sa.Column("channel", sa.String(32), nullable=False),
        sa.Column("value", sa.String(320), nullable=False),
        sa.Column("expires_at", TIMESTAMP, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("link_codes")
    op.drop_table("email_contacts")
    op.drop_table("email_uids")
    op.drop_index("ix_email_messages_waiting", table_name="email_messages")
    op.drop_table("email_messages")
    op.drop_table("email_threads")
