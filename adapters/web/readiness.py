"""Whether this process can do its work: the checks behind ``/readyz``.

Ready means: the database answers, its schema is at the newest migration this code knows, and a
worker has beaten recently (``pulse``) — without a worker nobody times out a turn or sends a
notification, so a service without one is up but not ready.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from adapters.sql.engine import Engine, answer
from adapters.sql.migrate import current, head
from adapters.sql.pulse import Pulse


@dataclass(frozen=True)
class Readiness:
    engine: Engine
    pulse: Pulse
    heartbeat: timedelta

    def checks(self) -> dict[str, str]:
        """Each check's finding: ``ok``, or what is wrong."""
        found: dict[str, str] = {}
        try:
            answer(self.engine)
            found["database"] = "ok"
        except Exception as error:  # any failure to reach the database means not ready
            return {"database": f"unreachable: {type(error).__name__}"}
        at, newest = current(self.engine), head()
        found["migrations"] = "ok" if at == newest else f"at {at}, code expects {newest}"
        last = self.pulse.last()
        if last is None:
            found["worker"] = "no heartbeat"
        else:
            age = datetime.now(UTC) - last
            found["worker"] = (
                "ok"
                if age <= self.heartbeat
                else f"last heartbeat {int(age.total_seconds())} s ago"
            )
        return found
