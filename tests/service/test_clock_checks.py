"""``verify`` holds a log to its clock: logs of games played through the service with a
``ManualClock``, exported, then changed the way someone who edits the file would change them, are
refused at the changed event with the deadline it broke; the logs as played verify."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

import pytest

from service.app.games import GameService
from service.app.sweeps import Sweeper
from service.game.events import TimeControl
from service.game.stored import StoredEvent
from service.log.file import export_lines, format_time, read_log
from service.log.verify import Verdict, verify
from service.ports.directory import Address
from service.ports.memory import InMemoryEventStore
from service.ports.memory_directory import InMemoryDirectory, ManualClock, SeededChance
from tests.service.test_time_control_logs import START, finished_game_with_every_clock_event

Lines = list[dict[str, Any]]


def played(log: list[StoredEvent]) -> Lines:
    return [json.loads(line) for line in export_lines(log)]


def verdict(lines: Lines) -> Verdict:
    return verify(read_log(json.dumps(line) for line in lines))


def restamp(lines: Lines, index: int, at: datetime) -> None:
    """Move the append that holds line ``index`` (its events share one time) to ``at``."""
    original = lines[index]["at"]
    for line in lines[index:]:
        if line["at"] != original:
            break
        line["at"] = format_time(at)


def first(lines: Lines, name: str) -> int:
    return next(i for i, line in enumerate(lines) if i and line["name"] == name)


def time_of(line: dict[str, Any], field: str = "") -> datetime:
    """The line's time, or the time in its data's ``field``."""
    return datetime.fromisoformat(line["data"][field] if field else line["at"])


def timed_out_game(max_timeouts: int = 3) -> list[StoredEvent]:
    """Ana and Ben, a minute a move: the player to act lets the first deadline pass and the
    worker times the decision out 11 s late; then the match is resigned, unless that ended it."""
    clock = ManualClock(START)
    service, ana, ben = _service(clock)
    control = TimeControl(move_seconds=60, max_timeouts=max_timeouts)
    game_id = service.open_game(ana, time_control=control)
    service.join(service.game(game_id).invitation, ben)
    clock.advance(seconds=71)
    assert Sweeper(service).expire_overdue() == 1
    if service.game(game_id).status == "playing":
        service.resign(game_id, ana)
    return service.store.load(game_id)


def claimed_game() -> list[StoredEvent]:
    """An hour a move; the player to act lets the deadline pass; the waiting player first gives
    them 30 minutes more, then claims the win when that too has passed."""
    clock = ManualClock(START)
    service, ana, ben = _service(clock)
    game_id = service.open_game(ana, time_control=TimeControl(move_seconds=3600))
    service.join(service.game(game_id).invitation, ben)
    waiting = ana if service.game(game_id).to_act == ben else ben
    clock.advance(hours=1, minutes=5)
    service.extend_deadline(game_id, waiting, timedelta(minutes=30))
    clock.advance(minutes=40)
    service.claim_win(game_id, waiting)
    return service.store.load(game_id)


def _service(clock: ManualClock) -> tuple[GameService, Any, Any]:
    directory = InMemoryDirectory()
    ana = directory.register("Ana", Address("log", "ana"))
    ben = directory.register("Ben", Address("log", "ben"))
    return GameService(InMemoryEventStore(), clock, SeededChance(5), directory=directory), ana, ben


@pytest.fixture(scope="module")
def timeout_log() -> list[StoredEvent]:
    return timed_out_game()


@pytest.fixture(scope="module")
def claim_log() -> list[StoredEvent]:
    return claimed_game()


def test_the_logs_as_played_verify(
    timeout_log: list[StoredEvent], claim_log: list[StoredEvent]
) -> None:
    for log in (timeout_log, claim_log, finished_game_with_every_clock_event("auto")):
        result = verdict(played(log))
        assert result.ok, result


def test_a_timeout_stamped_before_its_deadline_is_refused(timeout_log: list[StoredEvent]) -> None:
    lines = played(timeout_log)
    at = first(lines, "TurnTimedOut")
    began = START  # Ben joined: the match started, and the first decision with it
    restamp(lines, at, time_of(lines[at]) - timedelta(seconds=55))
    result = verdict(lines)
    assert result.seq == lines[at]["seq"]
    assert result.reason == (
        f"TurnTimedOut at {format_time(began + timedelta(seconds=16))} is before player "
        f"{lines[at]['data']['seat']}'s deadline {format_time(began + timedelta(seconds=60))}"
    )


def test_time_running_backwards_is_refused(timeout_log: list[StoredEvent]) -> None:
    lines = played(timeout_log)
    at = first(lines, "TurnTimedOut") + 1
    restamp(lines, at, time_of(lines[at]) - timedelta(days=3 * 365))
    result = verdict(lines)
    assert result.seq == lines[at]["seq"]
    assert result.reason.startswith(f"time runs backwards: event {lines[at]['seq']} is at ")


def test_a_claim_on_time_before_the_opponent_was_overdue_is_refused(
    claim_log: list[StoredEvent],
) -> None:
    lines = played(claim_log)
    at = first(lines, "WinClaimed")
    extended = lines[first(lines, "DeadlineExtended")]
    restamp(lines, at, time_of(lines[at]) - timedelta(minutes=15))
    result = verdict(lines)
    assert result.seq == lines[at]["seq"]
    assert result.reason.startswith("WinClaimed (a claim on time) at ")
    assert result.reason.endswith(f"deadline {format_time(time_of(extended, 'until'))}")


def test_an_extension_before_the_deadline_is_refused(claim_log: list[StoredEvent]) -> None:
    lines = played(claim_log)
    at = first(lines, "DeadlineExtended")
    restamp(lines, at, time_of(lines[at]) - timedelta(minutes=10))
    result = verdict(lines)
    assert result.seq == lines[at]["seq"]
    assert result.reason.startswith("DeadlineExtended at ")
    assert "is before player" in result.reason


def test_an_extension_beyond_what_the_time_control_allows_is_refused(
    claim_log: list[StoredEvent],
) -> None:
    lines = played(claim_log)
    at = first(lines, "DeadlineExtended")
    until = time_of(lines[at]) + timedelta(days=30, seconds=1)
    lines[at]["data"]["until"] = format_time(until)
    result = verdict(lines)
    assert result.seq == lines[at]["seq"]
    assert result.reason == (
        f"an extension until {format_time(until)} is longer than the 30 days the time control "
        f"allows from {lines[at]['at']}"
    )


def test_a_forfeit_before_the_allowed_number_of_timeouts_is_refused(
    timeout_log: list[StoredEvent],
) -> None:
    lines = played(timeout_log)
    at = first(lines, "TurnTimedOut")
    lines[at]["data"]["policy"] = "forfeit"
    result = verdict(lines)
    assert result.seq == lines[at]["seq"]
    assert result.reason == (
        f"TurnTimedOut forfeits player {lines[at]['data']['seat']}'s match at timeout 1 in a row; "
        "the time control forfeits at 3"
    )


def quiet_hours_game() -> list[StoredEvent]:
    """An hour a move, both players with quiet hours 09:30-11:00 UTC set before they sit down:
    the first deadline, 10:00, moves to 11:00, and the worker times the decision out then."""
    clock = ManualClock(START)
    service, ana, ben = _service(clock)
    for player in (ana, ben):
        profile = service.directory.profile(player)
        service.directory.update(replace(profile, quiet_hours="09:30-11:00"))
    game_id = service.open_game(ana, time_control=TimeControl(move_seconds=3600))
    service.join(service.game(game_id).invitation, ben)
    clock.advance(minutes=90)
    assert Sweeper(service).expire_overdue() == 0
    clock.advance(minutes=30)
    assert Sweeper(service).expire_overdue() == 1
    return service.store.load(game_id)


def test_a_timeout_held_back_for_quiet_hours_recorded_in_the_log_verifies() -> None:
    lines = played(quiet_hours_game())
    records = [line["data"] for line in lines if line.get("name") == "QuietHoursSet"]
    assert records == [
        {"seat": 1, "timezone": "UTC", "quiet": "09:30-11:00"},
        {"seat": 2, "timezone": "UTC", "quiet": "09:30-11:00"},
    ]
    assert lines[first(lines, "TurnTimedOut")]["at"] == "2026-03-02T11:00:00Z"
    assert verdict(lines).ok


def test_a_timeout_restamped_inside_the_quiet_hours_is_refused() -> None:
    """Before quiet hours were in the log, verify could only hold a timeout to the deadline
    without them (10:00 here): a timeout re-stamped to 10:30 passed."""
    lines = played(quiet_hours_game())
    at = first(lines, "TurnTimedOut")
    restamp(lines, at, datetime.fromisoformat("2026-03-02T10:30:00Z"))
    result = verdict(lines)
    assert (result.ok, result.seq) == (False, lines[at]["seq"])
    assert result.reason.endswith("deadline 2026-03-02T11:00:00Z")


def test_quiet_hours_that_do_not_read_are_refused() -> None:
    lines = played(quiet_hours_game())
    at = first(lines, "QuietHoursSet")
    lines[at]["data"]["quiet"] = "09:30-09:30"
    result = verdict(lines)
    assert (result.ok, result.seq) == (False, lines[at]["seq"])
    assert "quiet hours" in result.reason


def test_a_forfeit_at_the_allowed_number_of_timeouts_verifies() -> None:
    lines = played(timed_out_game(max_timeouts=1))
    assert lines[first(lines, "TurnTimedOut")]["data"]["policy"] == "forfeit"
    assert verdict(lines).ok
