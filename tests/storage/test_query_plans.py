"""SQLite keeps no statistics, so its planner guesses; these statements run for every append or
every sweep, and a wrong guess makes them scan a table that grows with the service.  Each must
search its index.

(The append's supersede once searched ``ix_outbox_due`` by status: with 20,000 notifications
pending after an outage, each append spent 1 ms scanning them, and a start-up sweep of 10,000
overdue games took four times as long.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine

from adapters.sql.batches import SqliteAppendMany
from adapters.sql.claims import NEXT_DUE
from adapters.sql.outbox import SUPERSEDE, _claim
from tests.conftest import sql_engine


@pytest.fixture
def sqlite(request: pytest.FixtureRequest, tmp_path: Path) -> Engine:
    return sql_engine("sqlite", request, tmp_path)


def plan(engine: Engine, statement: Any, **values: object) -> str:
    compiled = statement.compile(engine)
    parameters = compiled.construct_params(values)
    positional = [parameters[name] for name in compiled.positiontup]
    with engine.connect() as connection:
        rows = connection.exec_driver_sql(f"EXPLAIN QUERY PLAN {compiled}", tuple(positional))
        return " / ".join(row[-1] for row in rows)


def test_superseding_a_games_reminders_searches_its_pending_reminders(sqlite: Engine) -> None:
    found = plan(sqlite, SUPERSEDE, b_game="g1")
    assert found == "SEARCH outbox USING INDEX ix_outbox_pending_reminders (game_id=?)"


def test_the_next_deadline_walks_the_deadline_index(sqlite: Engine) -> None:
    found = plan(sqlite, NEXT_DUE, now="2026-03-01 09:00:00.000000")
    assert found.startswith("SEARCH game_summaries USING INDEX ix_game_summaries_due")
    assert "TEMP B-TREE" not in found  # in deadline order, no sort


def test_a_batch_supersedes_its_games_reminders_by_their_pending_reminders(
    sqlite: Engine,
) -> None:
    found = plan(sqlite, SqliteAppendMany._SUPERSEDE, ids='["g1", "g2"]')
    assert "SEARCH outbox USING INDEX ix_outbox_pending_reminders (game_id=?)" in found
    assert "SCAN outbox" not in found


def test_a_claim_asks_for_older_waiting_notifications_by_the_due_index(sqlite: Engine) -> None:
    """Whether a player has an older notification not yet due is asked of the few rows timed
    after now, not of every older row (``outbox._BEHIND``)."""
    found = plan(
        sqlite,
        _claim(False),
        now="2026-03-01 09:00:00.000000",
        until="2026-03-01 09:01:00.000000",
        limit=100,
    )
    assert "SEARCH waiting USING INDEX ix_outbox_due (status=? AND next_attempt_at>?)" in found
    assert "SCAN" not in found
