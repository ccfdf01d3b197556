"""The first schema: event log, game summaries, inbox, outbox, players and addresses.

Revision ID: 0001
Revises:
Create Date: 2026-11-29

Written by hand from ``adapters/sql/tables.py`` (reviewed against autogenerate): the types spelled
as there, ``sqlite_autoincrement`` so positions and ids are never reused, and named constraints.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

AUTO_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
JSON_DATA = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
ID = sa.String(64)
TIMESTAMP = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "events",
        sa.Column("position", AUTO_ID, primary_key=True, autoincrement=True),
        sa.Column("game_id", ID, nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("schema_version", sa.Integer(), nullable=False),
        sa.Column("data", JSON_DATA, nullable=False),
        sa.Column("at", TIMESTAMP, nullable=False),
        sa.UniqueConstraint("game_id", "seq", name="uq_events_game_seq"),
        sqlite_autoincrement=True,
    )
    op.create_table(
        "game_summaries",
        sa.Column("game_id", ID, primary_key=True),
        sa.Column("first_player", ID, nullable=True),
        sa.Column("second_player", ID, nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("to_act", ID, nullable=True),
        sa.Column("since", TIMESTAMP, nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("invitation", ID, nullable=True),
        sa.Column("invitation_code", ID, nullable=True),
        sa.UniqueConstraint("invitation_code", name="uq_game_summaries_invitation_code"),
    )
    op.create_index("ix_game_summaries_first_player", "game_summaries", ["first_player", "since"])
    op.create_index("ix_game_summaries_second_player", "game_summaries", ["second_player", "since"])
    op.create_table(
        "inbox",
        sa.Column("id", AUTO_ID, primary_key=True, autoincrement=True),
        sa.Column("source", sa.String(32), nullable=False),
        sa.Column("key", sa.Text(), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("received_at", TIMESTAMP, nullable=False),
        sa.Column("reply", sa.Text(), nullable=True),
        sa.Column("completed_at", TIMESTAMP, nullable=True),
        sa.UniqueConstraint("source", "key", name="uq_inbox_source_key"),
        sqlite_autoincrement=True,
    )
    op.create_index(
        "ix_inbox_pending",
        "inbox",
        ["received_at"],
        sqlite_where=sa.text("reply IS NULL"),
        postgresql_where=sa.text("reply IS NULL"),
    )
    op.create_table(
        "outbox",
        sa.Column("id", AUTO_ID, primary_key=True, autoincrement=True),
        sa.Column("player", ID, nullable=False),
        sa.Column("game_id", ID, nullable=False),
        sa.Column("from_seq", sa.Integer(), nullable=False),
        sa.Column("to_seq", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_attempt_at", TIMESTAMP, nullable=False),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.Column("last_error", sa.Text(), nullable=True),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_outbox_due", "outbox", ["status", "next_attempt_at"])
    op.create_table(
        "players",
        sa.Column("id", ID, primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("language", sa.String(16), nullable=False),
        sa.Column("timezone", sa.String(64), nullable=False),
    )
    op.create_table(
        "addresses",
        sa.Column("id", AUTO_ID, primary_key=True, autoincrement=True),
        sa.Column("channel", sa.String(32), nullable=False),
        sa.Column("value", sa.String(320), nullable=False),
        sa.Column("player_id", ID, sa.ForeignKey("players.id"), nullable=False),
        sa.UniqueConstraint("channel", "value", name="uq_addresses_channel_value"),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_addresses_player_id", "addresses", ["player_id"])


def downgrade() -> None:
    op.drop_index("ix_addresses_player_id", table_name="addresses")
    op.drop_table("addresses")
    op.drop_table("players")
    op.drop_index("ix_outbox_due", table_name="outbox")
    op.drop_table("outbox")
    op.drop_index("ix_inbox_pending", table_name="inbox")
    op.drop_table("inbox")
    op.drop_index("ix_game_summaries_second_player", table_name="game_summaries")
    op.drop_index("ix_game_summaries_first_player", table_name="game_summaries")
    op.drop_table("game_summaries")
    op.drop_table("events")
