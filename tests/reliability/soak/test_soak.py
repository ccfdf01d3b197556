"""The soak's short form, so it does not rot: 25 s of bots on every channel against the
deployed processes on a private PostgreSQL cluster, the worker restarted after a third and the
database after two thirds; then every move sent is in the log once, no game has a gap, the
outbox is empty within 30 s, no process died and none grew past the memory bound.  ``make soak``
runs the long forms."""

from __future__ import annotations

from pathlib import Path

from tests.email.dovecot import Dovecot

from .soak import Plan, run

SHORT = Plan(seconds=25, rate=10, games=60)


def test_bots_on_every_channel_lose_nothing_through_a_worker_and_a_database_restart(
    soak_dovecot: Dovecot, tmp_path: Path
) -> None:
    report = run(SHORT, soak_dovecot, tmp_path)

    assert report.problems() == [], report.summary()
    assert len(report.faults) == 2, report.faults
    assert report.log.applied >= SHORT.seconds * SHORT.rate * 0.6, report.summary()
    assert set(report.log.by_channel) == {"web", "telegram", "email"}, report.summary()
