"""The move path and replay of this tree against another checkout's, in one run.

A change that should not cost speed (a new layout, a refactoring) is held to the figures of the
commit before it, measured on the same machine in the same minutes: each round runs every
command once in the base tree and once here, alternately, pinned to one core, and the medians of
the rounds are compared.  This machine's noise cancels only in such a ratio.

    git worktree add --detach ../base HEAD~1 && (cd ../base && make venv)
    python -m tests.bench.compare --base ../base

The base tree runs with its own virtual environment (``BASE/.venv``) and from its own directory,
so each side imports its own code.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
from dataclasses import dataclass
from pathlib import Path

from tests.bench.run import pin

ROOT = Path(__file__).resolve().parents[2]
DATABASES = ("sqlite", "postgresql")


@dataclass(frozen=True)
class Measure:
    label: str
    argv: tuple[str, ...]
    key: str
    """The result's figure; larger is better for ``moves_per_second``, smaller for times."""
    larger_is_better: bool


def measures(moves: int) -> list[Measure]:
    out = [
        Measure(
            f"moves, {database}, {games} game{'s' if games > 1 else ''}",
            ("-m", "tests.bench.moves", "--database", database, *_sized(games, moves)),
            "moves_per_second",
            True,
        )
        for database in DATABASES
        for games in (1, 100)
    ]
    out += [
        Measure(
            f"replay, {database}",
            ("-m", "tests.bench.replay", "--database", database),
            "rebuild_p50_ms",
            False,
        )
        for database in DATABASES
    ]
    return out


def _sized(games: int, moves: int) -> tuple[str, ...]:
    return ("--games", str(games), "--moves", str(moves))


def run_one(tree: Path, measure: Measure, core: int) -> float:
    argv = (*pin(core), str(tree / ".venv" / "bin" / "python"), *measure.argv)
    done = subprocess.run(argv, cwd=tree, capture_output=True, text=True, check=True)
    result = json.loads(done.stdout.strip().splitlines()[-1])
    return float(result[measure.key])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", type=Path, required=True, help="the other checkout")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--core", type=int, default=1)
    args = parser.parse_args()
    base = args.base.resolve()
    found: dict[tuple[str, str], list[float]] = {}
    for _ in range(args.rounds):
        for measure in measures(args.moves):
            for side, tree in (("base", base), ("this", ROOT)):
                found.setdefault((measure.label, side), []).append(
                    run_one(tree, measure, args.core)
                )
    print(f"| measure | base ({base.name}) | this tree | this / base |")
    print("| --- | --- | --- | --- |")
    for measure in measures(args.moves):
        before = statistics.median(found[(measure.label, "base")])
        after = statistics.median(found[(measure.label, "this")])
        ratio = after / before if measure.larger_is_better else before / after
        print(f"| {measure.label} | {before:,.2f} | {after:,.2f} | {ratio:.3f} |")


if __name__ == "__main__":
    main()
