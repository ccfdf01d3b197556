"""``make fuzz``: every surface of ``test_fuzz.py`` with more cases, from a fresh seed, timed.

    python -m tests.reliability.fuzz.run [--examples 200000] [--pipeline-examples 20000]
                                         [--seed N] [--only "email"]

Runs each surface's hypothesis cases (10× the test suite's by default, not derandomized; the
seed is printed so a failure can be replayed with ``--seed``), then its 64 KB cases, and prints
per surface the number of cases, the slowest answer to a fuzz case and to a 64 KB case (target:
under 50 ms) and which 64 KB case that was.  Each case is timed around ``check`` alone, outside
pytest; a failing case stops the run with hypothesis's report.  A 64 KB case is answered three
times and counts with the median of the three: a single timing on a small shared machine also
measures a garbage collection or another process taking the core, and the first answer of its
kind pays for loading what it needs once (the time zone database for ``timezone …``).  The
slowest single answer is printed beside it.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

TARGET_MS = 50.0
LARGE_REPEATS = 3


@dataclass
class Timing:
    cases: int = 0
    spent: float = 0.0
    """Seconds inside ``check``: the rest of a surface's time is generating the cases."""
    slowest: float = 0.0
    slowest_case: str = ""
    large: float = 0.0
    large_case: str = ""
    seconds: float = 0.0
    large_times: list[float] = field(default_factory=list)


class Timed:
    """A surface whose ``check`` records how long each case took."""

    def __init__(self, surface: Any, timing: Timing) -> None:
        self.surface, self.timing = surface, timing
        self.name, self.cases, self.examples = surface.name, surface.cases, surface.examples

    def check(self, case: Any) -> None:
        start = time.perf_counter()
        self.surface.check(case)
        took = time.perf_counter() - start
        self.timing.cases += 1
        self.timing.spent += took
        if took > self.timing.slowest:
            self.timing.slowest, self.timing.slowest_case = took, _short(case)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=200_000)
    parser.add_argument(
        "--pipeline-examples",
        type=int,
        help="cases of the surfaces through a database and a server (default: a tenth)",
    )
    parser.add_argument("--seed", type=int, default=random.SystemRandom().randrange(2**32))
    parser.add_argument("--only", help="run the surfaces whose name contains this")
    args = parser.parse_args(argv)
    os.environ["CONQUIAN_FUZZ_EXAMPLES"] = str(args.examples)
    os.environ["CONQUIAN_FUZZ_SEED"] = str(args.seed)
    pipeline = args.pipeline_examples or args.examples // 10
    os.environ["CONQUIAN_FUZZ_PIPELINE_EXAMPLES"] = str(pipeline)
    print(
        f"fuzz: {args.examples} cases per surface ({pipeline} through a database and a server), "
        f"seed {args.seed}",
        flush=True,
    )

    from tests.reliability.fuzz.inputs import fuzz  # reads the settings above

    results: dict[str, Timing] = {}
    for name, build in _surfaces():
        if args.only and args.only not in name:
            continue
        timing = results[name] = Timing()
        start = time.perf_counter()
        with build() as surface:
            fuzz(Timed(surface, timing))
            for case in surface.large_cases(random.Random(args.seed)):
                times = sorted(_timed(surface.check, case) for _ in range(LARGE_REPEATS))
                timing.large_times.extend(times)
                took = statistics.median(times)
                if took > timing.large:
                    timing.large, timing.large_case = took, _short(case)
        timing.seconds = time.perf_counter() - start
        _print_row(name, timing)
    slow = [name for name, timing in results.items() if timing.large * 1000 > TARGET_MS]
    print(f"64 KB answers over {TARGET_MS:.0f} ms: {', '.join(slow) or 'none'}")
    return 0


def _surfaces() -> list[tuple[str, Callable[[], Any]]]:
    from tests.reliability.fuzz.bot_updates import ButtonData, UpdateReading, Updates
    from tests.reliability.fuzz.commands import Commands
    from tests.reliability.fuzz.data_mail import DataMail
    from tests.reliability.fuzz.logs import Logs
    from tests.reliability.fuzz.mail import Mail, MailReading
    from tests.reliability.fuzz.push_forms import PushForm
    from tests.reliability.fuzz.web_api import Api, BodyReading
    from tests.reliability.fuzz.web_forms import MoveForm, PlayerNames

    return [
        ("text commands", _plain(Commands)),
        ("Telegram button data", _plain(ButtonData)),
        ("Telegram update reading", _plain(UpdateReading)),
        ("Telegram updates", _closing(Updates)),
        ("email reading", _plain(MailReading)),
        ("email", _closing(Mail)),
        ("email data commands", _closing(DataMail)),
        ("JSON API body reading", _plain(BodyReading)),
        ("JSON API", _closing(Api)),
        ("JSON API player names", _closing(PlayerNames)),
        ("web move form", _closing(MoveForm)),
        ("web push form", _closing(PushForm)),
        ("game logs", _closing(Logs)),
    ]


def _plain(kind: Callable[[], Any]) -> Callable[[], Any]:
    @contextmanager
    def build() -> Iterator[Any]:
        yield kind()

    return build


def _closing(kind: Callable[[], Any]) -> Callable[[], Any]:
    @contextmanager
    def build() -> Iterator[Any]:
        surface = kind()
        try:
            yield surface
        finally:
            surface.close()

    return build


def _timed(check: Callable[[Any], None], case: Any) -> float:
    start = time.perf_counter()
    check(case)
    return time.perf_counter() - start


def _short(case: Any) -> str:
    text = repr(case)
    return text if len(text) <= 70 else text[:67] + "…"


def _print_row(name: str, timing: Timing) -> None:
    print(
        f"{name}: {timing.cases} cases in {timing.seconds:.0f} s ({timing.spent:.0f} s checking, "
        f"{timing.spent / max(timing.cases, 1) * 1000:.2f} ms a case); slowest case "
        f"{timing.slowest * 1000:.1f} ms ({timing.slowest_case}); "
        f"{len(timing.large_times) // LARGE_REPEATS} 64 KB cases, slowest {timing.large * 1000:.1f} ms "
        f"(median of {LARGE_REPEATS}: {timing.large_case}; slowest single answer "
        f"{max(timing.large_times, default=0) * 1000:.1f} ms)",
        flush=True,
    )


if __name__ == "__main__":
    sys.exit(main())
