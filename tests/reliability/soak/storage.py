"""What the soak's database holds at the end, in bytes per table (its indexes included), so that
its growth per move can be read off (issue 25): the event log and its indexes are the floor, and
with retention the working rows (inbox, outbox, stored mail, Telegram updates) stay near it."""

from __future__ import annotations

from sqlalchemy import Engine, text

LOG = ("events",)
"""The event log; everything else is projections, the directory and working rows."""


def table_bytes(engine: Engine) -> dict[str, int]:
    """Bytes in use per table, its indexes counted with it (SQLite: live pages, from ``dbstat``;
    PostgreSQL: ``pg_total_relation_size``, dead rows not yet vacuumed included)."""
    with engine.connect() as connection:
        if engine.dialect.name == "postgresql":
            rows = connection.execute(
                text(
                    "SELECT relname, pg_total_relation_size(oid) FROM pg_class"
                    " WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace"
                )
            ).all()
            return {str(name): int(size) for name, size in rows}
        rows = connection.execute(
            text(
                "SELECT m.tbl_name, SUM(s.pgsize - s.unused) FROM dbstat s"
                " JOIN sqlite_master m ON m.name = s.name GROUP BY m.tbl_name"
            )
        ).all()
        return {str(name): int(size or 0) for name, size in rows}


def vacuumed(engine: Engine) -> None:
    """PostgreSQL keeps deleted rows' space until a vacuum: ``VACUUM FULL`` gives back what
    retention deleted, so the sizes are the live rows' (SQLite's ``dbstat`` counts live bytes)."""
    if engine.dialect.name == "postgresql":
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
            connection.execute(text("VACUUM FULL"))


def per_move(engine: Engine, moves: int) -> dict[str, object]:
    """The database's bytes per move: in all, in the log, and in the largest other tables; on
    PostgreSQL also the total before the final ``VACUUM FULL``."""
    stored = sum(table_bytes(engine).values())
    vacuumed(engine)
    sizes = table_bytes(engine)
    total = sum(sizes.values())
    log = sum(sizes.get(name, 0) for name in LOG)
    largest = sorted(sizes.items(), key=lambda item: -item[1])[:6]
    moves = max(moves, 1)
    return {
        "total_bytes": total,
        "bytes_per_move": round(total / moves),
        "log_bytes_per_move": round(log / moves),
        "largest_tables_bytes_per_move": {name: round(size / moves) for name, size in largest},
        "bytes_per_move_before_vacuum": round(stored / moves),
    }
