"""The reminders a decision has had, counted in its game's summary; the outbox's claimed rows
indexed (issue 35).

Revision ID: 0023
Revises: 0022
Create Date: 2026-12-07

Written by hand from ``GameSummaryRow`` in ``adapters/sql/tables.py``: ``reminders_sent`` and
``last_reminder_id``, written by the worker's reminder round only (``claims.remind``), so a pause,
an extension or a vacation no longer sends a decision's reminder again; and the partial index
``ix_outbox_claimed`` of ``OutboxRow``, by which a claim finds the players another claim
holds.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0023"
down_revision: str | None = "0022"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.add_column("game_summaries", sa.Column("reminders_sent", sa.Integer(), nullable=True))
    op.add_column("game_summaries", sa.Column("last_reminder_id", ID, nullable=True))
    claimed = sa.text("claimed_until IS NOT NULL")
    op.create_index(
        "ix_outbox_claimed",
        "outbox",
        ["claimed_until"],
        sqlite_where=claimed,
        postgresql_where=claimed,
    )


def downgrade() -> None:
    op.drop_index("ix_outbox_claimed", table_name="outbox")
    op.drop_column("game_summaries", "last_reminder_id")
    op.drop_column("game_summaries", "reminders_sent")
