"""The daily digest's claim: which worker is sending an address's digest, until when.

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-02

Written by hand from ``email_contacts`` in ``adapters/sql/email_tables.py`` (issue 21: the daily
digest is sent by the worker, ``adapters/email/digests.py``).  One nullable column; ``digest_at``
keeps its type and now means "the news up to here went out in a digest".
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("email_contacts") as batch:
        batch.add_column(sa.Column("digest_claimed_until", sa.DateTime(timezone=True)))


def downgrade() -> None:
    with op.batch_alter_table("email_contacts") as batch:
        batch.drop_column("digest_claimed_until")
