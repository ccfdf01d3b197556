"""``stopped_by_signals``: a second signal while the first is being handled stops nothing early
and hangs nothing.

Each case runs in a child process: a handler that deadlocks would hang the process it runs in,
and the test must fail on a timeout rather than hang the suite.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(script: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=30,
    )


def test_a_signal_arriving_while_the_event_is_being_set_does_not_hang_the_process() -> None:
    """The second SIGTERM of ``make run`` came while the first handler's ``Event.set`` held the
    event's lock: the handler runs in the main thread, so it waited for itself for ever."""
    done = _run(
        """
        import logging, os, signal, sys
        from adapters.cli.signals import stopped_by_signals

        logging.basicConfig(level=logging.INFO, stream=sys.stdout, format="%(message)s")
        with stopped_by_signals() as stopping:
            with stopping._cond:  # as the first handler's set() holds it
                os.kill(os.getpid(), signal.SIGTERM)
                os.kill(os.getpid(), signal.SIGTERM)
            assert stopping.wait(20)
        print("stopped in order")
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "SIGTERM: stopping",
        "SIGTERM: already stopping",
        "stopped in order",
    ]


def test_the_previous_handlers_are_back_once_the_block_has_ended() -> None:
    """Whatever handled the signals before (here a handler of the script's own: a child of a
    test worker may inherit SIGINT ignored) handles them again after."""
    done = _run(
        """
        import signal
        from adapters.cli.signals import stopped_by_signals

        signal.signal(signal.SIGINT, lambda signum, frame: print("the handler from before"))
        with stopped_by_signals() as stopping:
            signal.raise_signal(signal.SIGINT)
            assert stopping.wait(20)
        signal.raise_signal(signal.SIGINT)
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "the handler from before"
