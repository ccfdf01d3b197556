"""APScheduler's log, without the line a busy job would write every tick."""

from __future__ import annotations

import logging


class _StillRunning(logging.Filter):
    """Drops APScheduler's warning that a tick found its job still running.  A drain sends for
    as long as the outbox comes back full, so under a steady load every tick of it finds it
    running: that is the job keeping up, not a fault, and a line a second would bury the log."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "maximum number of running instances reached" not in record.getMessage()


def quiet_ticks_while_running() -> None:
    scheduler_log = logging.getLogger("apscheduler.scheduler")
    if not any(isinstance(f, _StillRunning) for f in scheduler_log.filters):
        scheduler_log.addFilter(_StillRunning())
