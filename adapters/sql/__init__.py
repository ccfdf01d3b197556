"""SQL storage of the game service: the event log, its projections, the inbox, the outbox and the
player directory, on SQLite (the default, one file) or PostgreSQL, with SQLModel tables and Alembic
migrations.  Nothing here connects until a store is used."""
