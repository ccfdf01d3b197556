"""``conquian selfplay ... --json`` with the CPU time of its deals added to the report.

On a shared machine a pinned process also waits while others hold its core: that wait lands in
the wall-clock time ``selfplay`` reports, by a different amount in every run (whole runs took
five times as long as their neighbours in one ``make bench``), but not in its CPU time.  So
``base_commit`` compares two trees by the CPU seconds their deals take, measured here around
the very call the command times (``adapters.cli.main.selfplay``), which both trees' command
modules import by that name.  Run by path with ``python -P`` and the tree to measure on
``PYTHONPATH``; prints the command's JSON with ``cpu_seconds`` and ``deals_per_cpu_second``.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
import time
from pathlib import Path
from typing import Any

if Path(sys.path[0]).resolve() == Path(__file__).resolve().parent:
    del sys.path[0]  # this directory's modules must not shadow anything the tree imports

import adapters.cli.main as command  # the tree on PYTHONPATH, once the line above has run

TIMED = "selfplay"
"""The name the command module calls the deals by, in both trees."""


def main(argv: list[str]) -> int:
    """Run the ``selfplay`` subcommand, timing its deals in CPU seconds."""
    spent: list[float] = []
    play = getattr(command, TIMED)

    def timed(*args: Any, **kwargs: Any) -> Any:
        started = time.process_time()
        tally = play(*args, **kwargs)
        spent.append(time.process_time() - started)
        return tally

    setattr(command, TIMED, timed)
    shown = io.StringIO()
    with contextlib.redirect_stdout(shown):
        code = command.main(["selfplay", *argv, "--json"])
    report = json.loads(shown.getvalue().strip().splitlines()[-1])
    report["cpu_seconds"] = spent[0]
    report["deals_per_cpu_second"] = report["games"] / spent[0]
    print(json.dumps(report))
    return code


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
