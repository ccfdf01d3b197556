"""How many project files run while the Telegram process answers one typed move, and while it
sends one notification of it: a whole deal typed through the Telegram test harness
(``tests/telegram/test_play.py``), each answer and each notification profiled in its own thread.

    .venv/bin/python -m tests.bench.files_touched

Prints the count of each, median and most (docs/architecture.md records them).
"""

from __future__ import annotations

import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

import tests.telegram.harness as harness

ROOTS = tuple(
    str(Path(__file__).resolve().parents[2] / part) + "/" for part in ("service", "adapters")
)


def counted(files: list[int], method: Callable[..., Any]) -> Callable[..., Any]:
    """``method``, with the number of project files whose code ran in each call kept in
    ``files``."""

    def run(*args: Any, **kwargs: Any) -> Any:
        seen: set[str] = set()

        def profile(frame: FrameType, event: str, arg: object) -> None:
            if event == "call" and frame.f_code.co_filename.startswith(ROOTS):
                seen.add(frame.f_code.co_filename)

        sys.setprofile(profile)
        try:
            return method(*args, **kwargs)
        finally:
            sys.setprofile(None)
            files.append(len(seen))

    return run


def main() -> int:
    answers: list[int] = []
    notifications: list[int] = []
    start = harness.Bot.start

    def profiled(bot: harness.Bot) -> harness.Bot:
        started = start(bot)
        lanes = bot.app.processor.lanes
        lanes.answer = counted(answers, lanes.answer)  # type: ignore[method-assign]
        sender = bot.channels.senders["telegram"]
        sender.send = counted(notifications, sender.send)  # type: ignore[method-assign]
        return started

    harness.Bot.start = profiled  # type: ignore[method-assign]
    test = "tests/telegram/test_play.py::test_a_whole_deal_is_played_with_typed_commands"
    code = pytest.main(["-q", "-p", "no:cacheprovider", test])
    for name, files in (("answer", answers), ("notification", notifications)):
        print(
            f"{name}: {len(files)} profiled, median {statistics.median(files)} files, most {max(files)}"
        )
    return int(code)


if __name__ == "__main__":
    sys.exit(main())
