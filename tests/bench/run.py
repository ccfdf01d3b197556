"""``make bench``: our selfplay speed, ``legal_actions`` alone, and a reference gin rummy, in one run.

Every timed command is a subprocess pinned to one core and repeated, interleaved with the others,
so that the machine's drift hits all of them alike and the ratios between them stay meaningful.
Our commands are exactly the ones a user types (``conquian selfplay ... --json``); the references
run in a separate venv so their packages never reach the project's dependencies.  The results go
to stdout and into ``docs/benchmarks.md`` between its markers.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shlex
import shutil
import statistics
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.bench import prepare, report
from tests.bench.report import Summary

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Job:
    """One command to time; ``argv`` has paths relative to the repository, as a person types it."""

    label: str
    argv: tuple[str, ...]
    env: tuple[tuple[str, str], ...] = ()

    def shown(self, pinning: tuple[str, ...]) -> str:
        """The command line as a person would type it, environment assignments first."""
        return shlex.join([*(f"{name}={value}" for name, value in self.env), *pinning, *self.argv])


def relative(path: Path) -> str:
    """Paths as seen from the repository root, so the recorded commands can be pasted there."""
    return os.path.relpath(path, ROOT)


def pin(core: int) -> tuple[str, ...]:
    """The ``taskset`` prefix that keeps a process on ``core``; nothing if that is impossible."""
    if shutil.which("taskset") and core < (os.cpu_count() or 1):
        return ("taskset", "-c", str(core))
    return ()


def output(argv: Sequence[str]) -> str:
    """A short command's stdout, stripped; "unknown" when it cannot be run."""
    try:
        done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return done.stdout.strip()


def cpu_model() -> str:
    """The first "model name" of /proc/cpuinfo: all cores of these machines are alike."""
    try:
        lines = Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines()
    except OSError:
        return platform.processor() or "unknown"
    names = (line.split(":", 1)[1].strip() for line in lines if line.startswith("model name"))
    return next(names, "unknown")


def commit() -> str:
    """The short commit, flagged when the rules or adapters differ from it (figures then too)."""
    short = output(["git", "rev-parse", "--short", "HEAD"])
    dirty = output(["git", "status", "--porcelain", "--", "service", "adapters"])
    return f"{short} (with uncommitted changes under service/ or adapters/)" if dirty else short


def machine(pinning: tuple[str, ...], bench_python: Path | None) -> list[tuple[str, str]]:
    """What the figures depend on, recorded beside them."""
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    pythons = f"{platform.python_version()} (.venv)"
    if bench_python is not None:
        asked = output(
            [str(bench_python), "-c", "import platform; print(platform.python_version())"]
        )
        pythons += f", {asked} (bench venv)"
    return [
        ("Date", now),
        ("Commit", commit()),
        ("Cores (`nproc`)", output(["nproc"])),
        ("CPU", cpu_model()),
        ("System", platform.platform()),
        ("Python", pythons),
        ("Load average at start (1, 5, 15 min)", load),
        ("Pinning", shlex.join(pinning) if pinning else "none (taskset unavailable)"),
    ]


def our_jobs(args: argparse.Namespace) -> list[Job]:
    """``conquian selfplay`` with each bot, as the issue states the commands."""
    conquian = relative(Path(sys.prefix) / "bin" / "conquian")
    common = ("selfplay", "--games", str(args.games), "--seed", str(args.seed))
    return [Job(bot, (conquian, *common, "--bot", bot, "--json")) for bot in ("random", "greedy")]


def compiled_jobs(args: argparse.Namespace, tree: Path | None, notes: list[str]) -> list[Job]:
    """Random selfplay with the mypyc-compiled rules, checked to really load the compiled code.

    ``-P`` keeps the current directory (the source tree) from shadowing ``PYTHONPATH``.
    """
    if tree is None:
        return []
    python = relative(Path(sys.executable))
    argv = (python, "-P", "-m", "adapters.cli.main", "selfplay", "--games", str(args.games))
    job = Job(
        "random, mypyc",
        (*argv, "--seed", str(args.seed), "--bot", "random", "--json"),
        (("PYTHONPATH", relative(tree)),),
    )
    probe = [python, "-P", "-c", "import service.rules.legal as m; print(m.__file__)"]
    loaded = subprocess.run(probe, cwd=ROOT, env=environment(job), capture_output=True, text=True)
    if not loaded.stdout.strip().endswith(".so"):
        notes.append(f"The mypyc build was not picked up ({loaded.stdout.strip()}); not measured.")
        return []
    return [job]


def reference_jobs(args: argparse.Namespace, usable: set[str]) -> list[Job]:
    """The references available in the bench venv; the bare RLCard engine first (the headline).

    ``-I`` keeps the script's own directory off ``sys.path``, so no file of ours can shadow a
    module of theirs.
    """
    python = relative(args.bench_venv / "bin" / "python")
    games = ("--games", str(args.reference_games), "--seed", str(args.seed))
    jobs = []
    if "rlcard" in usable:
        script = relative(Path(__file__).with_name("rlcard_gin.py"))
        jobs += [
            Job("RLCard, bare game loop", (python, "-I", script, *games, "--loop", "game")),
            Job(
                "RLCard, env.run with RandomAgent", (python, "-I", script, *games, "--loop", "env")
            ),
        ]
    if "open_spiel" in usable:
        script = relative(Path(__file__).with_name("openspiel_gin.py"))
        jobs.append(Job("OpenSpiel (C++ via pyspiel)", (python, "-I", script, *games)))
    return jobs


def environment(job: Job) -> dict[str, str]:
    """The process environment with the job's assignments applied."""
    return {**os.environ, **dict(job.env)}


def run_json(job: Job, pinning: tuple[str, ...]) -> dict[str, Any]:
    """Run a command that prints one JSON object last; a failure stops the benchmark loudly."""
    argv = [*pinning, *job.argv]
    done = subprocess.run(argv, cwd=ROOT, env=environment(job), capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{shlex.join(argv)} failed ({done.returncode}):\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def run_interleaved(
    jobs: Sequence[Job], pinning: tuple[str, ...], repeats: int
) -> dict[str, list[dict[str, Any]]]:
    """Run every job ``repeats`` times, round-robin, so slow spells hit all jobs alike."""
    runs: dict[str, list[dict[str, Any]]] = {job.label: [] for job in jobs}
    for round_ in range(1, repeats + 1):
        for job in jobs:
            result = run_json(job, pinning)
            runs[job.label].append(result)
            print(f"  [{round_}/{repeats}] {job.label}: {result['deals_per_second']:,.0f}/s")
    return runs


def summarise(job: Job, runs: Sequence[dict[str, Any]]) -> Summary:
    """Medians of the rates; the counts are the same in every run (fixed seed)."""
    first = runs[0]
    return Summary(
        label=job.label,
        deals_per_second=statistics.median(run["deals_per_second"] for run in runs),
        decisions_per_second=statistics.median(run["decisions_per_second"] for run in runs),
        decisions_per_deal=first["decisions"] / first["games"],
        runs=tuple(run["deals_per_second"] for run in runs),
        library=first.get("library", "conquian (this repository)"),
    )


def legal_job(args: argparse.Namespace) -> Job:
    """``legal_actions`` timed on its own, in the project venv."""
    python = relative(Path(sys.executable))
    argv = (python, "-m", "tests.bench.legal", "--deals", str(args.legal_deals))
    return Job("legal_actions", (*argv, "--seed", str(args.seed)))


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    """The knobs; the defaults are the issue's figures."""
    parser = argparse.ArgumentParser(description="Benchmark the rules core (make bench).")
    parser.add_argument("--bench-venv", type=Path, default=ROOT / ".venv-bench")
    parser.add_argument("--python", default="python3", help="creates the bench venv")
    parser.add_argument("--games", type=int, default=2000, help="deals per selfplay run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=3, help="runs per command; medians count")
    parser.add_argument("--legal-deals", type=int, default=300, help="deals sampled for legal")
    parser.add_argument("--reference-games", type=int, default=300, help="games per reference run")
    parser.add_argument("--core", type=int, default=1, help="the core every timed run is pinned to")
    parser.add_argument("--doc", type=Path, default=ROOT / "docs" / "benchmarks.md")
    parser.add_argument("--no-references", action="store_true", help="skip RLCard/OpenSpiel")
    parser.add_argument("--no-mypyc", action="store_true", help="skip the compiled rules core")
    args = parser.parse_args(argv)
    args.bench_venv = args.bench_venv.resolve()
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Prepare, print the machine and commands, measure, then print and record the tables."""
    args = parse(argv)
    notes: list[str] = []
    venv = args.bench_venv
    usable = set() if args.no_references else prepare.bench_venv(venv, args.python, notes)
    tree = None if args.no_mypyc else prepare.compiled_tree(venv / "mypyc", sys.executable, notes)
    pinning = pin(args.core)
    facts = machine(pinning, venv / "bin" / "python" if usable else None)
    ours, compiled = our_jobs(args), compiled_jobs(args, tree, notes)
    references, legal = reference_jobs(args, usable), legal_job(args)
    jobs = [*ours, *compiled, *references]
    commands = [job.shown(pinning) for job in [*jobs, legal]]
    print("\n".join(f"{name}: {value}" for name, value in facts))
    print("Commands:\n  " + "\n  ".join(commands), flush=True)
    runs = run_interleaved(jobs, pinning, args.repeats)
    summaries = {job.label: summarise(job, runs[job.label]) for job in jobs}
    legal_figures = run_json(legal, pinning)
    results = report.Results(
        machine=facts,
        commands=commands,
        repeats=args.repeats,
        random=summaries["random"],
        greedy=summaries["greedy"],
        compiled=summaries[compiled[0].label] if compiled else None,
        legal=legal_figures,
        baselines=[summaries[job.label] for job in references],
        notes=notes + report.standing_notes(legal_figures),
    )
    block = report.render(results)
    print("\n" + block)
    report.write(args.doc, block)
    print(f"\nWritten to {relative(args.doc)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
