"""Stopping a long-running command in order on SIGINT or SIGTERM."""

from __future__ import annotations

import logging
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

log = logging.getLogger("conquian.serve")


@contextmanager
def stopped_by_signals() -> Iterator[threading.Event]:
    """An event SIGINT or SIGTERM sets, for as long as the command runs *and stops*.

    The handlers stay until the block has ended, stop included: a second signal during the stop
    (``make`` passes its own SIGTERM on to the command it ran, just after the group's) must not
    kill the process half-way through stopping in order.
    """
    stopping = threading.Event()

    def stop(signum: int, frame: FrameType | None) -> None:
        name = signal.Signals(signum).name
        log.info("%s: %s", name, "already stopping" if stopping.is_set() else "stopping")
        stopping.set()

    previous: dict[int, Callable[..., Any] | int | None] = {
        sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)
    }
    try:
        yield stopping
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
