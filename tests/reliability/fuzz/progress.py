"""How far the games in a fuzzed surface's database have come, to tell that a refusal moved
nothing."""

from __future__ import annotations

from sqlalchemy import Engine, func, select

from adapters.sql import tables


def progress(engine: Engine) -> tuple[int, int]:
    """The number of games and the sum of their versions.  Versions only grow, so any move or
    any new game changes the pair; one statement, however many games the cases have played
    (reading every summary made each case slower than the last)."""
    summaries = tables.game_summaries
    with engine.connect() as connection:
        games, versions = connection.execute(
            select(func.count(), func.coalesce(func.sum(summaries.c.version), 0))
        ).one()
    return int(games), int(versions)
