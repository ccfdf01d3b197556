"""Stopping a long-running command in order on SIGINT or SIGTERM."""

from __future__ import annotations

import logging
import os
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

log = logging.getLogger("conquian.serve")

_SIGNALS = (signal.SIGINT, signal.SIGTERM)
_DONE = b"\0"  # no signal has number 0: it ends the thread that reads the signals


@contextmanager
def stopped_by_signals() -> Iterator[threading.Event]:
    """An event SIGINT or SIGTERM sets, for as long as the command runs *and stops*.

    The handlers stay until the block has ended, stop included: a second signal during the stop
    (``make`` passes its own SIGTERM on to the command it ran, just after the group's) must not
    kill the process half-way through stopping in order.

    The handler only writes the signal's number to a pipe; a thread reads it, logs it and sets
    the event.  A handler runs in the main thread between two of its steps, wherever it is: one
    that set the event itself would, on a second signal arriving while the first handler's
    ``set`` held the event's lock, wait for that lock forever (seen as a hung ``make run``).
    """
    stopping = threading.Event()
    reading, writing = os.pipe()

    def note(signum: int, frame: FrameType | None) -> None:
        os.write(writing, bytes([signum]))

    def stop() -> None:
        while (byte := os.read(reading, 1)) != _DONE:
            name = signal.Signals(byte[0]).name
            log.info("%s: %s", name, "already stopping" if stopping.is_set() else "stopping")
            stopping.set()

    thread = threading.Thread(target=stop, name="signals", daemon=True)
    thread.start()
    previous: dict[int, Callable[..., Any] | int | None] = {
        sig: signal.signal(sig, note) for sig in _SIGNALS
    }
    try:
        yield stopping
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        os.write(writing, _DONE)
        thread.join()
        os.close(reading)
        os.close(writing)
