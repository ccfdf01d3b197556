"""What the soak judges of the player's wait (issue 35): the forms run on the idle machine fail
past a median of 1 s or a p99 of 3 s per channel, or an outbox not empty 5 s after the load;
the moves during a fault are reported apart and not judged; the CI form only reports."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import insert

from adapters.sql.outbox import outbox_row
from adapters.sql.tables import events, outbox
from service.game.events import GameId, PlayerId
from service.ports.protocols import Notification
from tests.conftest import sql_engine
from tests.reliability.soak.checks import LogVerdict
from tests.reliability.soak.latency import Waits, handed_over, quantile, work_by_ten_seconds
from tests.reliability.soak.report import Plan, Report
from tests.reliability.soak.run import FORMS


def report(plan: Plan, waits: Waits, empty_after: float = 1.0) -> Report:
    return Report(plan, LogVerdict(), [], [], {}, empty_after, {}, [], {}, [], 0, notified=waits)


def test_quantiles_are_nearest_rank() -> None:
    hundred = [float(n) for n in range(1, 101)]

    assert (quantile(hundred, 0.5), quantile(hundred, 0.99), quantile([7.0], 0.99)) == (
        51.0,
        100.0,
        7.0,
    )


def test_the_ten_minute_form_fails_a_channel_past_the_bounds_but_not_the_faults() -> None:
    quick = [0.4] * 99 + [2.5]
    slow_tail = [0.4] * 98 + [3.5, 3.6]
    during_restart = [9.0] * 50

    steady = Waits({"web": quick, "telegram": quick}, {"telegram": during_restart})
    late = Waits({"web": quick, "email": slow_tail})

    assert report(FORMS["ten"], steady).problems() == []
    (problem,) = report(FORMS["ten"], late).problems()
    assert "email" in problem and "web" not in problem
    assert report(FORMS["ten"], steady).summary()["notified_around_faults_s"] == {
        "telegram": {"count": 50, "median": 9.0, "p99": 9.0, "max": 9.0}
    }


def test_the_outbox_must_empty_within_five_seconds_in_the_ten_minute_form_only() -> None:
    steady = Waits({"web": [0.3]})

    assert report(FORMS["ten"], steady, empty_after=4.5).problems() == []
    assert report(FORMS["ten"], steady, empty_after=6.0).problems() == [
        "outbox empty 6.0 s after the load, not within 5 s"
    ]
    assert report(FORMS["ci"], Waits({"web": [5.0]}), empty_after=6.0).problems() == []


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_the_waits_are_read_per_channel_from_the_outbox_the_faults_apart(
    database: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """From each delivered move's append to its hand-over; reminders, the pending and what
    came before the load are not counted; a notification appended from 5 s before a fault to
    10 s after it is the fault's."""
    engine = sql_engine(database, request, tmp_path)
    load = datetime(2026, 12, 7, 12, 0, tzinfo=UTC)
    fault = (load + timedelta(seconds=60), load + timedelta(seconds=62))

    def row(at: float, waited: float | None, channel: str, kind: str = "moves") -> None:
        created = load + timedelta(seconds=at)
        note = Notification(PlayerId("p1"), GameId("g1"), 3, 3, kind)
        values = outbox_row(note, created)
        if waited is not None:
            values.update(
                status="delivered",
                delivered_at=created + timedelta(seconds=waited),
                channel=channel,
            )
        with engine.begin() as connection:
            connection.execute(insert(outbox), values)

    row(-1, 0.2, "web")  # before the load
    row(1, 0.5, "web")
    row(2, 1.5, "telegram")
    row(3, 9.0, "email", kind="reminder")
    row(4, None, "email")  # still pending
    row(56, 30.0, "email")  # in flight when the fault hit
    row(71, 4.0, "web")  # its backlog
    row(73, 0.25, "web")
    row(95, 3.5, "web")  # late, in the load's tens from 90 s

    waits = handed_over(engine, load, [fault])

    assert {channel: sorted(found) for channel, found in waits.steady.items()} == {
        "web": [0.25, 0.5, 3.5],
        "telegram": [1.5],
    }
    assert waits.around_faults == {"email": [30.0], "web": [4.0]}
    assert waits.late == {90: 1}  # the fault's backlog is not counted late

    def logged(at: float, name: str, seq: int) -> None:
        values = {
            "game_id": "g1",
            "seq": seq,
            "name": name,
            "schema_version": 1,
            "data": {},
            "at": load + timedelta(seconds=at),
        }
        with engine.begin() as connection:
            connection.execute(insert(events), values)

    logged(-3, "MatchEnded", 1)  # before the load
    logged(12, "CardDiscarded", 2)
    logged(14, "MatchEnded", 3)
    logged(17, "MatchForfeited", 4)
    logged(95, "MatchEnded", 5)

    assert work_by_ten_seconds(engine, load) == {
        "queued": {0: 4, 50: 1, 70: 2, 90: 1},  # every kind, pending or sent
        "matches_ended": {10: 2, 90: 1},
    }
