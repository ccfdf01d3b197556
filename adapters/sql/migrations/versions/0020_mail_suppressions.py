"""The addresses of erased players, never mailed again, as MACs only.

Revision ID: 0020
Revises: 0017
Create Date: 2026-12-07

Written by hand from ``MailSuppressionRow`` in ``adapters/sql/email_tables.py`` (issue 31: an
erasure removed the address everywhere, so ``new game with`` it mailed the erased person again).
Revises 0017: 0018 and 0019 are taken by work in parallel, and the chain is mended when they meet.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0020"
down_revision: str | None = "0017"
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
