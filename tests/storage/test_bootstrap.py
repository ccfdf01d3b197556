"""The composition root builds a working service on the default SQLite file, migrating at start."""

from __future__ import annotations

from pathlib import Path

from adapters.bootstrap import build
from adapters.config import Settings
from adapters.sql.migrate import current, head
from adapters.system import SystemChance, SystemClock
from service.game.events import PlayerId
from service.ports.memory_directory import ManualClock, SeededChance
from service.rules.cards import DECK


def test_build_creates_the_data_directory_migrates_and_serves(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path / "data")
    wiring = build(settings, ManualClock(), SeededChance(5))
    try:
        game_id = wiring.service.open_game(PlayerId("ana"), opponent=PlayerId("bot:greedy"))
        assert (tmp_path / "data" / "conquian.db").exists()
        assert current(wiring.engine) == head()
        assert [s.game_id for s in wiring.service.games_of(PlayerId("ana"))] == [game_id]
    finally:
        wiring.close()

    again = build(settings)  # a restart: migrating again is a no-op, the game is still there
    try:
        assert again.service.game(game_id).status == "playing"
    finally:
        again.close()


def test_a_database_url_in_the_settings_wins(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'elsewhere.db'}"
    wiring = build(Settings(data_dir=tmp_path / "unused", database_url=url))
    try:
        assert (tmp_path / "elsewhere.db").exists()
        assert not (tmp_path / "unused").exists()
    finally:
        wiring.close()


def test_the_system_clock_is_aware_utc_and_chance_deals_whole_decks() -> None:
    now = SystemClock().now()
    chance = SystemChance()

    assert now.utcoffset() is not None and now.utcoffset().total_seconds() == 0
    assert sorted(chance.deck()) == sorted(DECK)
    assert len(chance.salt()) == 32 and len(chance.token()) == 16
    assert chance.token() != chance.token()
    assert 0 <= chance.random() < 1
