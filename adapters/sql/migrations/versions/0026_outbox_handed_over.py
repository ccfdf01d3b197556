"""When each notification was handed over, and by which channel (issue 35).

Revision ID: 0026
Revises: 0025
Create Date: 2026-12-07

Written by hand from ``OutboxRow`` in ``adapters/sql/tables.py``: ``delivered_at`` and
``channel``, set when a dispatcher records a notification delivered (``SqlOutbox.delivered``),
so the time from a move's append (``created_at``) to its hand-over to the player's channel is
read from the outbox itself: the soak and the notification bench report it per channel.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0026"
down_revision: str | None = "0025"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("outbox", sa.Column("delivered_at", sa.DateTime(timezone=True), nullable=True))
    op.add_column("outbox", sa.Column("channel", sa.String(16), nullable=True))


def downgrade() -> None:
    op.drop_column("outbox", "channel")
    op.drop_column("outbox", "delivered_at")
