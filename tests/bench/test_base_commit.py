"""``make bench``'s comparison with an earlier commit: its export, its judgement, its same-games
check.  The timings themselves are the benchmark's; here only what decides a verdict."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.bench import base_commit
from tests.bench.job import Mismatch

GAMES = {"games": 2000, "wins": [268, 283], "draws": 1449, "decisions": 84719, "mean_turns": 23.3}


def runs(per_cpu: list[float], wall: list[float], **changed: Any) -> list[dict[str, Any]]:
    return [
        {**GAMES, **changed, "deals_per_cpu_second": cpu, "deals_per_second": clock}
        for cpu, clock in zip(per_cpu, wall, strict=True)
    ]


def measured(this: list[float], then: list[float]) -> dict[str, list[dict[str, Any]]]:
    """Interpreted runs of both trees (CPU rates as given, wall clock alike on both sides)."""
    return {
        base_commit.label("interpreted", base_commit.THIS): runs(this, [1000.0] * len(this)),
        base_commit.label("interpreted", "59d3f33"): runs(then, [1000.0] * len(then)),
    }


def verdicts(text: str) -> list[str]:
    """The "Met?" cell of each judged row."""
    return [line.rsplit("|", 2)[-2].strip() for line in text.splitlines() if "CPU second" in line]


def test_judged_on_the_median_of_the_rounds_ratios() -> None:
    # Round ratios 1.10, 0.95, 1.02: the median is 1.02, though one round was slower.
    faster = measured([2200.0, 1900.0, 2040.0], [2000.0, 2000.0, 2000.0])
    assert verdicts(base_commit.render(faster, "59d3f33")) == ["yes"]
    assert "1.020×" in base_commit.render(faster, "59d3f33")
    slower = measured([1980.0, 2100.0, 1900.0], [2000.0, 2000.0, 2000.0])
    assert verdicts(base_commit.render(slower, "59d3f33")) == ["**no**"]


def test_nothing_rendered_without_the_earlier_commit() -> None:
    alone = {base_commit.label("interpreted", base_commit.THIS): runs([2000.0], [1000.0])}
    assert base_commit.render(alone, "59d3f33") == ""


def test_other_games_stop_the_run() -> None:
    found = measured([2000.0], [2000.0])
    assert base_commit.check(found, "59d3f33")  # the same games: a note recording it
    found[base_commit.label("interpreted", "59d3f33")] = runs([2000.0], [1000.0], draws=1448)
    with pytest.raises(Mismatch):
        base_commit.check(found, "59d3f33")


def test_export_holds_the_commit_and_only_once(tmp_path: Path) -> None:
    notes: list[str] = []
    source = base_commit.export("59d3f33", tmp_path, notes)
    assert source is not None and not notes
    assert (source / "service" / "rules" / "legal.py").is_file()
    assert not (source / "service" / "bots").exists()  # 59d3f33's layout, not this tree's
    marker = source / "service" / "marker"
    marker.write_text("kept", encoding="utf-8")
    assert base_commit.export("59d3f33", tmp_path, notes) == source
    assert marker.exists()  # the stamp matched: not exported again


def test_an_unknown_commit_is_a_note(tmp_path: Path) -> None:
    notes: list[str] = []
    assert base_commit.export("0000000", tmp_path, notes) is None
    assert notes and "not in this repository" in notes[0]
