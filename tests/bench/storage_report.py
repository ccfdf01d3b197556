"""The storage part of the generated block in ``docs/benchmarks.md``: the move path, replay, and
the ``eventsourcing`` reference, judged against the issue's targets."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Any

from tests.bench.report import info, met, rate, table
from tests.bench.storage import Command, StorageResults

TARGET_MOVES = {"sqlite": 1_500, "postgresql": 500}
P99_LIMIT_MS = 10.0
REBUILD_LIMIT_MS = 2.0
NAMES = {"sqlite": "SQLite", "postgresql": "PostgreSQL", "memory": "memory (no database)"}

Row = tuple[str, str, str, str]


def median(runs: Sequence[dict[str, Any]], key: str) -> float:
    return statistics.median(run[key] for run in runs)


def ms(value: float) -> str:
    return f"{value:.2f} ms"


def move_rows(command: Command, runs: Sequence[dict[str, Any]]) -> list[Row]:
    """Moves/s (judged), and p50/p99 per move (p99 judged), for one database and mode."""
    mode = "one game at a time" if command.games == 1 else f"{command.games} games interleaved"
    where = f"{NAMES[command.database]}, {mode}"
    moves = median(runs, "moves_per_second")
    spread = ", ".join(rate(run["moves_per_second"]) for run in runs)
    p50, p99 = median(runs, "p50_ms"), median(runs, "p99_ms")
    target = TARGET_MOVES[command.database]
    return [
        (
            f"{where}: moves/s",
            f"{rate(moves)} (runs: {spread})",
            f"≥ {rate(target)}",
            met(moves >= target),
        ),
        (
            f"{where}: p50 / p99 per move",
            f"{ms(p50)} / {ms(p99)}",
            f"p99 < {P99_LIMIT_MS:g} ms",
            met(p99 < P99_LIMIT_MS),
        ),
    ]


def replay_rows(command: Command, runs: Sequence[dict[str, Any]]) -> list[Row]:
    """Time to rebuild a finished game (judged on the median), and events rebuilt per second."""
    where = NAMES[command.database]
    p50, p99 = median(runs, "rebuild_p50_ms"), median(runs, "rebuild_p99_ms")
    events = runs[0]["events_per_game"]
    return [
        (
            f"Rebuild a finished game ({events:.0f} events) from {where}: p50 / p99",
            f"{ms(p50)} / {ms(p99)}",
            f"< {REBUILD_LIMIT_MS:g} ms",
            met(p50 < REBUILD_LIMIT_MS),
        ),
        info(
            f"Events rebuilt per second from {where} (load + decode + fold)",
            rate(median(runs, "rebuilt_events_per_second")),
        ),
    ]


def storage_rows(results: StorageResults) -> list[Row]:
    rows: list[Row] = [("**Move path through `GameService.act`**", "", "", "")]
    moves = [c for c in results.commands if c.kind == "moves"]
    for command in moves:
        rows += move_rows(command, results.runs[command.label])
    if moves:
        appended = median(results.runs[moves[0].label], "events_per_move")
        rows.append(info("Events appended per move, mean", f"{appended:.2f}"))
    rows.append(("**Replay**", "", "", ""))
    replays = [c for c in results.commands if c.kind == "replay"]
    for command in replays:
        rows += replay_rows(command, results.runs[command.label])
    memory = next((c for c in replays if c.database == "memory"), None)
    if memory is not None:
        folded = median(results.runs[memory.label], "folded_events_per_second")
        rows.append(info("Events folded per second (decoded events, `fold` alone)", rate(folded)))
    return rows


def paired(ours: Sequence[dict[str, Any]], theirs: Sequence[dict[str, Any]]) -> float:
    """Our moves/s over their appends/s: the median of the ratios of runs from the same round."""
    return statistics.median(
        a["moves_per_second"] / b["appends_per_second"] for a, b in zip(ours, theirs, strict=True)
    )


def reference_table(results: StorageResults) -> str:
    """Each reference run beside our one-game move path on the same database, with the ratio."""
    references = [c for c in results.commands if c.kind == "reference"]
    rows = []
    for command in references:
        runs = results.runs[command.label]
        ours = next(
            c for c in results.commands if c.kind == "moves" and c.database == command.database
        )
        rows.append(
            [
                NAMES[command.database],
                f"{runs[0]['library']}, {command.variant}",
                rate(median(runs, "appends_per_second")),
                f"{ms(median(runs, 'p50_ms'))} / {ms(median(runs, 'p99_ms'))}",
                rate(median(results.runs[ours.label], "moves_per_second")),
                f"{paired(results.runs[ours.label], runs):.2f}×",
            ]
        )
    headers = (
        "Database",
        "Reference: bare append (one event per append)",
        "Appends/s",
        "p50 / p99",
        "Ours: moves/s, one game",
        "Ours/theirs",
    )
    return table(headers, rows)


def standing_notes(results: StorageResults) -> list[str]:
    moves = next(
        (runs[0]["moves"] for label, runs in results.runs.items() if label.startswith("moves")),
        0,
    )
    return [
        "Move path: each move is a text command with the version the player was shown, through"
        " `GameService.act` (parse, decide, append with the summary, the opponent's notification"
        " in the outbox); a greedy bot picks it from the player's view outside the timed call."
        " Two people play, so nothing is played by the service itself. Moves/s counts the time"
        f" inside `act` only. After 200 moves of warm-up, {moves:,} moves per run; a finished game"
        " is replaced by a new one (not timed). Databases are made for each run: SQLite in a"
        " temporary directory, PostgreSQL a new database on the local server, dropped after.",
        "Replay: 100 finished one-deal games (bot against bot) are rebuilt five times each as a"
        " process that never saw them does (`fold(store.load(game_id))`: read, decode, fold) on"
        " a store object without cache; the target is judged on the median game.",
        "Reference: the `eventsourcing` library's application recorder, `insert_events` with one"
        " serialised event per call (no aggregate or mapper), in the benchmark venv. Ours/theirs"
        " divides our full move path (several events, summary, notification per move) by that"
        " bare append, round by round; above 1× our move path outruns its bare append.",
    ]


def render(results: StorageResults, commands: Sequence[str], repeats: int) -> str:
    """The section: its commands, the judged table, the reference beside ours."""
    parts = [
        "### Storage: the move path and replay",
        "",
        f"Commands, each run {repeats} time{'s' if repeats > 1 else ''}, interleaved; the medians"
        " count (`<scratch>`: a database made for the run, see notes). The interpreted package,"
        " as the tests run it:",
        "",
        "```",
        *commands,
        "```",
        "",
        table(("Measurement", "Value", "Target", "Met?"), storage_rows(results)),
        "",
    ]
    if any(c.kind == "reference" for c in results.commands):
        parts += [reference_table(results)]
    return "\n".join(parts).rstrip("\n")
