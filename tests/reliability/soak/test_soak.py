"""The soak's short form, so it does not rot: bots on every channel against the deployed
processes — on a private PostgreSQL cluster for 20 s, the worker restarted after a third and the
database after two thirds; on one SQLite file for 15 s, the worker restarted after a third —
then every move sent is in the log once, no game has a gap, every log verifies, the outbox is
empty within 30 s, no process died and none grew past the memory bound, and the fake Bot API
refused no post for the bot's 30 a second (a refusal for a chat's one a second is reported, not
failed: see ``Plan.chat_429_fails``).  ``make soak`` runs the longer forms."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.email.dovecot import Dovecot
from tests.reliability.soak.report import Plan
from tests.reliability.soak.soak import run

SHORT = {
    "postgresql": Plan(backend="postgresql", seconds=20, rate=10, games=60, chat_429_fails=False),
    "sqlite": Plan(
        backend="sqlite",
        seconds=15,
        rate=10,
        games=60,
        restart_database_at=None,
        chat_429_fails=False,
    ),
}


@pytest.mark.parametrize("backend", sorted(SHORT))
def test_bots_on_every_channel_lose_nothing_through_restarts(
    backend: str, soak_dovecot: Dovecot, tmp_path: Path
) -> None:
    plan = SHORT[backend]

    report = run(plan, soak_dovecot, tmp_path)

    assert report.problems() == [], report.summary()
    restarts = 2 if plan.restart_database_at is not None else 1
    assert len(report.faults) == restarts, report.faults
    assert report.log.applied >= plan.seconds * plan.rate * 0.6, report.summary()
    assert set(report.log.by_channel) == {"web", "telegram", "email"}, report.summary()
