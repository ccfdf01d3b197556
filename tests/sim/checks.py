"""Reading a simulated hour back from the database: did every timeout fire once, when it should,
and every reminder go out once?

Each game's log is cut into its appends (the events of one append share its time; in the
simulation no two appends to one game share a time), and folded append by append.  Before each
append the game waits for a decision (or for nobody), whose deadline ``GameService.deadline``
computes as the worker's did.  An append that starts with ``TurnTimedOut`` is that decision's
timeout: it must come when the worker was due to fire it — at the deadline (or, for one in the
last tenth of a sweep round, by the next round: ``ROUND_SHARE``), or at the restart for a deadline
that fell while the worker was stopped — never before (a timeout fired twice would be the next
decision's, fired early) and never later.  Any other append is the player's move, which must come
before the timeout would have fired.  When the hour ends, no game
may still wait for a decision whose deadline has passed.

Every game's log, exported as a file, must verify (``conquian verify``, clock checks included): a
log of the simulation that the verifier refuses is a false refusal, or a timeout the worker fired
too early.

A reminder names its game, the game's version while it waited and its player, and must go out
while that version still waits, not before its first reminder time.  A decision lasts over every
append that keeps it (a pause, an extension, quiet hours: the same turn, ``Game.turn_since``) and
none may be reminded more often than it has reminder times, however those appends moved them; and
every decision still waiting a reminder interval and a drain interval after a reminder time (or
after the restart) must have had a reminder.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from sqlalchemy import func, select

from adapters.bootstrap import Wiring, build
from adapters.config import Settings
from adapters.sql.tables import outbox
from adapters.worker import ROUND_SHARE
from service.app.games import GameService
from service.game.events import GameId, PlayerId, QuietHoursSet, TurnTimedOut
from service.game.state import Game, apply_all, fold
from service.game.stored import StoredEvent
from service.log.file import export_lines, read_log
from service.log.verify import verify
from service.ports.memory_directory import ManualClock, SeededChance
from tests.sim.hour import ClockedSender, Plan, Run

Key = tuple[GameId, int, PlayerId]
"""A decision, as a reminder names it: its game, the game's version while it waits, its player."""
Turn = tuple[GameId, datetime, PlayerId]
"""A decision over the appends that keep it: its game, when it began, its player."""


@dataclass(frozen=True)
class Decision:
    player: PlayerId
    turn: datetime
    """When the decision began (``Game.turn_since``): the same over appends that keep it."""
    started: datetime
    """When this version of it began."""
    due: datetime
    reminders: tuple[datetime, ...]
    ended: datetime | None
    """When the next append ended it; None if it still waits when the hour ends."""


@dataclass
class Findings:
    """What the database says happened, and every way it differs from what should have."""

    decisions: int = 0
    timeouts: int = 0
    at_restart: int = 0
    """Timeouts of deadlines that fell while the worker was stopped (fired at the restart)."""
    moves: int = 0
    lateness: list[float] = field(default_factory=list)
    """Seconds (simulated) between each deadline and its timeout, outside the outage."""
    logs_verified: int = 0
    quiet_hours_recorded: int = 0
    reminders_due: int = 0
    reminders_sent: int = 0
    reminders_twice: int = 0
    outbox: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def summary(self) -> dict[str, object]:
        return {
            "decisions": self.decisions,
            "timeouts": self.timeouts,
            "timeouts_at_restart": self.at_restart,
            "moves": self.moves,
            "max_lateness_s": max(self.lateness, default=0.0),
            "logs_verified": self.logs_verified,
            "quiet_hours_recorded": self.quiet_hours_recorded,
            "reminders_due": self.reminders_due,
            "reminders_sent": self.reminders_sent,
            "reminders_sent_twice": self.reminders_twice,
            "outbox": self.outbox,
            "problems": len(self.problems),
        }


class Checker:
    def __init__(self, url: str, plan: Plan) -> None:
        self.plan = plan
        self.clock = ManualClock(plan.finish)
        self.wiring: Wiring = build(Settings(database_url=url), self.clock, SeededChance(0))
        self.service: GameService = self.wiring.service
        self.findings = Findings()
        self.decisions: dict[Key, Decision] = {}

    def fires(self, moment: datetime) -> datetime:
        """When the worker starts to look for what falls due at ``moment``: then, or at the
        restart if it was stopped then."""
        plan = self.plan
        return plan.restarted if plan.stopped < moment < plan.restarted else moment

    def fired_by(self, moment: datetime) -> datetime:
        """The latest a timeout due at ``moment`` may fire: a deadline in the last part of a sweep
        round waits for the next round (``ROUND_SHARE``); one due while the worker was stopped
        fires at the restart."""
        fires = self.fires(moment)
        if fires != moment:
            return fires
        return moment + timedelta(seconds=self.plan.worker.sweep_seconds * (1 - ROUND_SHARE))

    def check(self, run: Run, sender: ClockedSender) -> Findings:
        try:
            for game_id in run.game_ids:
                self._game(game_id, self.service.store.load(game_id))
            self._reminders(sender)
            self._outbox()
        finally:
            self.wiring.close()
        return self.findings

    def _game(self, game_id: GameId, log: list[StoredEvent]) -> None:
        self._verify(game_id, log)
        appends = [list(group) for _, group in itertools.groupby(log, key=lambda one: one.at)]
        ends: list[datetime | None] = [append[0].at for append in appends[1:]] + [None]
        game = fold(appends[0])  # opened, and joined at the same moment
        self._decision(game, appends[0][0].at, ends[0])
        for append, ended in zip(appends[1:], ends[1:], strict=True):
            self._append(game, append)
            game = apply_all(game, append)
            self._decision(game, append[0].at, ended)
        waiting = self.service.deadline(game)
        if waiting is not None and waiting.due_at <= self.plan.finish:
            self._problem(game, f"still waits for a decision due at {waiting.due_at}")

    def _verify(self, game_id: GameId, log: list[StoredEvent]) -> None:
        """The game's exported log verifies, as anyone holding the file would check it."""
        verdict = verify(read_log(export_lines(log)))
        self.findings.quiet_hours_recorded += sum(
            isinstance(one.event, QuietHoursSet) for one in log
        )
        if verdict.ok:
            self.findings.logs_verified += 1
        else:
            self._report(
                f"game {game_id}: its log is refused at event {verdict.seq}: {verdict.reason}"
            )

    def _append(self, game: Game, append: list[StoredEvent]) -> None:
        """Judge one append against the decision the game waited for before it."""
        waiting, at = self.service.deadline(game), append[0].at
        timeout = any(isinstance(one.event, TurnTimedOut) for one in append)  # after records
        if waiting is None:
            if timeout:
                self._problem(game, f"timed out at {at} with no decision waiting")
            return
        fires, latest = self.fires(waiting.due_at), self.fired_by(waiting.due_at)
        if not timeout:
            self.findings.moves += 1
            if at > latest:
                self._problem(game, f"a move at {at}, after its timeout was due by {latest}")
            return
        self.findings.timeouts += 1
        if not fires <= at <= latest:
            self._problem(game, f"timed out at {at}; due at {waiting.due_at}, to fire by {latest}")
        if fires == waiting.due_at:
            self.findings.lateness.append((at - waiting.due_at).total_seconds())
        else:
            self.findings.at_restart += 1

    def _decision(self, game: Game, started: datetime, ended: datetime | None) -> None:
        waiting = self.service.deadline(game)
        if waiting is None:
            return
        self.findings.decisions += 1
        key = (game.id, game.version, waiting.player)
        self.decisions[key] = Decision(
            waiting.player, game.turn_since, started, waiting.due_at, waiting.reminders, ended
        )

    def _reminders(self, sender: ClockedSender) -> None:
        sent: dict[Key, list[datetime]] = {}
        for note, at in sender.sent:
            if note.kind == "reminder":
                sent.setdefault((note.game_id, note.to_seq, note.player), []).append(at)
        self.findings.reminders_sent = sum(len(times) for times in sent.values())
        per_turn: Counter[Turn] = Counter()
        for key, times in sent.items():
            decision = self.decisions.get(key)
            if decision is None or not decision.reminders:
                self._report(f"{key}: a reminder for no decision that has one")
            elif times[0] < decision.reminders[0] or not _waiting(decision, times[-1]):
                self._report(f"{key}: reminded at {times}, outside {decision}")
            else:
                per_turn[_turn(key, decision)] += len(times)
        most: dict[Turn, int] = {}
        for key, decision in self.decisions.items():
            turn = _turn(key, decision)
            most[turn] = max(most.get(turn, 0), len(decision.reminders))
        for turn, count in per_turn.items():
            if count > most[turn]:
                self.findings.reminders_twice += count - most[turn]
                self._report(f"{turn}: reminded {count} times, of {most[turn]} reminder times")
        self._reminded(per_turn)

    def _reminded(self, per_turn: Counter[Turn]) -> None:
        """Every decision that waited long enough after a reminder time had a reminder."""
        settings = self.plan.worker
        slack = timedelta(seconds=settings.reminder_seconds + settings.drain_seconds)
        due: set[Turn] = set()
        for key, decision in self.decisions.items():
            ended = decision.ended or self.plan.finish
            if any(
                max(self.fires(at), decision.started) + slack < ended for at in decision.reminders
            ):
                due.add(_turn(key, decision))
        self.findings.reminders_due = len(due)
        for turn in due - set(per_turn):
            self._report(f"{turn}: never reminded")

    def _outbox(self) -> None:
        """Every notification ends delivered or superseded (none failed, none left behind)."""
        query = select(outbox.c.status, func.count()).group_by(outbox.c.status)
        with self.wiring.engine.connect() as connection:
            counts = {status: count for status, count in connection.execute(query).all()}
        self.findings.outbox = counts
        left = Counter({k: v for k, v in counts.items() if k not in ("delivered", "superseded")})
        if left:
            self._report(f"notifications not delivered: {dict(left)}")

    def _problem(self, game: Game, what: str) -> None:
        self._report(f"game {game.id}: {what}")

    def _report(self, what: str) -> None:
        self.findings.problems.append(what)


def _turn(key: Key, decision: Decision) -> Turn:
    return (key[0], decision.turn, key[2])


def _waiting(decision: Decision, moment: datetime) -> bool:
    """Whether the decision still waited at ``moment`` (one that outlasted the hour always)."""
    return decision.ended is None or moment < decision.ended


def check(url: str, plan: Plan, run: Run, sender: ClockedSender) -> Findings:
    """Read the simulated hour on ``url`` back and judge it (``Findings.problems`` lists what is
    wrong; empty when all is well)."""
    return Checker(url, plan).check(run, sender)
