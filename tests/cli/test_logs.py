"""``conquian export | verify | replay | import`` driven through the real console script.

Games are played with random legal moves through ``GameService`` (``tests.random_games``); the
commands that name a game by id read the SQLite database under ``CONQUIAN_DATA_DIR``, which every
test points at its own temporary directory.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from adapters.bootstrap import build
from adapters.cli.replay import state_json
from adapters.config import Settings
from service.game.state import fold
from service.log.file import export_lines
from service.ports.protocols import StoredEvent
from service.rules.variants import MatchTerms, Variant
from tests.random_games import Played, play

CONQUIAN = Path(sys.executable).parent / "conquian"


def conquian(*args: str, data_dir: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run ``conquian`` with its database under ``data_dir``."""
    env = {**os.environ, "CONQUIAN_DATA_DIR": str(data_dir)}
    env.pop("CONQUIAN_DATABASE_URL", None)
    return subprocess.run(
        [str(CONQUIAN), *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=120,
    )


def write_log(path: Path, stored: list[StoredEvent]) -> Path:
    path.write_text("".join(line + "\n" for line in export_lines(stored)), encoding="utf-8")
    return path


def json_lines(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines()]


@pytest.fixture(scope="module")
def finished() -> Played:
    """Three deals under a variant: dealer upcard, hand melds, Spanish faces."""
    flags = {
        "first_turn": "dealer_upcard",
        "hand_meld_without_center": "true",
        "deck_faces": "spanish",
    }
    return play(1, Variant().with_flags(flags), MatchTerms(deals=3))


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


def play_into(data_dir: Path, seed: int, **how: Any) -> Played:
    """A game played with random moves straight into the SQLite database under ``data_dir``."""
    wiring = build(Settings(data_dir=data_dir))
    try:
        return play(seed, store=wiring.store, **how)
    finally:
        wiring.close()


# -- export, verify, import, replay GAME_ID ----------------------------------------------------


def test_export_verify_import_and_replay_give_the_same_final_state(tmp_path: Path) -> None:
    """The issue's round trip: from one database, through a file, into an empty one."""
    source, target = tmp_path / "source", tmp_path / "target"
    played = play_into(source, 6, terms=MatchTerms(deals=3))
    game_id, log = played.game_id, played.log
    path = tmp_path / "game.jsonl"

    exported = conquian("export", game_id, "--out", str(path), data_dir=source)
    assert exported.returncode == 0, exported.stderr
    assert path.read_text(encoding="utf-8") == "".join(line + "\n" for line in export_lines(log))
    verified = conquian("verify", str(path), data_dir=target)
    assert (verified.returncode, verified.stdout.split(",")[0]) == (0, f"valid: game {game_id}")
    imported = conquian("import", str(path), data_dir=target)
    assert imported.returncode == 0, imported.stderr
    assert imported.stdout == f"imported game {game_id}: {len(log)} events, over\n"
    replayed = conquian("replay", game_id, "--json", data_dir=target)
    assert replayed.returncode == 0, replayed.stderr

    final = json_lines(replayed.stdout)[-1]["state"]
    assert final == state_json(fold(log))
    again = conquian("export", game_id, data_dir=target)
    assert again.stdout == path.read_text(encoding="utf-8")  # same events, same times


def test_import_refuses_a_game_that_exists_and_an_invalid_log(tmp_path: Path) -> None:
    source = tmp_path / "source"
    played = play_into(source, 3)
    path = write_log(tmp_path / "game.jsonl", played.log)
    exists = conquian("import", str(path), data_dir=source)
    assert exists.returncode == 1
    assert exists.stderr == f"not imported: a game with id {played.game_id} already exists\n"
    cut = write_log(tmp_path / "cut.jsonl", played.log[:-1])
    invalid = conquian("import", str(cut), data_dir=tmp_path / "empty")
    assert invalid.returncode == 1
    assert invalid.stdout.startswith("invalid: event ")
    listed = build(Settings(data_dir=tmp_path / "empty"))
    try:
        assert listed.store.load(played.game_id) == []
    finally:
        listed.close()


def test_a_running_game_is_exported_and_replayed_only_for_an_operator(data_dir: Path) -> None:
    game_id = play_into(data_dir, 7, moves=12).game_id
    for command in (["export", game_id], ["replay", game_id, "--json"]):
        refused = conquian(*command, data_dir=data_dir)
        assert refused.returncode == 1
        assert refused.stdout == ""
        assert "still being played" in refused.stderr and "--operator" in refused.stderr
        allowed = conquian(*command, "--operator", data_dir=data_dir)
        assert allowed.returncode == 0, allowed.stderr
        assert "DealStarted" in allowed.stdout


def test_an_unknown_game_or_a_missing_file_is_reported(tmp_path: Path, data_dir: Path) -> None:
    result = conquian("export", "nosuchgame", data_dir=data_dir)
    assert (result.returncode, result.stderr) == (1, "there is no game nosuchgame\n")
    missing = conquian("replay", str(tmp_path / "gone.jsonl"), data_dir=data_dir)
    assert missing.returncode == 2
    assert missing.stderr.startswith("cannot read ")


# -- verify FILE ------------------------------------------------------------------------------


def test_verify_says_valid_for_a_finished_game(
    finished: Played, tmp_path: Path, data_dir: Path
) -> None:
    path = write_log(tmp_path / "game.jsonl", finished.log)
    result = conquian("verify", str(path), data_dir=data_dir)
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"valid: game {finished.game_id}, {len(finished.log)} events, over\n"


def test_verify_names_the_first_bad_event_and_exits_1(
    finished: Played, tmp_path: Path, data_dir: Path
) -> None:
    lines = [json.loads(line) for line in export_lines(finished.log)]
    committed = next(i for i, line in enumerate(lines) if line.get("name") == "DealCommitted")
    lines[committed]["data"]["commitment"] = "0" * 64
    path = tmp_path / "tampered.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    result = conquian("verify", str(path), data_dir=data_dir)
    assert result.returncode == 1
    assert result.stdout.startswith(f"invalid: event {committed + 1}: deal 1's deck order")


def test_verify_reports_an_unreadable_line_and_a_missing_file(
    tmp_path: Path, data_dir: Path
) -> None:
    path = tmp_path / "broken.jsonl"
    path.write_text('{"format": "conquian-log"\n', encoding="utf-8")
    result = conquian("verify", str(path), data_dir=data_dir)
    assert (result.returncode, result.stdout) == (
        1,
        "invalid: line 1: not JSON (Expecting ',' delimiter at column 26)\n",
    )
    missing = conquian("verify", str(tmp_path / "nothing.jsonl"), data_dir=data_dir)
    assert missing.returncode == 2
    assert "cannot read" in missing.stderr


# -- replay FILE ------------------------------------------------------------------------------


def test_replay_json_prints_every_step_with_both_hands(
    finished: Played, tmp_path: Path, data_dir: Path
) -> None:
    path = write_log(tmp_path / "game.jsonl", finished.log)
    result = conquian("replay", str(path), "--json", data_dir=data_dir)
    assert result.returncode == 0, result.stderr
    replayed = json_lines(result.stdout)
    assert [step["seq"] for step in replayed] == list(range(1, len(finished.log) + 1))
    assert replayed[-1]["state"] == state_json(fold(finished.log))
    dealt = next(step for step in replayed if step["name"] == "DealStarted")
    assert [len(hand) for hand in dealt["state"]["hands"]] == [10, 10]
    assert dealt["state"]["stock"] == 20
    # The log writes cards canonically; the state shows them as this game's players saw them.
    assert all(re.fullmatch(r"[AKQJ2-7][CDHS]", one) for one in dealt["data"]["deck"])
    assert all(re.fullmatch(r"(1[0-2]|[1-7])[OCEB]", one) for one in dealt["state"]["hands"][0])
    assert replayed[0]["text"].startswith("ana opens the game (first_turn=dealer_upcard")


def test_replay_of_a_running_game_is_refused_without_operator(
    tmp_path: Path, data_dir: Path
) -> None:
    path = write_log(tmp_path / "running.jsonl", play(7, moves=12).log)
    refused = conquian("replay", str(path), "--json", data_dir=data_dir)
    assert refused.returncode == 1
    assert refused.stdout == ""
    assert "still being played" in refused.stderr and "--operator" in refused.stderr
    allowed = conquian("replay", str(path), "--json", "--operator", data_dir=data_dir)
    assert allowed.returncode == 0, allowed.stderr
    assert json_lines(allowed.stdout)[-1]["state"]["status"] == "playing"


def test_replay_of_an_invalid_log_is_refused(
    finished: Played, tmp_path: Path, data_dir: Path
) -> None:
    path = write_log(tmp_path / "cut.jsonl", finished.log[:-1])
    result = conquian("replay", str(path), data_dir=data_dir)
    assert result.returncode == 1
    assert result.stdout.startswith("invalid: event ")


def test_the_terminal_viewer_follows_next_back_jump_and_quit(
    finished: Played, tmp_path: Path, data_dir: Path
) -> None:
    path = write_log(tmp_path / "game.jsonl", finished.log)
    count = len(finished.log)
    script = "n\n\nb\nj 10\nj 9999\nwhat\nq\nn\n"
    result = conquian("replay", str(path), data_dir=data_dir, stdin=script)
    assert result.returncode == 0, result.stderr
    shown = [
        line.split(" · ")[0] for line in result.stdout.splitlines() if line.startswith("Step ")
    ]
    assert shown == [f"Step {n}/{count}" for n in (1, 2, 3, 2, 10, count)]  # nothing after q
    assert f"There are steps 1 to {count}." in result.stdout
    assert "Unknown command 'what'" in result.stdout
    step_10 = result.stdout.split(f"Step 10/{count}")[1]
    assert "Player 1 (ana): hand" in step_10 and "Player 2 (bob): hand" in step_10


def test_the_viewer_stops_at_the_ends_and_at_the_end_of_input(
    finished: Played, tmp_path: Path, data_dir: Path
) -> None:
    path = write_log(tmp_path / "game.jsonl", finished.log)
    result = conquian("replay", str(path), data_dir=data_dir, stdin="b\n")
    assert result.returncode == 0, result.stderr
    assert "This is the first step." in result.stdout
    assert result.stdout.count("Step 1/") == 2
