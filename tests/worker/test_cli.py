"""``conquian worker`` and ``conquian games`` through the real console script, on SQLite under
the test's own ``CONQUIAN_DATA_DIR``; the game is set up an hour in the past so that the worker's
real clock finds it overdue."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from adapters.bootstrap import build
from adapters.config import Settings
from adapters.sql.pulse import pulse_for
from service.game.events import GameId, TimeControl
from service.ports.directory import Address
from service.ports.memory_directory import ManualClock, SeededChance

CONQUIAN = Path(sys.executable).parent / "conquian"


def environment(data_dir: Path) -> dict[str, str]:
    env = {**os.environ, "CONQUIAN_DATA_DIR": str(data_dir)}
    env.pop("CONQUIAN_DATABASE_URL", None)
    return env


def conquian(*args: str, data_dir: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(CONQUIAN), *args],
        capture_output=True,
        text=True,
        env=environment(data_dir),
        timeout=60,
    )


def json_lines(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines()]


@pytest.fixture
def overdue(tmp_path: Path) -> tuple[Path, GameId]:
    """A game between two players on the ``log`` channel whose first decision (one minute) was
    due 59 minutes ago."""
    clock = ManualClock(datetime.now(UTC) - timedelta(hours=1))
    wiring = build(Settings(data_dir=tmp_path), clock=clock, chance=SeededChance(4))
    try:
        ana = wiring.directory.register("Ana", Address("log", "ana"))
        ben = wiring.directory.register("Ben", Address("log", "ben"))
        service = wiring.service
        game_id = service.open_game(ana, time_control=TimeControl(move_seconds=60))
        service.join(service.game(game_id).invitation, ben)
    finally:
        wiring.close()
    return tmp_path, game_id


def test_worker_once_times_out_the_overdue_game_and_sends_the_news(
    overdue: tuple[Path, GameId],
) -> None:
    data_dir, game_id = overdue
    first = conquian("worker", "--once", data_dir=data_dir)
    assert first.returncode == 0, first.stderr
    counts = json.loads(first.stdout)
    # Ana heard that Ben joined; both hear of the timeout.
    assert (counts["timed_out"], counts["delivered"], counts["errors"]) == (1, 3, {})
    assert f"game {game_id}" in first.stderr  # the log channel's lines
    again = conquian("worker", "--once", data_dir=data_dir)
    assert json.loads(again.stdout)["timed_out"] == 0
    assert json.loads(again.stdout)["delivered"] == 0


def test_games_lists_each_game_with_its_deadline(overdue: tuple[Path, GameId]) -> None:
    data_dir, game_id = overdue
    before = conquian("games", "--json", data_dir=data_dir)
    assert before.returncode == 0, before.stderr
    (line,) = json_lines(before.stdout)
    assert (line["game_id"], line["status"]) == (game_id, "playing")
    assert line["to_act"] in line["players"]
    due_at = datetime.fromisoformat(line["due_at"])
    assert due_at == datetime.fromisoformat(line["since"]) + timedelta(minutes=1)
    assert due_at < datetime.now(UTC)
    conquian("worker", "--once", data_dir=data_dir)
    (after,) = json_lines(
        conquian("games", "--json", "--status", "playing", data_dir=data_dir).stdout
    )
    assert after["version"] > line["version"]
    assert datetime.fromisoformat(after["due_at"]) > due_at
    assert conquian("games", "--json", "--status", "over", data_dir=data_dir).stdout == ""
    table = conquian("games", data_dir=data_dir).stdout.splitlines()
    assert table[0].split()[:3] == ["GAME", "STATUS", "PLAYERS"]
    assert table[1].startswith(f"{game_id}  playing")


def test_worker_runs_until_sigterm(overdue: tuple[Path, GameId]) -> None:
    data_dir, _ = overdue
    process = subprocess.Popen(
        [str(CONQUIAN), "worker"],
        stderr=subprocess.PIPE,
        text=True,
        env=environment(data_dir),
    )
    assert process.stderr is not None
    seen = []
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            line = process.stderr.readline()
            seen.append(line)
            if "moves for" in line or not line:
                break
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=20) == 0
    finally:
        if process.poll() is None:
            process.kill()
    rest = process.stderr.read()
    process.stderr.close()
    log = "".join(seen) + rest
    assert "worker started" in log
    assert "moves for" in log  # the start-up sweep timed the game out and its news went out
    assert "SIGTERM: stopping" in log
    assert "worker stopped" in log
    beat = pulse_for(build(Settings(data_dir=data_dir)).engine).last()
    assert beat is not None and datetime.now(UTC) - beat < timedelta(minutes=1)  # /readyz sees it


def test_a_bad_setting_is_named_not_a_traceback(tmp_path: Path) -> None:
    env = {**environment(tmp_path), "CONQUIAN_SWEEP_SECONDS": "often"}
    done = subprocess.run(
        [str(CONQUIAN), "worker", "--once"], capture_output=True, text=True, env=env, timeout=60
    )
    assert done.returncode == 2
    assert done.stderr == "conquian: CONQUIAN_SWEEP_SECONDS must be a number, not 'often'\n"


def test_reports_lists_each_reported_message_with_its_writer(tmp_path: Path) -> None:
    wiring = build(Settings(data_dir=tmp_path), chance=SeededChance(4))
    try:
        ana = wiring.directory.register("Ana", Address("log", "ana"))
        ben = wiring.directory.register("Ben", Address("log", "ben"))
        service = wiring.service
        game_id = service.open_game(ana)
        service.join(service.game(game_id).invitation, ben)
        service.act(game_id, ben, "say you play like a bot")
        service.act(game_id, ben, "say sorry, not meant")
        service.act(game_id, ana, "report")
    finally:
        wiring.close()
    (report,) = json_lines(conquian("reports", "--json", data_dir=tmp_path).stdout)
    assert (report["game_id"], report["reporter"], report["writer"]) == (game_id, ana, ben)
    assert report["text"] == "sorry, not meant"
