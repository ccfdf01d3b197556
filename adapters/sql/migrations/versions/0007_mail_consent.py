"""Mail consent and quotas: proven and never-mail addresses, counted uses of limited things.

Revision ID: 0007
Revises: 0005
Create Date: 2026-12-01

Written by hand from ``email_contacts`` in ``adapters/sql/email_tables.py`` and
``adapters/sql/quota_tables.py`` (issue 24: mail cannot be turned into a spam relay).  Two
nullable columns and a new table, so existing rows need nothing.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

AUTO_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
TIMESTAMP = sa.DateTime(timezone=True)


def upgrade() -> None:
    with op.batch_alter_table("email_contacts") as batch:
        batch.add_column(sa.Column("proven_at", TIMESTAMP, nullable=True))
        batch.add_column(sa.Column("stopped_at", TIMESTAMP, nullable=True))
    op.create_table(
        "quota_uses",
        sa.Column("id", AUTO_ID, primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(400), nullable=False),
        sa.Column("at", TIMESTAMP, nullable=False),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_quota_uses_key_at", "quota_uses", ["key", "at"])


def downgrade() -> None:
    op.drop_index("ix_quota_uses_key_at", table_name="quota_uses")
    op.drop_table("quota_uses")
    with op.batch_alter_table("email_contacts") as batch:
        batch.drop_column("stopped_at")
        batch.drop_column("proven_at")
