"""What the player who must answer feels (issue 35): for every notification of a move, the seconds
from the move's append (the outbox row's ``created_at``, written with the events) to its hand-over
to the player's channel (``delivered_at``, written when the sender returned: the post handed to
Telegram, the mail to SMTP, the notice to the push service, the news to the player's page), per
channel that took it.

The soak's faults stop the worker or the database for seconds on purpose: the notifications of
moves appended while a fault lasted, ``LEAD`` seconds before it (still in flight when it hit: a
claim whose sending the fault broke waits out its lease, 30 s) and ``RECOVERY`` seconds after it
are counted apart (``around_faults``), and the bounds judge the rest — the steady service a
player meets on every other day.  Reminders are not counted: no move waits on them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from sqlalchemy import Engine, literal_column, select

from adapters.sql.engine import reconnecting
from adapters.sql.tables import events, outbox

LATE_S = 3.0
"""A wait past this is counted in ``Waits.late`` (the ten-minute form's p99 bound)."""
LEAD = timedelta(seconds=5)
"""Before a fault begins, how long the notifications in flight are counted as the fault's."""
RECOVERY = timedelta(seconds=10)
"""After a fault ends, how long its backlog is counted as the fault's."""

Window = tuple[datetime, datetime]
ENDINGS = ("MatchEnded", "MatchForfeited")
"""The events a match ends with (``service.rules.events``), as the log names them."""


def quantile(values: Sequence[float], share: float) -> float:
    """The ``share`` quantile of ``values`` (nearest rank; 0.5 the median, 0.99 the p99)."""
    ordered = sorted(values)
    return ordered[min(int(len(ordered) * share), len(ordered) - 1)]


@dataclass
class Waits:
    """Seconds each notification waited, per channel; those of moves during a fault apart."""

    steady: dict[str, list[float]] = field(default_factory=dict)
    around_faults: dict[str, list[float]] = field(default_factory=dict)
    late: dict[int, int] = field(default_factory=dict)
    """The steady notifications that waited past ``LATE_S``, by the ten seconds of the load
    their move was appended in (0: its first ten seconds): when the slow ones happened."""

    def figures(self, steady: bool = True) -> dict[str, dict[str, float]]:
        """Per channel: how many, the median, the p99 and the longest, in seconds."""
        chosen = self.steady if steady else self.around_faults
        return {
            channel: {
                "count": len(values),
                "median": round(quantile(values, 0.5), 3),
                "p99": round(quantile(values, 0.99), 3),
                "max": round(max(values), 3),
            }
            for channel, values in sorted(chosen.items())
            if values
        }

    def over(self, median: float, p99: float) -> dict[str, dict[str, float]]:
        """The channels whose steady median or p99 is past the bound."""
        return {
            channel: found
            for channel, found in self.figures().items()
            if found["median"] > median or found["p99"] > p99
        }


@reconnecting
def handed_over(engine: Engine, since: datetime, faults: Sequence[Window] = ()) -> Waits:
    """The waits of every move's notification appended from ``since`` and delivered so far."""
    statement = select(outbox.c.channel, outbox.c.created_at, outbox.c.delivered_at).where(
        outbox.c.kind == literal_column("'moves'"),
        outbox.c.status == literal_column("'delivered'"),
        outbox.c.delivered_at.is_not(None),
        outbox.c.created_at >= since,
    )
    waits = Waits()
    with engine.connect() as connection:
        for channel, created, delivered in connection.execute(statement):
            during = any(start - LEAD <= created <= end + RECOVERY for start, end in faults)
            chosen = waits.around_faults if during else waits.steady
            waited = (delivered - created).total_seconds()
            chosen.setdefault(channel or "?", []).append(waited)
            if not during and waited > LATE_S:
                late = tens(created, since)
                waits.late[late] = waits.late.get(late, 0) + 1
    return waits


def tens(at: datetime, since: datetime) -> int:
    """The ten seconds of the load ``at`` falls in, by their first second (0: its first ten)."""
    return int((at - since).total_seconds() // 10) * 10


@reconnecting
def work_by_ten_seconds(engine: Engine, since: datetime) -> dict[str, dict[int, int]]:
    """Per ten seconds of the load: the notifications queued (of every kind) and the matches
    that ended.  Late notifications beside these tell a burst of work (matches ending together,
    their ratings, reviews and replacement games) from a worker slowed by something else."""
    notified = select(outbox.c.created_at).where(outbox.c.created_at >= since)
    endings = select(events.c.at).where(events.c.name.in_(ENDINGS), events.c.at >= since)
    with engine.connect() as connection:
        queued = Counter(tens(created, since) for (created,) in connection.execute(notified))
        ended = Counter(tens(at, since) for (at,) in connection.execute(endings))
    return {"queued": dict(sorted(queued.items())), "matches_ended": dict(sorted(ended.items()))}
