"""``conquian ratings rebuild`` and ``conquian stats PLAYER`` on the configured database."""

from __future__ import annotations

from pathlib import Path

from adapters.bootstrap import build
from adapters.config import Settings
from service.ports.directory import Address
from tests.cli.terminal import conquian


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
