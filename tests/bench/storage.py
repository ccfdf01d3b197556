"""``make bench``, storage part: the move path, replay, and the ``eventsourcing`` reference.

Every command is a subprocess pinned like the rules benchmarks and run ``repeats`` times,
interleaved, so the machine's drift hits all of them alike and the ours/theirs ratio compares
runs from the same round.  Ours (``moves.py``, ``replay.py``) make their own scratch databases;
the reference runs in the benchmark venv against a scratch database made here for each run.

PostgreSQL is the local server.  If it cannot be reached its figures are left out with a note,
or, under ``CI=true``, the benchmark fails (``databases.Unreachable``).
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.bench import databases

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).parent
MOVE_GAMES = (1, 100)
REPLAY_STORES = ("memory", "sqlite", "postgresql")
SCRATCH = "<scratch>"
"""Where a reference command's database goes; filled in per run, shown as is in the doc."""


@dataclass(frozen=True)
class Command:
    """One storage measurement: ``kind`` is ``moves``, ``replay`` or ``reference``."""

    label: str
    kind: str
    database: str
    argv: tuple[str, ...]
    games: int = 1
    variant: str = ""

    def shown(self, pinning: Sequence[str]) -> str:
        return shlex.join([*pinning, *self.argv])


@dataclass
class StorageResults:
    """Every run of every command, by label, and the commands as shown."""

    commands: list[Command]
    runs: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    databases: tuple[str, ...] = databases.DATABASES


def relative(path: Path | str) -> str:
    """A path as seen from the repository root (not resolved: a venv's python is a link)."""
    return os.path.relpath(path, ROOT)


def our_commands(python: str, present: Sequence[str], moves: int) -> list[Command]:
    """The move path on each database, one game and 100 interleaved; replay from each store."""
    module = (python, "-m", "tests.bench.moves")
    commands = [
        Command(
            f"moves, {database}, {games} game{'s' if games > 1 else ''}",
            "moves",
            database,
            (*module, "--database", database, "--games", str(games), "--moves", str(moves)),
            games,
        )
        for database in present
        for games in MOVE_GAMES
    ]
    commands += [
        Command(
            f"replay, {store}",
            "replay",
            store,
            (python, "-m", "tests.bench.replay", "--database", store),
        )
        for store in REPLAY_STORES
        if store == "memory" or store in present
    ]
    return commands


def reference_commands(bench_python: str, present: Sequence[str], appends: int) -> list[Command]:
    """The library's bare append: as shipped on each database, and its like-for-like options."""
    script = relative(HERE / "eventsourcing_append.py")
    base = (bench_python, "-I", script)
    count = ("--appends", str(appends))
    commands = []
    if "sqlite" in present:
        sqlite = (*base, "--database", "sqlite", "--path", SCRATCH, *count)
        commands += [
            Command("eventsourcing, sqlite", "reference", "sqlite", sqlite, variant="as shipped"),
            Command(
                "eventsourcing, sqlite, synchronous=NORMAL",
                "reference",
                "sqlite",
                (*sqlite, "--synchronous", "normal"),
                variant="synchronous=NORMAL, as ours",
            ),
        ]
    if "postgresql" in present:
        postgresql = (*base, "--database", "postgresql", "--dbname", SCRATCH, *count)
        commands += [
            Command(
                "eventsourcing, postgresql",
                "reference",
                "postgresql",
                postgresql,
                variant="as shipped",
            ),
            Command(
                "eventsourcing, postgresql, db functions",
                "reference",
                "postgresql",
                (*postgresql, "--db-functions"),
                variant="enable_db_functions",
            ),
        ]
    return commands


def present_databases(notes: list[str]) -> tuple[str, ...]:
    """SQLite always; PostgreSQL if reachable (``Unreachable`` under CI otherwise)."""
    try:
        databases.postgres_user()
    except databases.Unreachable as error:
        if databases.postgres_required():
            raise
        notes.append(f"PostgreSQL was not measured: {error} (under CI=true this fails the run).")
        return ("sqlite",)
    return databases.DATABASES


@contextmanager
def reference_database(command: Command) -> Iterator[list[str]]:
    """The command's arguments with a fresh scratch database in place of ``SCRATCH``."""
    if command.database == "sqlite":
        with tempfile.TemporaryDirectory(prefix="conquian-bench-es-") as directory:
            yield [
                str(Path(directory) / "eventsourcing.db") if a == SCRATCH else a
                for a in command.argv
            ]
        return
    with databases.postgresql_database() as url:
        where = databases.libpq(url)
        argv = [where["dbname"] if a == SCRATCH else a for a in command.argv]
        connection = ["--host", where["host"], "--port", where["port"], "--user", where["user"]]
        yield [*argv, *connection]


def run_one(command: Command, pinning: Sequence[str]) -> dict[str, Any]:
    """Run a command that prints one JSON object last; a failure stops the benchmark loudly."""
    if command.kind == "reference":
        with reference_database(command) as argv:
            return _run([*pinning, *argv])
    return _run([*pinning, *command.argv])


def _run(argv: Sequence[str]) -> dict[str, Any]:
    done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{shlex.join(argv)} failed ({done.returncode}):\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def headline(command: Command, result: dict[str, Any]) -> str:
    if command.kind == "moves":
        return f"{result['moves_per_second']:,.0f} moves/s, p99 {result['p99_ms']:.2f} ms"
    if command.kind == "replay":
        return f"rebuild p50 {result['rebuild_p50_ms']:.2f} ms"
    return f"{result['appends_per_second']:,.0f} appends/s"


def measure(
    python: str,
    bench_python: str | None,
    pinning: Sequence[str],
    repeats: int,
    notes: list[str],
    moves: int = 3000,
) -> StorageResults:
    """Run the storage commands ``repeats`` times, interleaved; every run kept.  Without
    ``bench_python`` (the reference was skipped or could not be installed) ours run alone."""
    present = present_databases(notes)
    commands = our_commands(python, present, moves)
    if bench_python is not None:
        commands += reference_commands(bench_python, present, moves)
    results = StorageResults(commands, {c.label: [] for c in commands}, present)
    print("Storage commands:\n  " + "\n  ".join(c.shown(pinning) for c in commands), flush=True)
    for round_ in range(1, repeats + 1):
        for command in commands:
            result = run_one(command, pinning)
            results.runs[command.label].append(result)
            print(
                f"  [{round_}/{repeats}] {command.label}: {headline(command, result)}", flush=True
            )
    return results


if __name__ == "__main__":  # a quick look without the rest of make bench
    found: list[str] = []
    measured = measure(
        relative(sys.executable), relative(ROOT / ".venv-bench/bin/python"), (), 1, found
    )
    print(json.dumps(measured.runs, indent=1), *found, sep="\n")
