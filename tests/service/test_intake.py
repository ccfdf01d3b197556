"""The one intake: a request handled once through the inbox, and the one retry and give-up
policy every channel's intake loop uses (``Attempts``), driven here over a fake inbox of our own
port that fails a given number of times."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import pytest

from service.app.intake import ATTEMPTS, Attempts, InboxKey, Intake
from service.app.replies import Opened, Reply
from service.game.events import GameId
from service.ports.memory import InMemoryInbox
from service.ports.memory_directory import ManualClock


@dataclass
class FailingInbox(InMemoryInbox):
    """An inbox whose first ``failures`` recordings of a reply fail (a database hiccup)."""

    failures: int = 0

    def complete(
        self,
        source: str,
        key: str,
        reply: str,
        payload: str | None = None,
        at: datetime | None = None,
    ) -> str:
        if self.failures > 0:
            self.failures -= 1
            raise OSError("the inbox did not answer")
        return super().complete(source, key, reply, payload, at)


def drain(intake: Intake, attempts: Attempts, at: InboxKey, opened: list[GameId]) -> list[str]:
    """A channel's intake loop over one request, run until it is answered or given up: what
    each round did."""
    rounds = []

    def open_game() -> Reply:
        if not opened:  # the effect is idempotent by the request's key, as open_game is
            opened.append(GameId("g1"))
        return Opened(opened[0])

    while True:
        try:
            intake.once(at, "new", open_game)
        except OSError as error:
            if attempts.failed(at.key, error):
                return [*rounds, "given up"]
            rounds.append("failed")
            continue
        attempts.succeeded(at.key)
        return [*rounds, "answered"]


@pytest.mark.parametrize("failures", range(ATTEMPTS))
def test_a_request_that_fails_fewer_times_than_allowed_is_answered_once(failures: int) -> None:
    inbox = FailingInbox(failures=failures)
    intake, at, opened = Intake(inbox, ManualClock()), InboxKey("telegram", "u1"), []

    rounds = drain(intake, Attempts(), at, opened)

    assert rounds == ["failed"] * failures + ["answered"]
    assert intake.earlier(at) == Opened(GameId("g1"))
    assert opened == ["g1"]


def test_a_request_that_keeps_failing_is_given_up_after_the_allowed_attempts() -> None:
    inbox = FailingInbox(failures=ATTEMPTS + 5)
    intake, at = Intake(inbox, ManualClock()), InboxKey("email", "<m1@example.org>")

    rounds = drain(intake, Attempts(), at, [])

    assert rounds == ["failed"] * (ATTEMPTS - 1) + ["given up"]
    assert inbox.failures == 5


def test_a_request_handled_again_hears_its_recorded_reply_and_changes_nothing() -> None:
    intake, at = Intake(InMemoryInbox(), ManualClock()), InboxKey("telegram", "u1")
    calls: list[int] = []

    def handle() -> Reply:
        calls.append(1)
        return Opened(GameId(f"g{len(calls)}"))

    assert intake.once(at, "new", handle) == intake.once(at, "new", handle)
    assert calls == [1]


def test_each_request_has_its_own_count_of_failures() -> None:
    attempts = Attempts(limit=2)
    assert not attempts.failed("a", OSError())
    assert not attempts.failed("b", OSError())
    attempts.succeeded("b")
    assert not attempts.failed("b", OSError())
    assert attempts.failed("a", OSError())
