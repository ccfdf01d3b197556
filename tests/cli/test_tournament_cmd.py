"""``conquian tournament create | show | export`` and ``conquian verify`` of a tournament,
through the real console script on SQLite: a double round-robin of 4 created by the operators,
played to the end with the bots' policies at the seats, shown, exported beside its games' logs
and verified; and a changed pairing, a changed result, and a game log whose end disagrees with
the recorded result each refused, naming the event that breaks."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from adapters.bootstrap import Wiring, build
from adapters.config import Settings
from service.tournaments.events import TournamentId
from tests.cli.terminal import conquian
from tests.tournaments.play import play_round, players


@pytest.fixture
def wiring(own_database: Path) -> Iterator[Wiring]:
    wired = build(Settings.from_env({"CONQUIAN_DATA_DIR": str(own_database)}))
    yield wired
    wired.close()


@pytest.fixture
def exported(wiring: Wiring, tmp_path: Path) -> Path:
    """A finished double round-robin of four, exported to ``tmp_path/out``."""
    made = conquian("tournament", "create", "--format", "round-robin", "--size", "4", "--double")
    assert made.returncode == 0, made.stderr
    tournament_id = TournamentId(made.stdout.split()[2].rstrip(","))
    tournaments = wiring.tournaments
    assert tournaments is not None
    for player in players(4):
        tournaments.enter(tournament_id, player)
    tournaments.tend()
    for seed in range(6):
        play_round(tournaments, tournament_id, seed)
        tournaments.tend()
    assert tournaments.tournament(tournament_id).finished
    out = tmp_path / "out"
    done = conquian("tournament", "export", tournament_id, "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"exported: 13 files to {out}\n"  # the tournament and its 12 games
    return out / f"tournament-{tournament_id}.jsonl"


def test_show_gives_the_rounds_and_the_standings(exported: Path) -> None:
    tournament_id = exported.stem.removeprefix("tournament-")
    shown = conquian("tournament", "show", tournament_id, "--json")
    assert shown.returncode == 0, shown.stderr
    value = json.loads(shown.stdout)
    assert value["finished"] and len(value["rounds"]) == 6
    points = sum(float(one["points"]) for one in value["standings"])
    assert points == 12  # twelve matches, a point each
    text = conquian("tournament", "show", tournament_id)
    assert "PLACE  PLAYER" in text.stdout and "Round 6:" in text.stdout


def test_verify_passes_the_export_and_its_games(exported: Path) -> None:
    checked = conquian("verify", str(exported))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.startswith(f"valid: tournament {exported.stem[11:]}, ")


def test_a_changed_pairing_is_refused_at_its_event(exported: Path) -> None:
    lines = exported.read_text().splitlines()
    at = next(
        i for i, line in enumerate(lines) if '"RoundPaired"' in line and '"number": 2' in line
    )
    event = json.loads(lines[at])
    boards = event["data"]["pairings"]
    boards[0][1], boards[1][1] = boards[1][1], boards[0][1]  # two players swapped between boards
    lines[at] = json.dumps(event)
    exported.write_text("\n".join(lines) + "\n")

    checked = conquian("verify", str(exported))
    assert checked.returncode == 1
    assert checked.stdout.startswith(f"invalid: event {event['seq']}: the rules give RoundPaired(")


def test_a_changed_result_is_refused_at_its_event(exported: Path) -> None:
    lines = exported.read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if '"ResultRecorded"' in line)
    event = json.loads(lines[at])
    event["data"]["score"] = 0 if event["data"]["score"] else 2  # a loss for a win or a draw
    lines[at] = json.dumps(event)
    exported.write_text("\n".join(lines) + "\n")

    checked = conquian("verify", str(exported))
    assert checked.returncode == 1
    assert checked.stdout.startswith(f"invalid: event {event['seq']}: game ")


def test_a_game_log_whose_end_disagrees_is_refused(exported: Path) -> None:
    """The game's log without its last append (the final move and the match's end) is a valid
    log of a game still running, so the result the tournament records is not the one it ends
    with."""
    lines = exported.read_text().splitlines()
    event = json.loads(next(line for line in lines if '"ResultRecorded"' in line))
    paired = json.loads(next(line for line in lines if '"RoundPaired"' in line))
    game_id = paired["data"]["pairings"][event["data"]["board"]][2]
    game_file = exported.parent / f"{game_id}.jsonl"
    game_lines = game_file.read_text().splitlines()
    last = json.loads(game_lines[-1])["at"]
    kept = [line for line in game_lines[1:] if json.loads(line)["at"] != last]
    header = json.loads(game_lines[0])
    header["events"] = len(kept)
    game_file.write_text("\n".join([json.dumps(header), *kept]) + "\n")
    assert conquian("verify", str(game_file)).returncode == 0  # valid on its own

    checked = conquian("verify", str(exported))
    assert checked.returncode == 1
    assert checked.stdout == f"invalid: event {event['seq']}: game {game_id} has not ended\n"
