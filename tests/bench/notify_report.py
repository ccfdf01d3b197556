"""``make bench``, notification part (issue 35): the delivering process's CPU per notification
(``notify_cost``) in this tree, and against another checkout's in the same run when one is given
— the code the issue was filed against, e2bc666:

    git worktree add --detach ../base-e2n e2bc666 && (cd ../base-e2n && make venv)
    python -m tests.bench.notify_report --base ../base-e2n --rounds 3

Each round runs ``notify_cost`` once in the base tree and once here, alternately; the medians of
the rounds are compared, and the ratio of each round's pair (a slow spell of the shared machine
hits both sides of a pair alike).  The base tree runs this file's ``notify_cost`` with its own
virtual environment, from its own directory, so it imports its own code: only the measure is
shared.  What the player waits (append to hand-over, per channel) comes from this tree's outbox.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
COST = Path(__file__).with_name("notify_cost.py")
KEY = "cpu_ms_per_notification"


def command(tree: Path, database: str, seconds: float, rate: float) -> list[str]:
    """``notify_cost`` run by ``tree``'s interpreter from ``tree``: its code, this measure."""
    argv = ["notify_cost", "--database", database, "--seconds", f"{seconds:g}"]
    argv += ["--rate", f"{rate:g}"]
    script = (
        f"import runpy, sys; sys.argv = {argv!r}; "
        f"runpy.run_path({str(COST)!r}, run_name='__main__')"
    )
    return [str(tree / ".venv" / "bin" / "python"), "-c", script]


def run_one(tree: Path, database: str, seconds: float, rate: float) -> dict[str, Any]:
    done = subprocess.run(
        command(tree, database, seconds, rate), cwd=tree, capture_output=True, text=True
    )
    if done.returncode != 0:
        raise RuntimeError(f"notify_cost in {tree} failed:\n{done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def measure(
    base: Path | None, rounds: int, database: str, seconds: float, rate: float
) -> dict[str, list[dict[str, Any]]]:
    """Every round's result, by side (``base`` first in each round, then ``this``)."""
    found: dict[str, list[dict[str, Any]]] = {"base": [], "this": []}
    for _ in range(rounds):
        if base is not None:
            found["base"].append(run_one(base, database, seconds, rate))
        found["this"].append(run_one(ROOT, database, seconds, rate))
    return found


def render(found: dict[str, list[dict[str, Any]]], base: Path | None, args: str) -> str:
    """The part's Markdown: CPU per notification by round, the ratio, the waits per channel."""
    this = [run[KEY] for run in found["this"]]
    lines = [
        "### Notifications: the worker's CPU per notification (issue 35)",
        "",
        f"`python -m tests.bench.notify_report {args}`; CPU ms of the delivering process per",
        "notification delivered (`tests/bench/notify_cost.py`), each round's runs back to back:",
        "",
    ]
    if base is not None:
        before = [run[KEY] for run in found["base"]]
        ratios = [now / then for now, then in zip(this, before, strict=True)]
        lines += [
            f"| round | base ({base.name}) | this tree | this / base |",
            "| --- | --- | --- | --- |",
            *(
                f"| {n} | {b:.2f} | {t:.2f} | {r:.2f} |"
                for n, (b, t, r) in enumerate(zip(before, this, ratios, strict=True), 1)
            ),
            f"| median | {statistics.median(before):.2f} | {statistics.median(this):.2f} | "
            f"{statistics.median(ratios):.2f} |",
        ]
    else:
        lines.append(f"this tree: {', '.join(f'{one:.2f}' for one in this)} ms (no base given)")
    lines += ["", "Append to hand-over, this tree, last round (seconds):", ""]
    lines += ["| channel | notifications | median | p99 |", "| --- | --- | --- | --- |"]
    for channel, waited in found["this"][-1].get("handed_over", {}).items():
        lines.append(
            f"| {channel} | {waited['count']} | {waited['median_s']} | {waited['p99_s']} |"
        )
    return "\n".join(lines)


def section(
    base: Path | None,
    rounds: int = 3,
    database: str = "postgresql",
    seconds: float = 30.0,
    rate: float = 20.0,
) -> str:
    """The part as ``make bench`` runs it (``--only notify``; ``--notify-base`` the base)."""
    base = base.resolve() if base is not None else None
    found = measure(base, rounds, database, seconds, rate)
    shown = f"--rounds {rounds} --database {database} --seconds {seconds:g} --rate {rate:g}"
    return render(found, base, shown + (f" --base ../{base.name}" if base else ""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", type=Path, help="the other checkout, with its .venv")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="postgresql")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--rate", type=float, default=20.0)
    args = parser.parse_args()
    print(section(args.base, args.rounds, args.database, args.seconds, args.rate))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
