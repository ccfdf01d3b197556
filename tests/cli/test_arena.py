"""``conquian arena`` through the real console script: two bots over duplicate deals."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

CONQUIAN = Path(sys.executable).parent / "conquian"
pytestmark = pytest.mark.usefixtures("own_database")


def arena(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(CONQUIAN), "arena", *args], capture_output=True, text=True, timeout=120, check=False
    )


def report(*args: str) -> dict[str, Any]:
    done = arena(*args, "--json")
    assert done.returncode == 0, done.stderr
    return dict(json.loads(done.stdout))


def test_duplicate_deals_are_counted_from_the_first_bots_side_with_intervals() -> None:
    found = report("--bots", "easy,medium", "--games", "8", "--seed", "3")
    assert found["bots"] == ["easy", "medium"]
    assert found["deals"] == 8 == found["wins"] + found["losses"] + found["draws"]
    for key in ("win_share_95", "loss_share_95", "draw_share_95", "win_share_of_decided_95"):
        low, high = found[key]
        assert 0 <= low <= high <= 1
    assert found["decisions_per_second"] > 0
    assert set(found["ms_per_decision"]) == {"easy", "medium"}
    assert found["ms_per_decision"]["easy"]["median"] <= found["ms_per_decision"]["easy"]["p99"]


def test_swapping_the_bots_mirrors_the_result() -> None:
    """Each deck is played with the seats both ways, so A against B is B against A reversed."""
    one = report("--bots", "random,greedy", "--games", "6", "--seed", "2")
    other = report("--bots", "greedy,random", "--games", "6", "--seed", "2")
    assert (one["wins"], one["losses"], one["draws"]) == (
        other["losses"],
        other["wins"],
        other["draws"],
    )


def test_the_same_seed_plays_the_same_deals_and_a_variant_flag_is_reported() -> None:
    args = ("--bots", "hard,medium", "--games", "2", "--seed", "4", "--variant", "forcing=disabled")
    first, second = report(*args), report(*args)
    assert (first["wins"], first["losses"], first["draws"]) == (
        second["wins"],
        second["losses"],
        second["draws"],
    )
    assert first["variant"] == {"forcing": "disabled"}


def test_text_output_names_both_bots_and_the_interval() -> None:
    done = arena("--bots", "easy,easy", "--games", "2", "--seed", "1")
    assert done.returncode == 0, done.stderr
    assert "easy against easy" in done.stdout and "95 %" in done.stdout


@pytest.mark.parametrize("bots", ["hard", "hard,nobody", "hard,medium,easy", "friend,hard"])
def test_a_pair_that_is_not_two_bots_is_refused(bots: str) -> None:
    done = arena("--bots", bots, "--games", "2")
    assert done.returncode == 2
    assert "write two bots as A,B" in done.stderr


def test_the_hard_bot_before_issue_38_plays_in_the_arena_and_is_offered_to_no_one() -> None:
    """``hard-uniform`` (the search sampling the opponent's hand uniformly) is an arena-only bot:
    the arena seats it, the lobby's words for an opponent do not name it."""
    from service.words.lobby import OPPONENTS

    found = report("--bots", "hard,hard-uniform", "--games", "2", "--seed", "1")
    assert found["bots"] == ["hard", "hard-uniform"] and found["deals"] == 2
    assert set(found["ms_per_decision"]) == {"hard", "hard-uniform"}
    assert "hard-uniform" not in OPPONENTS
