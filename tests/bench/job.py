"""One timed command of ``make bench`` and the check that runs agree on what a seed fixes.

Shared by ``run.py`` and ``base_commit.py``, which both build commands and compare their results.
"""

from __future__ import annotations

import json
import os
import shlex
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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


def environment(job: Job) -> dict[str, str]:
    """The process environment with the job's assignments applied."""
    return {**os.environ, **dict(job.env)}


class Mismatch(RuntimeError):
    """Runs disagreed on what a seed fixes: not the same game (between the builds, or between
    this tree and the earlier commit it is measured against)."""


def outcomes(run: dict[str, Any], keys: Sequence[str]) -> dict[str, Any]:
    """The part of a run's report that the seed fixes."""
    return {key: run[key] for key in keys}


def check_same(runs: dict[str, list[dict[str, Any]]], keys: Sequence[str]) -> None:
    """Every run in ``runs`` must report the same ``keys``, else :class:`Mismatch`.

    Run across the builds (and the repeats): the compiled code is only worth measuring if it
    plays exactly the game the interpreted code plays.
    """
    seen = {
        f"{name}, run {number}": outcomes(run, keys)
        for name, group in runs.items()
        for number, run in enumerate(group, 1)
    }
    if len({json.dumps(value, sort_keys=True) for value in seen.values()}) > 1:
        lines = "\n".join(f"  {name}: {value}" for name, value in seen.items())
        raise Mismatch(f"the runs disagree on what the seed fixes ({', '.join(keys)}):\n{lines}")
