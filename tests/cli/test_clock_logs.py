"""``conquian verify`` and ``conquian replay`` over real exported logs of timed games (played
through the service on a ``ManualClock``): a timeout re-stamped before its deadline is refused in
verify's usual form, and the replay shows the time each decision took and both clocks."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

from service.log.file import format_time
from tests.cli.test_logs import conquian, json_lines, write_log
from tests.service.test_clock_checks import (
    START,
    claimed_game,
    first,
    played,
    restamp,
    timed_out_game,
)


def test_verify_names_a_timeout_before_its_deadline_and_exits_1(
    tmp_path: Path,
) -> None:
    lines = played(timed_out_game())
    at = first(lines, "TurnTimedOut")
    early = format_time(START + timedelta(seconds=16))
    restamp(lines, at, START + timedelta(seconds=16))
    path = tmp_path / "early.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    result = conquian("verify", str(path), data_dir=tmp_path / "data")
    assert result.returncode == 1
    seat = lines[at]["data"]["seat"]
    assert result.stdout == (
        f"invalid: event {lines[at]['seq']}: TurnTimedOut at {early} is before player {seat}'s "
        f"deadline {format_time(START + timedelta(seconds=60))}\n"
    )


def test_replay_shows_what_each_decision_took_and_both_clocks(tmp_path: Path) -> None:
    log = claimed_game()
    path = write_log(tmp_path / "claimed.jsonl", log)
    replayed = json_lines(conquian("replay", str(path), "--json", data_dir=tmp_path).stdout)
    clocks = [step["clock"] for step in replayed]
    running = next(clock for clock in clocks if clock["to_act"] is not None)
    assert running == {
        "took": None,
        "reserve_left": [0, 0],
        "to_act": running["to_act"],
        "due": "2026-03-02T10:00:00Z",
        "left": 3600.0,
    }
    took = [clock["took"] for clock in clocks if clock["took"] is not None]
    assert took == [{"seat": running["to_act"], "seconds": 6300.0}]  # 1 h 45 min to the claim

    count = len(log)
    shown = conquian("replay", str(path), data_dir=tmp_path, stdin=f"j {count - 1}\nq\n").stdout
    last_move = shown.split(f"Step {count - 1}/{count}")[1]
    assert f"Clock · player {running['to_act']} took 1:45:00 · player 1: reserve 0:00:00" in (
        last_move
    )
    assert datetime.fromisoformat(running["due"]) > START
