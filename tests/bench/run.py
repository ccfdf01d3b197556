"""``make bench``: selfplay speed and ``legal_actions`` alone, for both builds, and references;
then the storage: the move path through ``GameService.act``, replay, and the ``eventsourcing``
library's bare append on the same databases (``storage``); then moves through the JSON API with
two web processes and a worker on PostgreSQL (``http_load``); then the worker on the real clock:
how late timeouts fire, and how long a start-up sweep takes (``deadlines``).

Our commands run with both builds of the rules core: interpreted, exactly as a user types them
(``conquian selfplay ... --json``), and compiled with mypyc, the same CLI module loaded from the
compiled tree.  For the same seed both builds must play the same games; a run where they do not
stops before writing anything.  Every timed command is a subprocess pinned to one core and
repeated, interleaved with the others, so that the machine's drift hits all of them alike and the
ratios between them stay meaningful.  The references run in a separate venv so their packages
never reach the project's dependencies.  The results go to stdout and into
``docs/benchmarks.md`` between its markers (only by a run of every part; ``--only`` prints), except
the deadline part, which has markers of its own and is recorded by any run that measures it.
Under ``CI=true`` an unreachable PostgreSQL fails the run instead of shrinking it.
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
from dataclasses import replace
from pathlib import Path
from typing import Any

from tests.bench import (
    arena_report,
    base_commit,
    databases,
    deadlines_report,
    http_report,
    notify_report,
    prepare,
    report,
    storage,
    storage_report,
)
from tests.bench.job import Job, Mismatch, check_same, environment, relative
from tests.bench.report import Summary

ROOT = Path(__file__).resolve().parents[2]


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


BOTS = ("random", "greedy")
INTERPRETED, COMPILED = "interpreted", "compiled"
# What a seed fixes in a selfplay run: both builds must report exactly these alike.
SAME_GAMES = ("games", "wins", "draws", "decisions", "mean_turns")
# What a seed fixes in the ``legal_actions`` sample.
SAME_SAMPLE = (
    "positions",
    "mean_actions",
    "max_actions",
    "take_positions",
    "mean_actions_with_take",
)


def label(bot: str, build: str) -> str:
    """The name of one selfplay command, as printed while running and used as a key."""
    return f"{bot}, {build}"


def selfplay_arguments(args: argparse.Namespace, bot: str) -> tuple[str, ...]:
    """The ``selfplay`` subcommand as the issue states it."""
    games = ("--games", str(args.games), "--seed", str(args.seed))
    return ("selfplay", *games, "--bot", bot, "--json")


def our_jobs(args: argparse.Namespace) -> list[Job]:
    """``conquian selfplay`` with each bot, interpreted: the command a user types."""
    conquian = relative(Path(sys.prefix) / "bin" / "conquian")
    return [
        Job(label(bot, INTERPRETED), (conquian, *selfplay_arguments(args, bot))) for bot in BOTS
    ]


def compiled_jobs(args: argparse.Namespace, tree: Path | None, notes: list[str]) -> list[Job]:
    """Selfplay with each bot on the mypyc build, checked to really load the compiled code.

    ``-P`` keeps the current directory (the source tree) from shadowing ``PYTHONPATH``.
    """
    if tree is None:
        return []
    python = relative(Path(sys.executable))
    env = (("PYTHONPATH", relative(tree)),)
    jobs = [
        Job(
            label(bot, COMPILED),
            (python, "-P", "-m", "adapters.cli.main", *selfplay_arguments(args, bot)),
            env,
        )
        for bot in BOTS
    ]
    modules = ("service.rules.legal", "service.bots.policies", "service.bots.selfplay")
    code = f"import importlib; print(*(importlib.import_module(m).__file__ for m in {modules!r}))"
    probe = [python, "-P", "-c", code]
    loaded = subprocess.run(
        probe, cwd=ROOT, env=environment(jobs[0]), capture_output=True, text=True
    )
    files = loaded.stdout.split()
    if len(files) != len(modules) or not all(file.endswith(".so") for file in files):
        found = loaded.stdout.strip() or last_line(loaded.stderr)
        notes.append(f"The mypyc build was not picked up ({found}); not measured.")
        return []
    return jobs


def last_line(text: str) -> str:
    """The last non-blank line of some output: usually the reason something failed."""
    lines = [line for line in text.splitlines() if line.strip()]
    return lines[-1].strip() if lines else "no output"


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


def legal_jobs(args: argparse.Namespace, compiled: Sequence[Job]) -> list[Job]:
    """``legal_actions`` timed on its own: interpreted, then compiled if that build is measured.

    The compiled run starts the script by path with ``-P`` and the compiled tree on
    ``PYTHONPATH``, as the compiled selfplay does; the script imports only ``service.rules``.
    """
    python = relative(Path(sys.executable))
    sample = ("--deals", str(args.legal_deals), "--seed", str(args.seed))
    jobs = [Job(label("legal_actions", INTERPRETED), (python, "-m", "tests.bench.legal", *sample))]
    if compiled:
        script = relative(Path(__file__).with_name("legal.py"))
        argv = (python, "-P", script, *sample)
        jobs.append(Job(label("legal_actions", COMPILED), argv, compiled[0].env))
    return jobs


def check_builds(runs: dict[str, list[dict[str, Any]]], seed: int) -> list[str]:
    """Both bots played the same games in both builds; returns the note recording it."""
    if not any(name.endswith(COMPILED) for name in runs):
        return []
    described = []
    for bot in BOTS:
        group = {build: runs[label(bot, build)] for build in (COMPILED, INTERPRETED)}
        check_same(group, SAME_GAMES)
        first = group[COMPILED][0]
        described.append(
            f"{bot}: wins {first['wins'][0]:,} / {first['wins'][1]:,}, {first['draws']:,} drawn,"
            f" {first['decisions']:,} decisions, {first['mean_turns']:.3f} turns per deal"
        )
    return [
        f"Same games in both builds, checked in every run (a difference stops the run): for seed"
        f" {seed}, compiled and interpreted report identical wins, draws, decisions and mean"
        f" turns in every repeat; {'; '.join(described)}. The `legal_actions` samples match too."
    ]


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    """The knobs; the defaults are the issue's figures."""
    parser = argparse.ArgumentParser(description="Benchmark the rules and storage (make bench).")
    parser.add_argument("--bench-venv", type=Path, default=ROOT / ".venv-bench")
    parser.add_argument("--python", default="python3", help="creates the bench venv")
    parser.add_argument("--games", type=int, default=2000, help="deals per selfplay run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=3, help="runs per command; medians count")
    parser.add_argument(
        "--rules-repeats", type=int, default=5, help="rounds of the selfplay and reference runs"
    )
    parser.add_argument("--legal-deals", type=int, default=300, help="deals sampled for legal")
    parser.add_argument("--reference-games", type=int, default=300, help="games per reference run")
    parser.add_argument("--core", type=int, default=1, help="the core every timed run is pinned to")
    parser.add_argument("--doc", type=Path, default=ROOT / "docs" / "benchmarks.md")
    parser.add_argument("--no-references", action="store_true", help="skip RLCard/OpenSpiel")
    parser.add_argument("--no-mypyc", action="store_true", help="skip the compiled rules core")
    parser.add_argument("--base", default=base_commit.BASE, help="earlier commit run beside ours")
    parser.add_argument("--no-base", action="store_true", help="skip the earlier commit")
    parser.add_argument("--moves", type=int, default=3000, help="moves per move-path run")
    parser.add_argument("--http-seconds", type=float, default=15.0, help="length of an HTTP run")
    parser.add_argument("--http-clients", type=int, default=12, help="client threads of it")
    parser.add_argument(
        "--only",
        choices=("rules", "storage", "http", "deadlines", "arena", "notify"),
        help="measure one part and print it; the document is written only by a full run"
        " (the deadline part is recorded either way)",
    )
    parser.add_argument("--deadline-games", type=int, default=10_000, help="games per run")
    parser.add_argument("--arena-games", type=int, default=2000, help="deals per arena run")
    parser.add_argument("--deadline-repeats", type=int, default=3, help="runs per deadline command")
    parser.add_argument(
        "--notify-base", type=Path, help="a checkout (with .venv) to compare notifications with"
    )
    args = parser.parse_args(argv)
    args.bench_venv = args.bench_venv.resolve()
    return args


def measure_rules(
    args: argparse.Namespace,
    usable: set[str],
    pinning: tuple[str, ...],
    facts: list[tuple[str, str]],
    notes: list[str],
) -> report.Results:
    """The rules core: selfplay with both builds, the references, ``legal_actions``."""
    venv = args.bench_venv
    tree = None if args.no_mypyc else prepare.compiled_tree(venv / "mypyc", sys.executable, notes)
    compiled, interpreted = compiled_jobs(args, tree, notes), our_jobs(args)
    references, legal = reference_jobs(args, usable), legal_jobs(args, compiled)
    found = None if args.no_base else base_commit.trees(args.base, venv, notes, bool(compiled))
    random = selfplay_arguments(args, "random")[1:-1]  # without the subcommand and --json
    earlier = base_commit.jobs(found, tree if compiled else None, random, notes)
    jobs = [*base_commit.beside([*compiled, *interpreted], earlier), *references]
    commands = [job.shown(pinning) for job in [*jobs, *legal]]
    print("Commands:\n  " + "\n  ".join(commands), flush=True)
    runs = run_interleaved(jobs, pinning, args.rules_repeats)
    notes += check_builds(runs, args.seed) + base_commit.check(runs, args.base)
    legal_figures = {job.label: run_json(job, pinning) for job in legal}
    check_same({name: [figures] for name, figures in legal_figures.items()}, SAME_SAMPLE)
    summaries = {job.label: summarise(job, runs[job.label]) for job in jobs}

    def build(name: str) -> report.Build | None:
        if label("random", name) not in summaries:
            return None
        return report.Build(
            random=summaries[label("random", name)],
            greedy=summaries[label("greedy", name)],
            legal=legal_figures[label("legal_actions", name)],
        )

    interpreted_build = build(INTERPRETED)
    assert interpreted_build is not None  # always measured
    return report.Results(
        machine=facts,
        commands=commands,
        repeats=args.rules_repeats,
        compiled=build(COMPILED),
        interpreted=interpreted_build,
        baselines=[summaries[job.label] for job in references],
        against=base_commit.render(runs, args.base),
        notes=[*notes, *report.standing_notes(legal_figures[label("legal_actions", INTERPRETED)])],
    )


def measure_storage(
    args: argparse.Namespace, usable: set[str], pinning: tuple[str, ...], notes: list[str]
) -> str:
    """The move path, replay and the eventsourcing reference: the rendered section."""
    python = relative(Path(sys.executable))
    bench_python = relative(args.bench_venv / "bin" / "python")
    results = storage.measure(
        python,
        bench_python if "eventsourcing" in usable else None,
        pinning,
        args.repeats,
        notes,
        moves=args.moves,
    )
    notes += storage_report.standing_notes(results)
    shown = [command.shown(pinning) for command in results.commands]
    return storage_report.render(results, shown, args.repeats)


def measure_http(args: argparse.Namespace) -> str:
    """Moves through the JSON API with two web processes and a worker on PostgreSQL."""
    databases.postgres_user()  # unreachable: ``Unreachable``, as for the storage part
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    runs = http_report.measure(args.http_seconds, args.http_clients, args.repeats)
    return http_report.render(runs, args.http_seconds, args.http_clients, load)


def measure_deadlines(
    args: argparse.Namespace, pinning: tuple[str, ...], facts: list[tuple[str, str]]
) -> None:
    """The worker on the real clock, on each database: measured, printed and recorded."""
    notes: list[str] = []
    present = storage.present_databases(notes)
    found = deadlines_report.commands(relative(Path(sys.executable)), present, args.deadline_games)
    shown = [shlex.join([*pinning, *command.argv]) for command in found]
    print("Deadline commands:\n  " + "\n  ".join(shown), flush=True)
    runs = deadlines_report.run(found, pinning, args.deadline_repeats)
    block = deadlines_report.render(facts, shown, found, runs, args.deadline_repeats, notes)
    print("\n" + block)
    deadlines_report.write(args.doc, block)
    print(f"\nWritten to {relative(args.doc)}")


def measure_arena(args: argparse.Namespace) -> int:
    """The hard bot's arena runs on the compiled build, pinned, recorded in their own block."""
    notes: list[str] = []
    tree = prepare.compiled_tree(args.bench_venv / "mypyc", sys.executable, notes)
    if tree is None:
        print("\n".join(notes))
        return 1
    pinning = pin(args.core)
    facts = machine(pinning, None)
    python = relative(Path(sys.executable))
    found = arena_report.commands(python, relative(tree), pinning, args.arena_games, args.seed)
    block = arena_report.render(facts, found, arena_report.run(found, ROOT))
    print("\n" + block)
    arena_report.write(args.doc, block)
    return 0


def measure(args: argparse.Namespace) -> int:
    """Prepare, print the machine and commands, measure, check, then print and record the tables.

    A run of one part only (``--only``) prints its figures and leaves the document alone, but for
    the deadline part, which is recorded in its own block.
    """
    if args.only == "arena":
        return measure_arena(args)
    if args.only == "notify":
        print("\n" + notify_report.section(args.notify_base, args.repeats))
        return 0
    if args.only == "deadlines":
        pinning = pin(args.core)
        facts = machine(pinning, None)
        print("\n".join(f"{name}: {value}" for name, value in facts))
        measure_deadlines(args, pinning, facts)
        return 0
    notes: list[str] = []
    if args.no_mypyc:
        notes.append("The compiled build was skipped (`--no-mypyc`): the targets are not judged.")
    if args.no_references:
        notes.append("The references were skipped (`--no-references`).")
    venv = args.bench_venv
    usable = set() if args.no_references else prepare.bench_venv(venv, args.python, notes)
    pinning = pin(args.core)
    facts = machine(pinning, venv / "bin" / "python" if usable else None)
    print("\n".join(f"{name}: {value}" for name, value in facts))
    if args.only == "http":
        print("\n" + measure_http(args))
        return 0
    if args.only == "storage":
        print("\n" + measure_storage(args, usable, pinning, notes))
        print("\n" + "\n".join(f"- {note}" for note in notes))
        return 0
    results = measure_rules(args, usable, pinning, facts, notes)
    storage_notes: list[str] = []
    section = "" if args.only == "rules" else measure_storage(args, usable, pinning, storage_notes)
    if args.only is None:
        section += "\n\n" + measure_http(args)
        section += "\n\n" + notify_report.section(args.notify_base, args.repeats)
    block = report.render(replace(results, notes=[*results.notes, *storage_notes]), section)
    print("\n" + block)
    if args.only is None:
        report.write(args.doc, block)
        print(f"\nWritten to {relative(args.doc)}")
        measure_deadlines(args, pinning, facts)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; a disagreement between the builds fails it, leaving the doc alone."""
    args = parse(argv)
    try:
        return measure(args)
    except (Mismatch, databases.Unreachable) as error:
        print(f"\nBENCHMARK FAILED: {error}", file=sys.stderr)
        print(f"{relative(args.doc)} left unchanged.", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
