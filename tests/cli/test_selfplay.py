"""``conquian selfplay`` through the real console script: bots play whole deals, it reports.

Self-play stays in memory; each test points ``CONQUIAN_DATA_DIR`` at its own directory
(``own_database``) all the same, so a run that wrote a database would not touch ./var.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

CONQUIAN = Path(sys.executable).parent / "conquian"
KEYS = {
    "games",
    "bot",
    "seed",
    "variant",
    "wins",
    "draws",
    "mean_turns",
    "decisions",
    "seconds",
    "deals_per_second",
    "decisions_per_second",
}
VOLATILE = {"seconds", "deals_per_second", "decisions_per_second"}
pytestmark = pytest.mark.usefixtures("own_database")


def selfplay(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(CONQUIAN), "selfplay", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        stdin=subprocess.DEVNULL,
        env=dict(os.environ),
    )


def report(*args: str) -> dict[str, Any]:
    result = selfplay(*args, "--json")
    assert result.returncode == 0, result.stderr
    (line,) = result.stdout.splitlines()
    parsed: dict[str, Any] = json.loads(line)
    return parsed


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_json_report_counts_every_deal(bot: str) -> None:
    tally = report("--games", "40", "--seed", "7", "--bot", bot)
    assert set(tally) == KEYS
    assert tally["games"] == 40
    assert (tally["bot"], tally["seed"], tally["variant"]) == (bot, 7, {})
    assert len(tally["wins"]) == 2
    assert sum(tally["wins"]) + tally["draws"] == 40
    assert 1 <= tally["mean_turns"] <= 42  # I9: a deal ends within 42 turns
    assert tally["decisions"] >= tally["mean_turns"] * 40
    assert tally["seconds"] > 0
    assert tally["deals_per_second"] == pytest.approx(40 / tally["seconds"])
    assert tally["decisions_per_second"] == pytest.approx(tally["decisions"] / tally["seconds"])


def test_the_same_seed_plays_the_same_deals() -> None:
    first = report("--games", "30", "--seed", "3")
    again = report("--games", "30", "--seed", "3")
    other = report("--games", "30", "--seed", "4")
    same = {key: value for key, value in first.items() if key not in VOLATILE}
    assert same == {key: value for key, value in again.items() if key not in VOLATILE}
    assert (first["wins"], first["decisions"]) != (other["wins"], other["decisions"])


def test_variant_flags_are_reported_and_used() -> None:
    tally = report(
        "--games", "20", "--variant", "deck_faces=spanish", "--variant", "forcing=disabled"
    )
    assert tally["variant"] == {"deck_faces": "spanish", "forcing": "disabled"}
    assert sum(tally["wins"]) + tally["draws"] == 20
    upcard = report("--games", "20", "--variant", "first_turn=dealer_upcard")
    assert upcard["variant"] == {"first_turn": "dealer_upcard"}
    assert upcard["mean_turns"] <= 43  # I9 under first_turn=dealer_upcard


def test_text_report_names_wins_draws_turns_and_speed() -> None:
    result = selfplay("--games", "25", "--seed", "2", "--bot", "greedy")
    assert result.returncode == 0, result.stderr
    tally = report("--games", "25", "--seed", "2", "--bot", "greedy")
    text = result.stdout
    assert text.startswith("25 deals, greedy bots, seed 2")
    assert f"player 1 won {tally['wins'][0]}" in text
    assert f"player 2 won {tally['wins'][1]}" in text
    assert f"{tally['draws']} drawn" in text
    assert f"{tally['mean_turns']:.1f} turns per deal" in text
    assert "deals/s" in text
    assert "decisions/s" in text


def test_an_unknown_variant_flag_is_refused_by_argparse() -> None:
    result = selfplay("--games", "5", "--variant", "nosuch=1")
    assert result.returncode == 2
    assert "unknown variant flag 'nosuch'" in result.stderr
    assert result.stdout == ""


def test_an_unknown_bot_is_refused_by_argparse() -> None:
    result = selfplay("--games", "5", "--bot", "clever")
    assert result.returncode == 2
    assert "clever" in result.stderr


def test_a_negative_number_of_games_is_refused() -> None:
    result = selfplay("--games", "-3", "--json")
    assert result.returncode == 2
    assert "--games" in result.stderr


def test_selfplay_stores_nothing(own_database: Path) -> None:
    assert selfplay("--games", "5").returncode == 0
    assert list(own_database.iterdir()) == []
