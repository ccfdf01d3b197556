"""``make bench``, deadline part: how late timeouts fire with 10,000 active games, and how long a
start-up sweep of 10,000 overdue games takes (``deadlines.py``), on each database, judged against
the issue's targets.

Its block in ``docs/benchmarks.md`` has markers of its own, so a run of this part alone
(``--only deadlines``) records it without the rules and storage parts.
"""

from __future__ import annotations

import json
import shlex
import statistics
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.bench import report, storage
from tests.bench.report import info, met, table

START = "<!-- deadlines:start -->"
END = "<!-- deadlines:end -->"
P99_LIMIT_S = 1.0
STARTUP_LIMIT_S = {"sqlite": 10.0, "postgresql": 20.0}
NAMES = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}
MEASURES = ("lateness", "startup")


@dataclass(frozen=True)
class Command:
    measure: str
    database: str
    argv: tuple[str, ...]

    @property
    def label(self) -> str:
        return f"{self.measure}, {self.database}"


def commands(python: str, present: Sequence[str], games: int) -> list[Command]:
    module = (python, "-m", "tests.bench.deadlines", "--games", str(games))
    return [
        Command(measure, database, (*module, "--database", database, "--measure", measure))
        for database in present
        for measure in MEASURES
    ]


def run(
    found: Sequence[Command], pinning: Sequence[str], repeats: int
) -> dict[str, list[dict[str, Any]]]:
    """Every command ``repeats`` times, interleaved; a failure stops the benchmark loudly."""
    runs: dict[str, list[dict[str, Any]]] = {command.label: [] for command in found}
    for round_ in range(1, repeats + 1):
        for command in found:
            argv = [*pinning, *command.argv]
            done = subprocess.run(argv, cwd=storage.ROOT, capture_output=True, text=True)
            if done.returncode != 0:
                raise RuntimeError(f"{shlex.join(argv)} failed ({done.returncode}):\n{done.stderr}")
            result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
            runs[command.label].append(result)
            print(f"  [{round_}/{repeats}] {command.label}: {headline(result)}", flush=True)
    return runs


def headline(result: dict[str, Any]) -> str:
    if result["measure"] == "lateness":
        return f"p50 {result['lateness_p50_s']:.3f} s, p99 {result['lateness_p99_s']:.3f} s"
    return f"all {result['timed_out']:,} in {result['seconds_to_all']:.1f} s"


def seconds(values: Sequence[float]) -> str:
    return ", ".join(f"{value:.2f}" for value in values)


def rows(found: Sequence[Command], runs: dict[str, list[dict[str, Any]]]) -> list[report.Row]:
    lines: list[report.Row] = []
    for command in found:
        done, name = runs[command.label], NAMES[command.database]
        games = f"{done[0]['games']:,}"
        if command.measure == "lateness":
            p50 = statistics.median(one["lateness_p50_s"] for one in done)
            p99s = [one["lateness_p99_s"] for one in done]
            p99 = statistics.median(p99s)
            spread = f"{done[0]['spread_s']:.0f} s"
            lines += [
                (
                    f"{name}: timeouts fire after their deadline, p50 / p99 ({games} games due"
                    f" over {spread})",
                    f"{p50:.3f} s / {p99:.3f} s (p99 runs: {seconds(p99s)})",
                    f"p99 ≤ {P99_LIMIT_S:g} s",
                    met(p99 <= P99_LIMIT_S),
                ),
                info(
                    f"{name}: latest timeout, median of the runs' maxima",
                    f"{statistics.median(one['lateness_max_s'] for one in done):.3f} s",
                ),
            ]
        else:
            alls = [one["seconds_to_all"] for one in done]
            limit = STARTUP_LIMIT_S[command.database]
            lines.append(
                (
                    f"{name}: start-up sweep, {games} overdue games all timed out",
                    f"{statistics.median(alls):.1f} s (runs: {seconds(alls)})",
                    f"≤ {limit:g} s",
                    met(statistics.median(alls) <= limit and all(_complete(one) for one in done)),
                )
            )
    return lines


def _complete(result: dict[str, Any]) -> bool:
    """Every game of the run timed out (the figure is not of part of them)."""
    return bool(result["timed_out"] == result["games"])


def render(
    machine: Sequence[tuple[str, str]],
    shown: Sequence[str],
    found: Sequence[Command],
    runs: dict[str, list[dict[str, Any]]],
    repeats: int,
    notes: Sequence[str],
) -> str:
    parts = ["## Deadlines: the worker on the real clock", ""]
    parts += [f"- {name}: {value}" for name, value in machine]
    parts += [
        "",
        f"Commands, each run {repeats} time{'s' if repeats > 1 else ''}, interleaved; the medians"
        " count:",
        "",
        "```",
        *shown,
        "```",
        "",
        table(("Measurement", "Value", "Target", "Met?"), rows(found, runs)),
        "",
        *[f"- {note}" for note in [*notes, *STANDING]],
    ]
    return "\n".join(parts)


STANDING = [
    "Both runs open their games through `GameService` as players would (each player in two"
    " games, one-hour move time, the clock set in the past so the first deadlines fall where"
    " wanted; not timed), let a worker that ran all along send what fell due before, then start"
    " one worker (`Worker.start`: the scheduler, sweep rounds with their alarms, reminders and"
    " the outbox, its notifications to a sender that only counts). Times are those the worker"
    " wrote in the log.",
    "Lateness: every game's first deadline falls within the run, evenly spread; each timeout's"
    " time in the log minus its deadline. Start-up: every deadline fell during the ten minutes"
    " before the start (an outage); the time from `Worker.start` to the last timeout appended."
    " The worker process is pinned like the others; PostgreSQL runs where the system puts it.",
]


def write(path: Path, block: str) -> None:
    """Put ``block`` between this part's markers in the document (appended if it has none)."""
    document = path.read_text(encoding="utf-8")
    path.write_text(report.splice(document, block, START, END), encoding="utf-8")
