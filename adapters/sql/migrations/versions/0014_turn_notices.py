"""Turn notices for web players: Web Push subscriptions, a confirmed notice address, and which
notice went to which target.

Revision ID: 0014
Revises: 0012
Create Date: 2026-12-02

Written by hand from ``adapters/sql/notice_tables.py`` (issue 17, item 7).  New tables only.  It follows 0012: the number 0013 was held for
talk at the table (issue 20), which keeps everything in the games' logs and needed no table.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

AUTO_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
TIMESTAMP = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "notice_push",
        sa.Column("id", AUTO_ID, primary_key=True, autoincrement=True),
        sa.Column("player", sa.String(64), nullable=False),
        sa.Column("endpoint", sa.String(1000), nullable=False),
        sa.Column("p256dh", sa.String(200), nullable=False),
        sa.Column("auth", sa.String(100), nullable=False),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.UniqueConstraint("endpoint", name="uq_notice_push_endpoint"),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_notice_push_player", "notice_push", ["player"])
    op.create_table(
        "notice_mail",
        sa.Column("player", sa.String(64), primary_key=True),
        sa.Column("address", sa.String(320), nullable=False),
        sa.Column("asked_at", TIMESTAMP, nullable=False),
        sa.Column("confirmed_at", TIMESTAMP, nullable=True),
    )
    op.create_table(
        "notices_sent",
        sa.Column("player", sa.String(64), nullable=False),
        sa.Column("game_id", sa.String(64), nullable=False),
        sa.Column("to_seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("target", sa.String(40), nullable=False),
        sa.Column("sent_at", TIMESTAMP, nullable=False),
        sa.PrimaryKeyConstraint(
            "player", "game_id", "to_seq", "kind", "target", name="pk_notices_sent"
        ),
    )


def downgrade() -> None:
    op.drop_table("notices_sent")
    op.drop_table("notice_mail")
    op.drop_index("ix_notice_push_player", table_name="notice_push")
    op.drop_table("notice_push")
