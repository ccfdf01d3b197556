"""An earlier commit's rules core measured in the same run as this tree's (``make bench``).

Issue 38 found random self-play at 0.89× the speed it had at 59d3f33, measured by hand: a speed
the rules once had is kept only if every run checks it.  So ``make bench`` exports that commit's
``service`` and ``adapters`` (``git archive`` into the benchmark venv, never into the source
tree), builds the export with mypyc as it builds this tree, and runs its random self-play beside
this tree's, each right after this tree's in every round, in both builds.  Both sides run with
this tree's virtual environment and the same command (``python -P tests/bench/cpu_selfplay.py``,
the ``selfplay`` command with the CPU time of its deals, the tree on ``PYTHONPATH``), so only the
code differs.  Both must play the same games for the seed (wins, draws, decisions, turns): a
difference means the rules changed behaviour, and the run stops.  The ratio is the median of
the rounds' ratios, as for the references, and is judged on CPU time (``cpu_selfplay``);
the wall-clock ratio is shown beside it.
"""

from __future__ import annotations

import io
import shutil
import statistics
import subprocess
import sys
import tarfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.bench import prepare
from tests.bench.job import ROOT, Job, check_same, environment, relative
from tests.bench.report import rate, table

BASE = "59d3f33"
"""The commit issue 38 measured against: today's rules core must be at least as fast."""
EXPORTED = ("service", "adapters", "setup.py", "pyproject.toml")
BUILDS = ("compiled", "interpreted")
SAME_GAMES = ("games", "wins", "draws", "decisions", "mean_turns")


@dataclass(frozen=True)
class Trees:
    """Where the earlier commit's code lies, per build (None: that build could not be made)."""

    commit: str
    interpreted: Path
    compiled: Path | None


THIS = "this tree"


def label(build: str, tree: str) -> str:
    """One tree's random selfplay in one build (``tree``: the commit, or ``THIS``)."""
    return f"random, {build}, {tree}"


def export(commit: str, home: Path, notes: list[str]) -> Path | None:
    """The commit's sources under ``home/source``, exported once per commit (a stamp records it)."""
    resolved = subprocess.run(
        ["git", "rev-parse", "--verify", f"{commit}^{{commit}}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if resolved.returncode != 0:
        notes.append(f"Commit {commit} is not in this repository: not measured against it.")
        return None
    full = resolved.stdout.strip()
    source = home / "source"
    stamp = source / ".commit"
    if stamp.exists() and stamp.read_text(encoding="utf-8") == full:
        return source
    shutil.rmtree(source, ignore_errors=True)
    source.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "archive", "--format=tar", full, *EXPORTED], cwd=ROOT, capture_output=True
    )
    if archive.returncode != 0:
        notes.append(f"git archive {commit} failed: {archive.stderr.decode().strip()}")
        return None
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(source, filter="data")
    stamp.write_text(full, encoding="utf-8")
    return source


def trees(commit: str, venv: Path, notes: list[str], compile_too: bool) -> Trees | None:
    """Export ``commit`` and build its compiled copy beside it, both under the bench venv."""
    home = venv / f"base-{commit}"
    source = export(commit, home, notes)
    if source is None:
        return None
    compiled = None
    if compile_too:
        compiled = prepare.compiled_tree(home / "mypyc", sys.executable, notes, source=source)
    return Trees(commit, source, compiled)


def jobs(
    found: Trees | None, this_compiled: Path | None, selfplay: Sequence[str], notes: list[str]
) -> list[Job]:
    """Random selfplay (``selfplay``: the subcommand's arguments) timed in CPU seconds, by this
    tree and the earlier commit, in each build both have; each checked to load its own tree."""
    if found is None:
        return []
    python = relative(Path(sys.executable))
    script = relative(Path(__file__).with_name("cpu_selfplay.py"))
    sides = [("compiled", this_compiled, found.compiled), ("interpreted", ROOT, found.interpreted)]
    made = []
    for build, ours, theirs in sides:
        if ours is None or theirs is None:
            continue
        pair = [
            Job(label(build, tree), (python, "-P", script, *selfplay), (("PYTHONPATH", path),))
            for tree, path in ((THIS, relative(ours)), (found.commit, relative(theirs)))
        ]
        compiled = build == "compiled"
        if _loads_from(pair[0], ours, compiled) and _loads_from(pair[1], theirs, compiled):
            made += pair
        else:
            notes.append(f"The {build} rules of a side were not picked up; not measured.")
    return made


def _loads_from(job: Job, tree: Path, compiled: bool) -> bool:
    """Whether ``job``'s interpreter imports the rules from ``tree`` (as an extension module
    when ``compiled``), not from this source tree or its editable install."""
    code = "import service.rules.legal as legal; print(legal.__file__)"
    probe = [job.argv[0], "-P", "-c", code]
    done = subprocess.run(probe, cwd=ROOT, env=environment(job), capture_output=True, text=True)
    loaded = Path(done.stdout.strip() or "-").resolve()
    return loaded.is_relative_to(tree.resolve()) and (loaded.suffix == ".so") == compiled


def beside(ours: Sequence[Job], earlier: Sequence[Job]) -> list[Job]:
    """``ours`` with each build's pair of CPU-timed jobs right after this tree's random selfplay
    of that build, so that within a round the two trees run back to back."""
    ordered: list[Job] = []
    for job in ours:
        ordered.append(job)
        ordered += [other for other in earlier if other.label.startswith(job.label + ", ")]
    return ordered


def check(runs: Mapping[str, list[dict[str, Any]]], commit: str) -> list[str]:
    """This tree's and the earlier commit's random selfplay played the same games; the note
    recording it.  Raises ``Mismatch`` (stopping the run) if not."""
    earlier = [build for build in BUILDS if label(build, commit) in runs]
    if not earlier:
        return []
    group = {name: runs[name] for name in runs if name.startswith("random, ")}
    check_same(group, SAME_GAMES)
    return [
        f"Same games as {commit}, checked in every run: its random selfplay ({', '.join(earlier)})"
        " reports the wins, draws, decisions and mean turns this tree's does, so the rules play"
        f" the same game and only their speed is compared. {commit}'s `service` and `adapters`"
        f" are exported with `git archive` into `.venv-bench/base-{commit}` (and built there"
        " with mypyc as this tree is), and run with this tree's venv."
    ]


def render(runs: Mapping[str, list[dict[str, Any]]], commit: str) -> str:
    """This tree's random selfplay against the earlier commit's, per build: CPU time judged
    (≥ 1.00×), wall clock shown."""
    rows = []
    for build in BUILDS:
        then, now = runs.get(label(build, commit)), runs.get(label(build, THIS))
        if not then or not now:
            continue
        name = "Compiled (mypyc)" if build == "compiled" else "Interpreted"
        for key, what, judged in (
            ("deals_per_cpu_second", "deals per CPU second", True),
            ("deals_per_second", "deals per second, wall clock", False),
        ):
            ratio = statistics.median(a[key] / b[key] for a, b in zip(now, then, strict=True))
            target, met = ("≥ 1.00×", "yes" if ratio >= 1.0 else "**no**") if judged else ("—",) * 2
            rows.append([f"{name}, {what}", _runs(then, key), _runs(now, key), f"{ratio:.3f}×"])
            rows[-1] += [target, met]
    if not rows:
        return ""
    headers = ("Random selfplay", commit, "This commit", f"This / {commit}", "Target", "Met?")
    return (
        f"Against {commit} (issue 38), the same deals in the same rounds (medians; the ratio is"
        " the median of the rounds' ratios):\n\n" + table(headers, rows)
    )


def _runs(runs: Sequence[dict[str, Any]], key: str) -> str:
    """The median of ``key`` over the runs, and the runs it came from."""
    values = [run[key] for run in runs]
    return f"{rate(statistics.median(values))} (runs: {', '.join(map(rate, values))})"
