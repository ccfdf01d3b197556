"""Waiting on a condition, not for a time: a test that sleeps a fixed time is slow on a fast
machine and flaky on a slow one."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable


def eventually(check: Callable[[], bool], seconds: float = 3.0, every: float = 0.02) -> bool:
    """Whether ``check`` holds within ``seconds`` (asked every ``every`` seconds: longer for a
    check that reads much, so the asking does not load what it waits for)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(every)
    return check()


def logged(records: Callable[[], list[logging.LogRecord]], text: str) -> Callable[[], int]:
    """How many of the records so far (``caplog.records``, read each time) say ``text``."""
    return lambda: sum(text in record.getMessage() for record in records())
