"""The whole schema: the core tables and every channel's, on one metadata.

The migrations (``migrations/env.py``) and their check compare the database with this.  It is a
module of its own so that the core tables need not import the channels' tables that build on
their column types (which made an import circle).
"""

from __future__ import annotations

from sqlmodel import SQLModel

from adapters.sql import (
    confirmation_tables,
    email_tables,
    notice_tables,
    quota_tables,
    rating_tables,
    review_tables,
    seek_tables,
    tables,
    telegram_tables,
    tournament_tables,
)

TABLE_MODULES = (
    tables,
    email_tables,
    quota_tables,
    rating_tables,
    telegram_tables,
    notice_tables,
    confirmation_tables,
    seek_tables,
    tournament_tables,
    review_tables,
)
"""Each registers its tables on ``SQLModel.metadata`` when imported."""

metadata = SQLModel.metadata
