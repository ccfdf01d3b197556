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

`make bench` runs `tests/bench/run.py`, which measures the rules core through the same command a
user runs (`conquian selfplay`), times `legal_actions` on its own, and plays a reference gin rummy
implementation beside ours in the same run.

How it measures, and why:

- Every timed process is pinned to one core (`taskset -c 1`), so the figures are per core and the
  other core is left for the rest of the machine.
- Each command runs 3 times, interleaved with the others; the tables show medians. The machine is
  small and noisy, so a single run tells little.
- Comparisons (greedy/random, ours/RLCard) are ratios of figures measured in the same run, never
  of figures from different days or machines: the median over the rounds of each round's ratio,
  so a slow spell between rounds cancels out.
- Speed is measured here only, never asserted in timed unit tests.
- The reference libraries (RLCard, optionally OpenSpiel) are installed only in the separate
  benchmark venv `.venv-bench`, never in the project's dependencies.
- The rules core is also measured compiled with mypyc (`setup.py`, `CONQUIAN_MYPYC=1`), built
  from a copy of the working tree into `.venv-bench/mypyc` and put on `PYTHONPATH`; the targets
  are judged on the plain `conquian selfplay` command first.

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


def baseline_table(ours: Summary, baselines: Sequence[Summary]) -> str:
    """Each reference beside our random selfplay, with the ours/theirs ratios."""
    rows = [
        (
            summary.label,
            summary.library,
            rate(summary.deals_per_second),
            rate(summary.decisions_per_second),
            f"{summary.decisions_per_deal:.1f}",
            f"{paired_ratio(ours, summary):.2f}×",
            f"{decision_ratio(ours, summary):.2f}×",
        )
        for summary in baselines
    ]
    headers = (
        "Reference (random play)",
        "Version",
        "Games/s",
        "Decisions/s",
        "Decisions per game",
        "Ours/ref, deals/s",
        "Ours/ref, decisions/s",
    )
    return table(headers, rows)


def splice(document: str, block: str) -> str:
    """Replace what lies between the markers; append the markers if a person removed them."""
    begin, end = document.find(START), document.find(END)
    if begin < 0 or end < begin:
        return document.rstrip("\n") + f"\n\n{START}\n{block}\n{END}\n"
    return document[: begin + len(START)] + "\n" + block + "\n" + document[end:]


def write(path: Path, block: str) -> None:
    """Write ``block`` into the document at ``path``, creating it with the intro if missing."""
    document = path.read_text(encoding="utf-8") if path.exists() else INTRO
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(splice(document, block), encoding="utf-8")


TARGET_DEALS = 2_000
TARGET_DECISIONS = 100_000
GREEDY_COST_LIMIT = 5.0


@dataclass(frozen=True)
class Results:
    """Everything one ``make bench`` run measured, ready to render."""

    machine: Sequence[tuple[str, str]]
    commands: Sequence[str]
    repeats: int
    random: Summary
    greedy: Summary
    compiled: Summary | None
    legal: dict[str, Any]
    baselines: Sequence[Summary]
    notes: Sequence[str]


def info(name: str, value: str) -> tuple[str, str, str, str]:
    """A row without a target: shown for scale and for spotting regressions."""
    return (name, value, "—", "—")


def spread(summary: Summary) -> str:
    """The median and the runs it came from, so the noise is visible next to the figure."""
    runs = ", ".join(rate(run) for run in summary.runs)
    return f"{rate(summary.deals_per_second)} (runs: {runs})"


def target_rows(results: Results) -> list[tuple[str, str, str, str]]:
    """The rows the issue sets targets for, and the selfplay figures around them."""
    random, greedy = results.random, results.greedy
    cost = paired_ratio(random, greedy)
    return [
        (
            "Random deals per second",
            spread(random),
            f"≥ {rate(TARGET_DEALS)}",
            met(random.deals_per_second >= TARGET_DEALS),
        ),
        (
            "Random decisions per second",
            rate(random.decisions_per_second),
            f"≥ {rate(TARGET_DECISIONS)}",
            met(random.decisions_per_second >= TARGET_DECISIONS),
        ),
        info("Greedy deals per second", spread(greedy)),
        info("Greedy decisions per second", rate(greedy.decisions_per_second)),
        (
            "Greedy/random cost per deal",
            f"{cost:.2f}×",
            f"≤ {GREEDY_COST_LIMIT:g}×",
            met(cost <= GREEDY_COST_LIMIT),
        ),
        info(
            "Decisions per deal, random / greedy",
            f"{random.decisions_per_deal:.1f} / {greedy.decisions_per_deal:.1f}",
        ),
    ]


def compiled_rows(results: Results) -> list[tuple[str, str, str, str]]:
    """The same random selfplay with the rules compiled by mypyc, as deployments may run it."""
    compiled = results.compiled
    if compiled is None:
        return []
    return [
        (
            "Random deals per second, rules compiled with mypyc",
            spread(compiled),
            f"≥ {rate(TARGET_DEALS)}",
            met(compiled.deals_per_second >= TARGET_DEALS),
        ),
        (
            "Random decisions per second, rules compiled with mypyc",
            rate(compiled.decisions_per_second),
            f"≥ {rate(TARGET_DECISIONS)}",
            met(compiled.decisions_per_second >= TARGET_DECISIONS),
        ),
        info(
            "Compiled/interpreted, random deals", f"{paired_ratio(compiled, results.random):.2f}×"
        ),
    ]


def legal_rows(legal: dict[str, Any]) -> list[tuple[str, str, str, str]]:
    """``legal_actions`` on its own: its speed and the size of the action space it enumerates."""
    sample = f"{legal['positions']:,.0f} positions of {legal['deals']:,.0f} random deals"
    takes = f"{legal['take_positions']:,.0f} of them"
    return [
        info(f"`legal_actions` calls per second ({sample})", rate(legal["calls_per_second"])),
        info("Legal actions per position, mean", f"{legal['mean_actions']:.2f}"),
        info("Legal actions per position, max", f"{legal['max_actions']:.0f}"),
        info(
            f"Legal actions where a take is possible ({takes}), mean",
            f"{legal['mean_actions_with_take']:.2f}",
        ),
    ]


def ratio_rows(results: Results) -> list[tuple[str, str, str, str]]:
    """Ours/RLCard, against the first RLCard loop measured (the bare engine: the like-for-like)."""
    rlcard = next((b for b in results.baselines if b.library.startswith("rlcard")), None)
    if rlcard is None:
        return [info("Ours/RLCard", "not measured (see notes)")]
    ours = results.random
    return [
        info(
            f"Ours/RLCard deals per second ({rlcard.label})",
            f"{paired_ratio(ours, rlcard):.2f}×",
        ),
        info(
            f"Ours/RLCard decisions per second ({rlcard.label})",
            f"{decision_ratio(ours, rlcard):.2f}×",
        ),
    ]


def render(results: Results) -> str:
    """The generated block: machine, commands, the targets table, the references, notes."""
    parts = ["## Latest run", ""]
    parts += [f"- {name}: {value}" for name, value in results.machine]
    parts += [
        "",
        f"Commands; selfplay and references run {results.repeats} times each, interleaved, and"
        " the medians count; the `legal_actions` sample is timed once, as the median of"
        f" {len(results.legal['passes'])} passes over it:",
        "",
        "```",
    ]
    parts += [*results.commands, "```", ""]
    rows = target_rows(results) + compiled_rows(results)
    rows += legal_rows(results.legal) + ratio_rows(results)
    parts += [table(("Measurement", "Value", "Target", "Met?"), rows), ""]
    if results.baselines:
        parts += [baseline_table(results.random, results.baselines), ""]
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
        " deals, collected once; caches inside the rules are warm, as they are in selfplay.",
    ]
