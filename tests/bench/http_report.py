"""The HTTP part of ``make bench``: runs ``http_load`` in both scenarios, ``repeats`` times each,
interleaved, and renders its section of ``docs/benchmarks.md``, judged against the issue's
targets (≥ 300 moves/s, p99 under 100 ms)."""

from __future__ import annotations

import json
import os
import shlex
import statistics
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tests.bench.report import met, rate, table

ROOT = Path(__file__).resolve().parents[2]
TARGET_MOVES = 300
P99_LIMIT_MS = 100.0
SCENARIOS = {
    "friend": "two people, each move after a look at the game",
    "greedy": "one player against the bot, each answer the next position",
}

Runs = Mapping[str, Sequence[dict[str, Any]]]


def command(seconds: float, clients: int, opponent: str) -> list[str]:
    python = os.path.relpath(sys.executable, ROOT)
    return [
        *(python, "-m", "tests.bench.http_load", "--seconds", f"{seconds:g}"),
        *("--clients", str(clients), "--opponent", opponent),
    ]


def measure(seconds: float, clients: int, repeats: int) -> dict[str, list[dict[str, Any]]]:
    """Every run's figures per scenario; a failing run stops the benchmark loudly."""
    runs: dict[str, list[dict[str, Any]]] = {opponent: [] for opponent in SCENARIOS}
    for round_ in range(1, repeats + 1):
        for opponent in SCENARIOS:
            argv = command(seconds, clients, opponent)
            done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True)
            if done.returncode != 0:
                raise RuntimeError(f"{shlex.join(argv)} failed ({done.returncode}):\n{done.stderr}")
            result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
            runs[opponent].append(result)
            print(
                f"  [{round_}/{repeats}] HTTP, {opponent}: {result['moves_per_second']:,.0f}"
                f" moves/s, p99 {result['p99_ms']:.1f} ms",
                flush=True,
            )
    return runs


def _rows(opponent: str, runs: Sequence[dict[str, Any]]) -> list[tuple[str, str, str, str]]:
    def median(key: str) -> float:
        return statistics.median(run[key] for run in runs)

    moves, p50, p99 = median("moves_per_second"), median("p50_ms"), median("p99_ms")
    spread = ", ".join(rate(run["moves_per_second"]) for run in runs)
    refused = sum(run["refused"] for run in runs)
    rows = [
        (f"**{SCENARIOS[opponent].capitalize()}**", "", "", ""),
        (
            "Moves/s",
            f"{rate(moves)} (runs: {spread})",
            f"≥ {TARGET_MOVES}",
            met(moves >= TARGET_MOVES),
        ),
        (
            "Move (`POST …/moves`): p50 / p99",
            f"{p50:.1f} ms / {p99:.1f} ms",
            f"p99 < {P99_LIMIT_MS:g} ms",
            met(p99 < P99_LIMIT_MS),
        ),
    ]
    if runs[0]["look_p50_ms"] is not None:
        looks = f"{median('look_p50_ms'):.1f} ms / {median('look_p99_ms'):.1f} ms"
        rows.append(("Look (`GET /api/v1/games/ID`): p50 / p99", looks, "—", "—"))
    rows += [
        ("Requests/s", rate(median("requests_per_second")), "—", "—"),
        ("Moves refused", str(refused), "0", met(refused == 0)),
    ]
    return rows


def render(runs: Runs, seconds: float, clients: int, load: str) -> str:
    repeats = len(next(iter(runs.values())))
    rows = [row for opponent, group in runs.items() for row in _rows(opponent, group)]
    commands = [shlex.join(command(seconds, clients, opponent)) for opponent in runs]
    return "\n".join(
        [
            "### HTTP: sustained moves through the JSON API",
            "",
            f"Commands, each run {repeats} time{'s' if repeats > 1 else ''}, interleaved; the"
            f" medians count. Load average when this part started: {load}.",
            "",
            "```",
            *commands,
            "```",
            "",
            table(
                ("Measurement (2 web processes, 1 worker, PostgreSQL)", "Value", "Target", "Met?"),
                rows,
            ),
            "",
            f"- {clients} client threads in the benchmark process play whole games over keep-alive"
            " connections; every request goes to the next web process in turn, as a round-robin"
            " balancer would send it. With two people, the player to act first reads their view"
            " (what their page or app does before a move), then sends a random legal move with the"
            " version seen; against the bot, each move's answer is the player's next position"
            " (the bot's replies are appended with the move). New players and games are made as"
            " games end, inside the window but not counted as moves. Latencies are measured at the"
            " client, so they include its own queueing.",
            "- Processes: `conquian serve --role migrate`, then two `--role web` (waitress, 4"
            " threads each) and one `--role worker` (sending every move's notification), on a"
            " scratch PostgreSQL database with synchronous commit. Nothing is pinned: the web"
            " processes, the worker, PostgreSQL and the client share the machine's two cores"
            " (and whatever else runs on it: see the load average).",
        ]
    )
