"""Confirmation codes: random, hashed, short-lived and single-use (issue 31).

Revision ID: 0019
Revises: 0017
Create Date: 2026-12-07

Written by hand from ``ConfirmationCodeRow`` in ``adapters/sql/confirmation_tables.py``: an
erasure (and ``my data`` by mail to the service's address) is confirmed by a code drawn per
request, kept as a keyed hash with its expiry and its wrong tries, instead of one derived from
the player's id.  A new table, so existing rows need nothing (a code asked for before the upgrade
was never stored: the player asks again).
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0019"
down_revision: str | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "confirmation_codes",
        sa.Column("player_id", sa.String(length=64), nullable=False),
        sa.Column("purpose", sa.String(length=16), nullable=False),
        sa.Column("channel", sa.String(length=32), nullable=False),
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("wrong_tries", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("player_id", "purpose", "channel"),
    )


def downgrade() -> None:
    op.drop_table("confirmation_codes")
