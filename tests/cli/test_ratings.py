"""``conquian ratings rebuild`` and ``conquian stats PLAYER`` on the configured database."""

from __future__ import annotations

import json
from contextlib import redirect_stdout
from io import StringIO
from pathlib import Path

from adapters.bootstrap import build
from adapters.cli.main import main
from adapters.config import Settings
from service.ports.directory import Address
from tests.cli.terminal import conquian
from tests.cli.test_logs import play_into, write_log


def test_rebuild_counts_the_finished_games_and_stats_shows_the_record(own_database: Path) -> None:
    wiring = build(Settings(data_dir=own_database))
    try:
        ana, ben = (wiring.directory.register(n, Address("log", n)) for n in ("Ana", "Ben"))
        service = wiring.service
        for _ in range(2):
            game_id = service.open_game(ana)
            service.join(service.game(game_id).invitation, ben)
            service.resign(game_id, ben)
    finally:
        wiring.close()

    rebuilt = conquian("ratings", "rebuild")
    assert rebuilt.returncode == 0, rebuilt.stderr
    assert rebuilt.stdout.startswith("rebuilt: 2 games counted in ")

    shown = conquian("stats", ana, "--lang", "es")
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith("Ana: puntuación ") and "Victorias 2, derrotas 0" in shown.stdout


def test_an_imported_log_counts_only_if_it_verifies(own_database: Path, tmp_path: Path) -> None:
    played = play_into(tmp_path / "source", 6)
    genuine = write_log(tmp_path / "game.jsonl", played.log)
    lines = genuine.read_text(encoding="utf-8").splitlines()
    at = next(n for n, line in enumerate(lines) if json.loads(line).get("name") == "MatchEnded")
    ended = json.loads(lines[at])
    ended["data"]["winner"] = 2 if ended["data"]["winner"] == 1 else 1  # the loser made winner
    lines[at] = json.dumps(ended)
    forged = tmp_path / "forged.jsonl"
    forged.write_text("\n".join(lines) + "\n", encoding="utf-8")

    with redirect_stdout(StringIO()):
        assert main(["import", str(forged)]) == 1
        wiring = build(Settings(data_dir=own_database))
        try:
            assert wiring.ratings.catch_up() == 0
        finally:
            wiring.close()
        assert main(["import", str(genuine)]) == 0
    wiring = build(Settings(data_dir=own_database))
    try:
        assert wiring.ratings.catch_up() == 1
        assert set(wiring.ratings.store.counted()) == {played.game_id}
    finally:
        wiring.close()
