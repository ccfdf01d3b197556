"""What a soak is asked to do (``Plan``) and what it found (``Report``): the figures, and the
problems that fail it."""

from __future__ import annotations

from dataclasses import dataclass, field

from tests.reliability.soak.checks import LogVerdict
from tests.reliability.soak.latency import Waits

WARM_UP_SECONDS = 10.0
"""A process's memory is judged from this long after it runs (imports, pools, fonts, caches)."""


@dataclass(frozen=True)
class Plan:
    backend: str = "postgresql"
    seconds: float = 180.0
    rate: float = 20.0
    """Moves per second the bots send, steadily."""
    games: int = 300
    """Games running at any time (a finished game is replaced by a new one)."""
    mix: tuple[tuple[str, float], ...] = (("web", 0.5), ("telegram", 0.3), ("email", 0.2))
    restart_worker_at: float | None = 1 / 3
    restart_database_at: float | None = 2 / 3
    """Shares of ``seconds`` into the load (None: no such fault)."""
    drain_within: float = 30.0
    retention: dict[str, str] = field(default_factory=dict)
    """The processes' retention settings (``--keep-seconds``); none: the defaults, in days."""
    chat_429_fails: bool = True
    """A 429 for Telegram's one post a second in one chat fails the soak (``make test``'s short
    form only reports it: with a chat's second kept in the database, two processes still posted
    into one chat within a second once in ten minutes at 50 moves/s — a post can reach Telegram
    later than its turn — so the race is narrowed, not closed; the bot-wide limit always
    fails)."""
    notified_median_s: float | None = None
    notified_p99_s: float | None = None
    """Bounds on the seconds from a move's append to its notification handed to the player's
    channel, per channel, outside the faults (``latency.py``); None: reported, not judged."""
    empty_within_s: float | None = None
    """The outbox must be empty this many seconds after the load (None: within
    ``drain_within``)."""
    memory_growth_mb: float = 25.0
    memory_growth_share: float = 0.10
    """The bound on each process's RSS growth over the load: this many MB plus this share of
    its RSS once warmed up — a fifth into the load, and at least ``WARM_UP_SECONDS`` after it
    runs (a restarted process) — until the load ends.  A process that lived too short for two
    samples in that span is not judged."""


@dataclass
class Report:
    plan: Plan
    log: LogVerdict
    sent_per_second: list[int]
    faults: list[str]
    outbox: dict[str, int]
    outbox_empty_after: float | None
    memory: dict[str, tuple[float, float]]
    """Per process incarnation: RSS (MB) warmed up, and at the end of the load."""
    dead: list[str]
    exit_codes: dict[str, int]
    refusals: list[str]
    stuck: int
    latency: dict[str, float] = field(default_factory=dict)
    """Median seconds from move to log, per channel."""
    notes: list[str] = field(default_factory=list)
    latency_p99: dict[str, float] = field(default_factory=dict)
    too_many_requests: dict[str, int] = field(default_factory=dict)
    """429s the fake Bot API gave for posts past Telegram's limits (``overall``, ``chat``)."""
    refused_posts: list[str] = field(default_factory=list)
    """The first few of them: the chat, the post and the chat's post before it."""
    notified: Waits = field(default_factory=Waits)
    """Seconds from each move's append to its notification handed over, per channel."""
    work: dict[str, dict[int, int]] = field(default_factory=dict)
    """Per ten seconds of the load, the notifications queued and the matches ended
    (``latency.work_by_ten_seconds``)."""

    def memory_over_bound(self) -> dict[str, tuple[float, float]]:
        plan = self.plan
        return {
            name: (start, end)
            for name, (start, end) in self.memory.items()
            if end - start > plan.memory_growth_mb + plan.memory_growth_share * start
        }

    @property
    def steady_rate(self) -> float:
        counted = self.sent_per_second[2:-1] or self.sent_per_second
        return sum(counted) / max(len(counted), 1)

    def problems(self) -> list[str]:
        """Everything that fails the soak (empty: it passed)."""
        plan = self.plan
        found = [fault for fault in self.faults if fault.startswith("failed:")]
        if not self.log.ok:
            found.append(f"log: {self.log.summary()}")
        if self.outbox_empty_after is None:
            found.append(f"outbox not empty {self.plan.drain_within:g} s after the load")
        elif plan.empty_within_s is not None and self.outbox_empty_after > plan.empty_within_s:
            found.append(
                f"outbox empty {self.outbox_empty_after:.1f} s after the load, "
                f"not within {plan.empty_within_s:g} s"
            )
        if plan.notified_median_s is not None and plan.notified_p99_s is not None:
            late = self.notified.over(plan.notified_median_s, plan.notified_p99_s)
            if late:
                found.append(
                    f"notifications slower than a median of {plan.notified_median_s:g} s "
                    f"and a p99 of {plan.notified_p99_s:g} s: {late}"
                )
        if self.outbox.get("failed"):
            found.append(f"{self.outbox['failed']} notifications failed")
        if self.dead:
            found.append(f"processes died: {self.dead}")
        if any(self.exit_codes.values()):
            found.append(f"exit codes: {self.exit_codes}")
        if self.stuck:
            found.append(f"{self.stuck} moves sent and never applied")
        counted = {
            kind: n
            for kind, n in self.too_many_requests.items()
            if kind != "chat" or self.plan.chat_429_fails
        }
        if counted:
            found.append(f"Telegram answered 429 to posts: {counted}")
        over = self.memory_over_bound()
        if over:
            found.append(f"memory grew past the bound: {over}")
        return found

    def summary(self) -> dict[str, object]:
        return {
            "backend": self.plan.backend,
            "seconds": self.plan.seconds,
            "target_rate": self.plan.rate,
            "steady_rate": round(self.steady_rate, 1),
            "games_at_once": self.plan.games,
            "faults": self.faults,
            **self.log.summary(),
            "refusals": len(self.refusals),
            "refusal_examples": self.refusals[:3],
            "stuck": self.stuck,
            "outbox": self.outbox,
            "outbox_empty_after_s": self.outbox_empty_after,
            "latency_s": self.latency,
            "latency_p99_s": self.latency_p99,
            "notified_s": self.notified.figures(),
            "notified_around_faults_s": self.notified.figures(steady=False),
            "notified_late_by_load_second": dict(sorted(self.notified.late.items())),
            "queued_by_load_second": self.work.get("queued", {}),
            "matches_ended_by_load_second": self.work.get("matches_ended", {}),
            "telegram_429": self.too_many_requests,
            "telegram_429_examples": self.refused_posts,
            "memory_mb": {k: (round(a, 1), round(b, 1)) for k, (a, b) in self.memory.items()},
            "dead": self.dead,
            "exit_codes": self.exit_codes,
            "notes": self.notes,
        }
