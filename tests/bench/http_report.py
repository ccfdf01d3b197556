"""The HTTP part of ``make bench``: runs ``http_load`` ``repeats`` times and renders its section
of ``docs/benchmarks.md``, judged against the issue's targets (≥ 300 moves/s, p99 < 100 ms)."""

from __future__ import annotations

import json
import os
import shlex
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tests.bench.report import met, rate, table

ROOT = Path(__file__).resolve().parents[2]
TARGET_MOVES = 300
P99_LIMIT_MS = 100.0


def command(seconds: float, clients: int) -> list[str]:
    python = os.path.relpath(sys.executable, ROOT)
    return [
        python,
        "-m",
        "tests.bench.http_load",
        "--seconds",
        f"{seconds:g}",
        "--clients",
        str(clients),
    ]


def measure(seconds: float, clients: int, repeats: int) -> list[dict[str, Any]]:
    """Every run's figures; a failing run stops the benchmark loudly."""
    argv = command(seconds, clients)
    runs = []
    for round_ in range(1, repeats + 1):
        done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"{shlex.join(argv)} failed ({done.returncode}):\n{done.stderr}")
        result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
        runs.append(result)
        print(
            f"  [{round_}/{repeats}] HTTP: {result['moves_per_second']:,.0f} moves/s, "
            f"p99 {result['p99_ms']:.1f} ms",
            flush=True,
        )
    return runs


def render(runs: Sequence[dict[str, Any]], seconds: float, clients: int) -> str:
    def median(key: str) -> float:
        return statistics.median(run[key] for run in runs)

    moves, p50, p99 = median("moves_per_second"), median("p50_ms"), median("p99_ms")
    spread = ", ".join(rate(run["moves_per_second"]) for run in runs)
    rows = [
        (
            "Moves/s through HTTP (2 web processes, 1 worker, PostgreSQL)",
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
        (
            "Look before each move (`GET /api/v1/games/ID`): p50 / p99",
            f"{median('look_p50_ms'):.1f} ms / {median('look_p99_ms'):.1f} ms",
            "—",
            "—",
        ),
        ("Requests/s (looks and moves)", rate(median("requests_per_second")), "—", "—"),
        (
            "Moves refused (should be none)",
            str(sum(run["refused"] for run in runs)),
            "0",
            met(not any(run["refused"] for run in runs)),
        ),
    ]
    return "\n".join(
        [
            "### HTTP: sustained moves through the JSON API",
            "",
            f"Command, run {len(runs)} time{'s' if len(runs) > 1 else ''}; the medians count:",
            "",
            "```",
            shlex.join(command(seconds, clients)),
            "```",
            "",
            table(("Measurement", "Value", "Target", "Met?"), rows),
            "",
            f"- {clients} client threads in the benchmark process each play whole games between two"
            " web players over keep-alive connections, alternating between the two web processes"
            " as a round-robin balancer would: before each move the player's view is read, then a"
            " random legal move is sent with the version seen. New players and games are made as"
            " games end (inside the window, not counted as moves). Latencies are measured at the"
            " client, so they include the client's own queueing under the GIL.",
            "- Processes: `conquian serve --role migrate`, then two `--role web` (waitress, 8"
            " threads each) and one `--role worker` (sending each move's notification), on a"
            " scratch PostgreSQL database with synchronous commit; nothing is pinned: web, worker,"
            " PostgreSQL and the client share the machine's two cores.",
        ]
    )
