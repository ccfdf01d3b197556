"""Deadlines, reminders and the outbox dispatcher; players' clock settings and vacations.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29

Written by hand from ``adapters/sql/tables.py`` (reviewed against autogenerate, which finds no
difference on SQLite or PostgreSQL once this has run):

* ``game_summaries``: the current decision's deadline (``due_at``) and next reminder time
  (``next_reminder_at``), both derived from the log by every append, and the workers' claims on
  them (``deadline_claimed_until``, ``reminder_claimed_until``), which appends never write.  The
  indexes ``(status, due_at)`` and ``(status, next_reminder_at)`` serve the claims: playing games,
  oldest time first.
* ``outbox``: ``kind`` (``moves`` for every row written so far, or ``reminder``) and a dispatcher's
  claim (``claimed_until``).  Failures go to the existing ``last_error``.  The claim of due rows
  uses the existing ``ix_outbox_due (status, next_attempt_at)``; the new partial index on
  ``game_id`` holds only pending reminders, the rows every append marks superseded.
* ``players``: ``quiet_hours`` (text, empty for none), ``reminders`` (a JSON list, by default
  ``["half", "1h"]``) and ``vacation_days`` (a year's allowance, 14); existing players get the
  defaults.
* ``vacations``: one row per vacation, ``(player_id, start, end)``.

Only columns are added (``ALTER TABLE … ADD COLUMN``, which SQLite supports with a constant
default), so the upgrade rewrites no table.  The downgrade drops them again with
``ALTER TABLE … DROP COLUMN`` (SQLite 3.35 and later, once the indexes naming them are gone), not
in batch mode: copying the tables would lose their ``AUTOINCREMENT``.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

AUTO_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
JSON_DATA = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
ID = sa.String(64)
TIMESTAMP = sa.DateTime(timezone=True)
PENDING_REMINDERS = "kind = 'reminder' AND status = 'pending'"


def upgrade() -> None:
    op.add_column("game_summaries", sa.Column("due_at", TIMESTAMP, nullable=True))
    op.add_column("game_summaries", sa.Column("next_reminder_at", TIMESTAMP, nullable=True))
    op.add_column("game_summaries", sa.Column("deadline_claimed_until", TIMESTAMP, nullable=True))
    op.add_column("game_summaries", sa.Column("reminder_claimed_until", TIMESTAMP, nullable=True))
    op.create_index("ix_game_summaries_due", "game_summaries", ["status", "due_at"])
    op.create_index("ix_game_summaries_reminder", "game_summaries", ["status", "next_reminder_at"])

    op.add_column(
        "outbox",
        sa.Column("kind", sa.String(16), nullable=False, server_default=sa.text("'moves'")),
    )
    op.add_column("outbox", sa.Column("claimed_until", TIMESTAMP, nullable=True))
    op.create_index(
        "ix_outbox_pending_reminders",
        "outbox",
        ["game_id"],
        sqlite_where=sa.text(PENDING_REMINDERS),
        postgresql_where=sa.text(PENDING_REMINDERS),
    )

    op.add_column(
        "players",
        sa.Column("quiet_hours", sa.Text(), nullable=False, server_default=sa.text("''")),
    )
    op.add_column(
        "players",
        sa.Column(
            "reminders", JSON_DATA, nullable=False, server_default=sa.text("""'["half", "1h"]'""")
        ),
    )
    op.add_column(
        "players",
        sa.Column("vacation_days", sa.Integer(), nullable=False, server_default=sa.text("14")),
    )

    op.create_table(
        "vacations",
        sa.Column("id", AUTO_ID, primary_key=True, autoincrement=True),
        sa.Column("player_id", ID, sa.ForeignKey("players.id"), nullable=False),
        sa.Column("start", TIMESTAMP, nullable=False),
        sa.Column("end", TIMESTAMP, nullable=False),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_vacations_player_start", "vacations", ["player_id", "start"])


def downgrade() -> None:
    op.drop_index("ix_vacations_player_start", table_name="vacations")
    op.drop_table("vacations")
    op.drop_column("players", "vacation_days")
    op.drop_column("players", "reminders")
    op.drop_column("players", "quiet_hours")
    op.drop_index("ix_outbox_pending_reminders", table_name="outbox")
    op.drop_column("outbox", "claimed_until")
    op.drop_column("outbox", "kind")
    op.drop_index("ix_game_summaries_reminder", table_name="game_summaries")
    op.drop_index("ix_game_summaries_due", table_name="game_summaries")
    op.drop_column("game_summaries", "reminder_claimed_until")
    op.drop_column("game_summaries", "deadline_claimed_until")
    op.drop_column("game_summaries", "next_reminder_at")
    op.drop_column("game_summaries", "due_at")
