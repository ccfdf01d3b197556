"""SQL storage of the game service: the event log, its projections, the inbox, the outbox and the
player directory, and every channel's own tables (a channel keeps the words and decisions, these
stores its rows), on SQLite (the default, one file) or PostgreSQL, with SQLModel tables and
Alembic migrations.  Nothing here connects until a store is used."""
