"""Two ``conquian worker`` processes on one PostgreSQL database, on the real clock, while a hundred
deadlines fall due: every decision is timed out once, none before its deadline, no
notification goes out twice, and both workers take part (``processes``; ``make sim`` runs it with
10,000 games)."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest

from service.game.events import GameId
from tests.conftest import sql_engine
from tests.sim.processes import GRACE, open_games, run_workers, verify

GAMES = 100
LEAD = timedelta(seconds=3)
"""From registering the players to the first deadline, the workers already running: the games
open meanwhile."""
SPREAD = timedelta(seconds=4)


def test_two_workers_time_each_decision_out_once(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    url = sql_engine("postgresql", request, tmp_path).url.render_as_string(hide_password=False)
    opened: list[GameId] = []
    stops: list[datetime] = []

    def games() -> datetime:
        first, game_ids = open_games(url, GAMES, LEAD, SPREAD)
        opened.extend(game_ids)
        stops.append(first + SPREAD + GRACE + timedelta(seconds=1))
        return stops[0]

    logs = run_workers(url, 2, games)
    verdict = verify(url, opened, logs, stops[0])
    print("\n", verdict.summary())
    assert (verdict.early, verdict.missed, verdict.sent_twice, verdict.refused) == (0, 0, 0, 0)
    assert verdict.timeouts >= GAMES
    assert sum(verdict.by_worker) == verdict.timeouts
    assert min(verdict.by_worker) > 0  # both workers did some of the work
