"""The simulated hour at a tenth of its length and a hundred-odd games, on SQLite and PostgreSQL:
every timeout fires once, when it falls due (or at once when the stopped worker restarts), no
reminder goes out twice (pauses, extensions and vacations among the moves), and every game's log
verifies.  ``make sim`` runs the whole hour with 10,000 games."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import sql_engine
from tests.sim.checks import check
from tests.sim.hour import Plan, Simulation

GAMES = 120
SHRINK = 10


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_every_timeout_fires_once_and_every_reminder_goes_out_once(
    database: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    engine = sql_engine(database, request, tmp_path)
    url = engine.url.render_as_string(hide_password=False)
    plan = Plan(games=GAMES).shrunk(SHRINK)
    simulation = Simulation(url, plan)
    try:
        run = simulation.simulate()
    finally:
        simulation.close()
    found = check(url, plan, run, simulation.sender)
    assert found.problems == []
    assert found.logs_verified == len(run.game_ids)  # every game's log verifies, clock and all
    assert found.timeouts == run.timed_out
    # The hour exercised what it is meant to: timeouts on time and at the restart, moves
    # in between, reminders.
    assert found.timeouts > GAMES and found.at_restart > 0 and found.moves > 0
    assert found.reminders_sent >= found.reminders_due > GAMES
    assert found.quiet_hours_recorded > GAMES // 7  # and the deadlines they moved verify
    assert run.paused > GAMES // 10 and run.extended > 0 and run.vacations > GAMES // 20
    assert found.reminders_twice == 0  # however pauses, extensions and vacations moved them
