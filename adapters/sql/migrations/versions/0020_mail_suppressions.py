"""The addresses of erased players, never mailed again, as MACs only.

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-07

Written by hand from ``MailSuppressionRow`` in ``adapters/sql/email_tables.py`` (issue 31: an
erasure removed the address everywhere, so ``new game with`` it mailed the erased person again).
Written off 0017 while 0018 and 0019 were taken by work in parallel; chained after 0019 once
that was merged.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0020"
down_revision: str | None = "0019"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TIMESTAMP = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "mail_suppressions",
        sa.Column("mac", sa.String(length=64), nullable=False),
        sa.Column("since", TIMESTAMP, nullable=False),
        sa.PrimaryKeyConstraint("mac"),
    )


def downgrade() -> None:
    op.drop_table("mail_suppressions")
