"""What the soak judges of the player's wait (issue 35): the forms run on the idle machine fail
past a median of 1 s or a p99 of 3 s per channel, or an outbox not empty 5 s after the load;
the moves during a fault are reported apart and not judged; the CI form only reports."""

from __future__ import annotations

from tests.reliability.soak.checks import LogVerdict
from tests.reliability.soak.latency import Waits, quantile
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
