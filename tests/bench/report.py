"""Rendering the benchmark results as markdown and splicing them into docs/benchmarks.md.

Only the part between the markers is generated, so people can keep notes around it; the same
text is printed to stdout so a run's output can be read without opening the file.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

START = "<!-- bench:start -->"
END = "<!-- bench:end -->"

INTRO = f"""# Benchmarks

`make bench` runs `tests/bench/run.py`, which measures self-play with both bots through the command
a user runs (`conquian selfplay`), times `legal_actions` on its own, and plays reference gin rummy
implementations beside ours in the same run, all with both builds of the rules core. Then it
measures the storage: moves through `GameService.act` on SQLite and on PostgreSQL, one game at a
time and 100 games interleaved; replay (rebuilding finished games from their events); and, beside
ours, the bare append of the `eventsourcing` library on the same databases.

Why two builds:

- **Compiled (mypyc)**: the rules core, the bots and the self-play loop compiled with mypyc
  (`setup.py`, `CONQUIAN_MYPYC=1`). This is the build deployments run (`docs/decisions/README.md`,
  "Performance"), so the issue's targets are judged on it. `make bench` builds it from a copy of
  the working tree into `.venv-bench/mypyc`, puts that on `PYTHONPATH` with `python -P` (so the
  source tree cannot shadow it) and checks that the compiled modules are the ones loaded.
- **Interpreted**: the plain package that development and the tests use. It is measured the same
  way, so a regression shows in both, but the targets do not apply to it ("—" in the table).
- For the same seed both builds must play the same games: identical wins, draws, decisions and
  mean turns per deal, and the same `legal_actions` sample. Every run checks this and fails
  without writing anything if they differ; it is what shows the compiled code is the same game.

How it measures, and why:

- Every timed process is pinned to one core (`taskset -c 1`), so the figures are per core and the
  other core is left for the rest of the machine.
- Each selfplay and reference command runs 5 times, interleaved with the others; the tables show
  medians. The machine is small and noisy, so a single run tells little. `legal_actions` is timed
  once per build, as the median of 9 passes over a fixed sample of positions.
- Comparisons (greedy/random, compiled/interpreted, ours/reference) are ratios of figures measured
  in the same run, never of figures from different days or machines: the median over the rounds
  of each round's ratio, so a slow spell between rounds cancels out. The compiled/interpreted
  ratio of `legal_actions` compares two timings made back to back, not interleaved rounds.
- The rules core is held to an earlier commit's as well (59d3f33, issue 38; `--base`, `--no-base`):
  that commit's `service` and `adapters`, exported with `git archive` into the bench venv and
  compiled there as ours is, play the same random deals right after ours in every round, in both
  builds, with our venv and command. Judged on the CPU seconds of the deals
  (`tests/bench/cpu_selfplay.py`): a pinned process on this shared machine also waits for its
  core, by a different amount in every run, and wall-clock time counts that wait where CPU time
  does not (the wall-clock ratio is shown beside it). Both commits must play the same games.
- Speed is measured here only, never asserted in timed unit tests.
- The reference libraries (RLCard, optionally OpenSpiel, and `eventsourcing` with its PostgreSQL
  extra) are installed only in the separate benchmark venv `.venv-bench`, never in the project's
  dependencies.

The storage part:

- It runs the interpreted package, as the tests do (the targets hold there; the compiled rules
  core would only make the rules' share of a move smaller). Each command runs as many times as
  the rules commands, interleaved with the others; the ours/theirs ratio is taken round by round.
- Every run gets a database of its own: a SQLite file in a new temporary directory (WAL,
  `synchronous=NORMAL`, as the service sets it), or a new database on the local PostgreSQL
  (synchronous commit on), dropped afterwards — never the shared `test` database. `make bench`
  starts the local PostgreSQL if it is stopped. If it cannot be reached, its figures are left out
  with a note; under `CI=true` the run fails instead.
- Only our process is pinned; the PostgreSQL server runs where the system puts it, so on this
  two-core machine it mostly has the other core.
- Moves/s counts only the time inside `GameService.act`; the bot that picks each move from the
  player's view, and opening and joining games, are outside it. The p99 on SQLite is mostly WAL
  checkpoints (SQLite copies the log back into the database every 1,000 pages, on the committing
  connection).

The block between the markers below is rewritten by every `make bench`; write notes outside it.

{START}
{END}
"""


@dataclass(frozen=True)
class Summary:
    """Medians over the repeated runs of one command, plus what identifies it."""

    label: str
    deals_per_second: float
    decisions_per_second: float
    decisions_per_deal: float
    runs: tuple[float, ...]
    library: str = ""


def paired_ratio(a: Summary, b: Summary) -> float:
    """``a``'s deals/s over ``b``'s: the median of the ratios of runs from the same round.

    Each round runs every command back to back, so a slow spell between rounds cancels out of
    each round's ratio; a ratio of the two medians would keep it.
    """
    return statistics.median(x / y for x, y in zip(a.runs, b.runs, strict=True))


def decision_ratio(a: Summary, b: Summary) -> float:
    """``a``'s decisions/s over ``b``'s; the decisions per deal are fixed by the seed."""
    return paired_ratio(a, b) * a.decisions_per_deal / b.decisions_per_deal


def rate(value: float) -> str:
    """Rates with thousands separators: the digits after the point are noise here."""
    return f"{value:,.0f}"


def table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A plain markdown table."""
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def met(ok: bool) -> str:
    """The "met?" column."""
    return "yes" if ok else "**no**"


def baseline_table(ours: Sequence[tuple[str, Summary]], baselines: Sequence[Summary]) -> str:
    """Each reference beside our random selfplay in each build, with the ours/theirs ratios."""
    headers = ["Reference (random play)", "Version", "Games/s", "Decisions/s", "Decisions per game"]
    for build, _ in ours:
        headers += [f"Ours {build}/ref, deals/s", f"Ours {build}/ref, decisions/s"]
    rows = []
    for summary in baselines:
        row = [
            summary.label,
            summary.library,
            rate(summary.deals_per_second),
            rate(summary.decisions_per_second),
            f"{summary.decisions_per_deal:.1f}",
        ]
        for _, random in ours:
            row += [
                f"{paired_ratio(random, summary):.2f}×",
                f"{decision_ratio(random, summary):.2f}×",
            ]
        rows.append(row)
    return table(headers, rows)


def splice(document: str, block: str, start: str = START, stop: str = END) -> str:
    """Replace what lies between the markers; append the markers if a person removed them."""
    begin, end = document.find(start), document.find(stop)
    if begin < 0 or end < begin:
        return document.rstrip("\n") + f"\n\n{start}\n{block}\n{stop}\n"
    return document[: begin + len(start)] + "\n" + block + "\n" + document[end:]


def write(path: Path, block: str) -> None:
    """Write ``block`` into the document at ``path``, creating it with the intro if missing."""
    document = path.read_text(encoding="utf-8") if path.exists() else INTRO
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(splice(document, block), encoding="utf-8")


TARGET_DEALS = 2_000
TARGET_DECISIONS = 100_000
GREEDY_COST_LIMIT = 5.0


@dataclass(frozen=True)
class Build:
    """What one build of the rules core measured: selfplay with each bot, ``legal_actions``."""

    random: Summary
    greedy: Summary
    legal: dict[str, Any]


@dataclass(frozen=True)
class Results:
    """Everything one ``make bench`` run measured, ready to render."""

    machine: Sequence[tuple[str, str]]
    commands: Sequence[str]
    repeats: int
    compiled: Build | None
    interpreted: Build
    baselines: Sequence[Summary]
    notes: Sequence[str]
    against: str = ""
    """This tree against an earlier commit (``base_commit.render``), empty when not measured."""


Row = tuple[str, str, str, str]


def info(name: str, value: str) -> Row:
    """A row without a target: shown for scale and for spotting regressions."""
    return (name, value, "—", "—")


def group(title: str) -> Row:
    """A heading row that starts one group of the main table."""
    return (f"**{title}**", "", "", "")


def spread(summary: Summary) -> str:
    """The median and the runs it came from, so the noise is visible next to the figure."""
    runs = ", ".join(rate(run) for run in summary.runs)
    return f"{rate(summary.deals_per_second)} (runs: {runs})"


def judged(name: str, value: str, target: str, ok: bool, applies: bool) -> Row:
    """A row the issue sets a target for; where the target does not apply, it shows "—"."""
    return (name, value, target, met(ok)) if applies else info(name, value)


def build_rows(build: Build, targets: bool, baselines: Sequence[Summary]) -> list[Row]:
    """Selfplay, ``legal_actions`` and ours/RLCard for one build; ``targets`` judges the issue's."""
    random, greedy = build.random, build.greedy
    cost = paired_ratio(random, greedy)
    rows = [
        judged(
            "Random deals per second",
            spread(random),
            f"≥ {rate(TARGET_DEALS)}",
            random.deals_per_second >= TARGET_DEALS,
            targets,
        ),
        judged(
            "Random decisions per second",
            rate(random.decisions_per_second),
            f"≥ {rate(TARGET_DECISIONS)}",
            random.decisions_per_second >= TARGET_DECISIONS,
            targets,
        ),
        info("Greedy deals per second", spread(greedy)),
        info("Greedy decisions per second", rate(greedy.decisions_per_second)),
        judged(
            "Greedy/random cost per deal",
            f"{cost:.2f}×",
            f"≤ {GREEDY_COST_LIMIT:g}×",
            cost <= GREEDY_COST_LIMIT,
            targets,
        ),
        info(
            "Decisions per deal, random / greedy",
            f"{random.decisions_per_deal:.1f} / {greedy.decisions_per_deal:.1f}",
        ),
        info("`legal_actions` calls per second", rate(build.legal["calls_per_second"])),
    ]
    return rows + ratio_rows(random, baselines)


def not_compiled_rows() -> list[Row]:
    """The compiled group when that build could not be measured: the targets stay unjudged."""
    return [
        ("Compiled build not measured (see notes)", "—", "the issue's targets", "**not judged**")
    ]


def speedup_rows(compiled: Build, interpreted: Build) -> list[Row]:
    """Compiled over interpreted; the games are identical, so deals/s and decisions/s agree."""
    legal = compiled.legal["calls_per_second"] / interpreted.legal["calls_per_second"]
    return [
        info(
            "Compiled/interpreted, random selfplay",
            f"{paired_ratio(compiled.random, interpreted.random):.2f}×",
        ),
        info(
            "Compiled/interpreted, greedy selfplay",
            f"{paired_ratio(compiled.greedy, interpreted.greedy):.2f}×",
        ),
        info("Compiled/interpreted, `legal_actions`", f"{legal:.2f}×"),
    ]


def sample_rows(legal: dict[str, Any]) -> list[Row]:
    """The ``legal_actions`` sample and the size of the action space it enumerates."""
    takes = f"{legal['take_positions']:,.0f} of them"
    return [
        info(
            "`legal_actions` sample",
            f"{legal['positions']:,.0f} positions of {legal['deals']:,.0f} random deals",
        ),
        info("Legal actions per position, mean", f"{legal['mean_actions']:.2f}"),
        info("Legal actions per position, max", f"{legal['max_actions']:.0f}"),
        info(
            f"Legal actions where a take is possible ({takes}), mean",
            f"{legal['mean_actions_with_take']:.2f}",
        ),
    ]


def ratio_rows(random: Summary, baselines: Sequence[Summary]) -> list[Row]:
    """Ours/RLCard, against the first RLCard loop measured (the bare engine: the like-for-like)."""
    rlcard = next((b for b in baselines if b.library.startswith("rlcard")), None)
    if rlcard is None:
        return [info("Ours/RLCard", "not measured (see notes)")]
    return [
        info(
            f"Ours/RLCard deals per second ({rlcard.label})", f"{paired_ratio(random, rlcard):.2f}×"
        ),
        info(
            f"Ours/RLCard decisions per second ({rlcard.label})",
            f"{decision_ratio(random, rlcard):.2f}×",
        ),
    ]


def main_rows(results: Results) -> list[Row]:
    """The two groups, compiled (judged) first, then what both builds share."""
    compiled, interpreted = results.compiled, results.interpreted
    rows = [group("Compiled (mypyc) — the build deployments run")]
    if compiled is None:
        rows += not_compiled_rows()
    else:
        rows += build_rows(compiled, True, results.baselines)
    rows += [group("Interpreted (development) — the targets do not apply")]
    rows += build_rows(interpreted, False, results.baselines)
    if compiled is not None:
        rows += speedup_rows(compiled, interpreted)
        rows += [group("Both builds")]
        rows += [
            info(
                "Same games for the same seed (wins, draws, decisions, mean turns)",
                "identical (see notes)",
            )
        ]
    else:
        rows += [group("Sample")]
    return rows + sample_rows(interpreted.legal)


def render(results: Results, storage: str = "") -> str:
    """The generated block: machine, commands, the grouped main table, the references, the
    ``storage`` section (rendered by ``storage_report``), notes."""
    passes = len(results.interpreted.legal["passes"])
    parts = ["## Latest run", ""]
    parts += [f"- {name}: {value}" for name, value in results.machine]
    parts += [
        "",
        f"Commands; selfplay and references run {results.repeats} times each, interleaved, and"
        " the medians count; each `legal_actions` sample is timed once, as the median of"
        f" {passes} passes over it:",
        "",
        "```",
    ]
    parts += [*results.commands, "```", ""]
    parts += [table(("Measurement", "Value", "Target", "Met?"), main_rows(results)), ""]
    if results.against:
        parts += [results.against, ""]
    if results.baselines:
        ours = [("interpreted", results.interpreted.random)]
        if results.compiled is not None:
            ours.insert(0, ("compiled", results.compiled.random))
        parts += [baseline_table(ours, results.baselines), ""]
    if storage:
        parts += [storage, ""]
    parts += [f"- {note}" for note in results.notes]
    return "\n".join(parts).rstrip("\n")


def standing_notes(legal: dict[str, Any]) -> list[str]:
    """What a reader needs to compare the figures fairly, repeated with every run."""
    return [
        "A decision is one action applied (ours: one `decide` + `evolve`s; references: one step"
        " where a player chose). A Conquian deal takes far fewer decisions than a gin rummy game,"
        " so across games compare decisions/s; deals/s is shown as the issue asks.",
        "The RLCard bare game loop (enumerate legal actions, apply a random one) is the"
        " like-for-like with our selfplay and the faster of the two RLCard loops, so the ratio in"
        " the main table is the conservative one; `env.run` also encodes numpy observations.",
        f"`legal_actions` is timed over every decision point of {legal['deals']} seeded random"
        " deals, collected once per build; caches inside the rules are warm, as they are in"
        " selfplay.",
    ]
