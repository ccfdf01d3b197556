"""Mail choices: when an address hears news (at its turn, each move, a daily digest) and whether
in text only.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-02

Written by hand from ``email_contacts`` in ``adapters/sql/email_tables.py`` (issue 21: one mail
per turn).  Three nullable columns, so existing rows keep the defaults.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TIMESTAMP = sa.DateTime(timezone=True)


def upgrade() -> None:
    with op.batch_alter_table("email_contacts") as batch:
        batch.add_column(sa.Column("mail_when", sa.String(8), nullable=True))
        batch.add_column(sa.Column("mail_format", sa.String(8), nullable=True))
        batch.add_column(sa.Column("digest_at", TIMESTAMP, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("email_contacts") as batch:
        batch.drop_column("digest_at")
        batch.drop_column("mail_format")
        batch.drop_column("mail_when")
