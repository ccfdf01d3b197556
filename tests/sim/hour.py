"""A simulated hour of deadlines: thousands of games between people who mostly do not answer,
played on a real SQL database through ``GameService``, with the real ``Worker``'s jobs run as its
scheduler would run them, on a ``ManualClock`` that jumps from one thing that happens to the next
(nothing sleeps).

The games open at random over the first hour, each with a half-hour move time, so their
first deadlines fall evenly over the hour after that (the simulated hour); a timeout starts the
next decision, whose deadline may fall inside the hour too.  Now and then a player looks in and
makes the move the greedy bot would (a visit; most decisions time out).  A tenth of the games
forfeit at the first timeout, three tenths let the bot play, the rest make the safest choice.
A seventh of the players have quiet hours from the start, another seventh set them an hour in:
their deadlines move, by the quiet hours their games recorded (``QuietHoursSet``).  Other appends
move a decision's deadline and its reminders too: in a fifth of the games the player to act pauses
their clock for a while once, late in a decision; in another fifth the waiting player extends a
deadline that fell while the worker was stopped; and an eleventh of the players go on vacation a
third of the way in.

The worker runs in its own wiring (its own engine: another process).  Its sweep runs in rounds as
``Worker.start`` schedules them — a round on every interval, and within a round an alarm at each
deadline that falls before it ends (``Worker.next_sweep``) — while reminders and the outbox run
on their intervals.  In the middle of the hour the worker stops for ten minutes; a new one, built
afresh as a restarted process is, sweeps at once.  What came of it all is in the database and in
``ClockedSender``; ``checks`` reads it back.
"""

from __future__ import annotations

import heapq
import itertools
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from adapters.bootstrap import Wiring, build
from adapters.config import Settings, WorkerSettings
from adapters.worker import ROUND_SHARE, Worker
from service.app.outcome import Applied
from service.bots.policies import NoChance, greedy_bot
from service.delivery.dispatch import Telling
from service.game.events import GameId, PlayerId, TimeControl
from service.ports.directory import Address
from service.ports.memory_directory import ManualClock, SeededChance
from service.ports.protocols import Clock, Notification
from service.rules.view import view_for

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@dataclass(frozen=True)
class Plan:
    """What to simulate; the defaults are the issue's hour."""

    games: int
    seed: int = 1
    start: datetime = START
    move_seconds: int = 1800
    opening: timedelta = timedelta(hours=1)
    """Games open evenly over this span from ``start``."""
    outage_at: timedelta = timedelta(minutes=45)
    outage: timedelta = timedelta(minutes=10)
    end: timedelta = timedelta(minutes=90)
    visit_every: timedelta = timedelta(hours=2)
    """The mean time between a game's visits (a player looking in and moving)."""
    worker: WorkerSettings = field(default_factory=WorkerSettings)

    @property
    def stopped(self) -> datetime:
        return self.start + self.outage_at

    @property
    def restarted(self) -> datetime:
        return self.stopped + self.outage

    @property
    def finish(self) -> datetime:
        return self.start + self.end

    def shrunk(self, factor: int) -> Plan:
        """The same hour with every span ``factor`` times shorter (the worker's intervals kept,
        so each job runs ``factor`` times less often than in the hour): what ``make test`` runs."""
        return replace(
            self,
            move_seconds=self.move_seconds // factor,
            opening=self.opening / factor,
            outage_at=self.outage_at / factor,
            outage=self.outage / factor,
            end=self.end / factor,
            visit_every=self.visit_every / factor,
        )

    def policy(self, number: int) -> str:
        """Game ``number``'s ``on_timeout``: a tenth forfeit, three tenths let the bot play."""
        return "forfeit" if number % 10 == 0 else "bot" if number % 10 <= 3 else "auto"


class ClockedSender:
    """The ``log`` channel's sender in the simulation: records each notification with the
    simulated time it went out."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.sent: list[tuple[Notification, datetime]] = []

    def send(self, address: Address, telling: Telling) -> None:
        notification = telling.notification
        self.sent.append((notification, self.clock.now()))


@dataclass
class Run:
    """What the simulation did, counted as it went (``checks`` verifies it from the database)."""

    plan: Plan
    game_ids: list[GameId] = field(default_factory=list)
    moves: int = 0
    timed_out: int = 0
    reminded: int = 0
    paused: int = 0
    extended: int = 0
    vacations: int = 0
    sweeps: int = 0
    seconds: dict[str, float] = field(default_factory=dict)


# What may happen at one instant, in the order it happens then.
OPEN, VISIT, SWEEP, ALARM, REMIND, DRAIN, STOP, RESTART, QUIET, PAUSE, EXTEND, AWAY = range(12)
QUIET_FROM_THE_START = ("Europe/Madrid", 0.5, 0.6)
"""A seventh of the players have quiet hours when they sit down: these shares of the plan's
span, in Madrid's time."""
QUIET_LATER = ("UTC", 0.75, 0.85)
"""Another seventh set quiet hours two thirds in, with their games running."""


class Simulation:
    """The agenda of one simulated hour on the database at ``url``."""

    def __init__(self, url: str, plan: Plan, sender: ClockedSender | None = None) -> None:
        self.url, self.plan = url, plan
        self.clock = ManualClock(plan.start)
        self.sender = sender or ClockedSender(self.clock)
        self.rng = random.Random(plan.seed)
        self.run = Run(plan)
        self.front = self._wiring(plan.seed)  # the process players play through
        self.players: list[PlayerId] = []
        self.worker: Worker | None = None
        self.wiring: Wiring | None = None
        self.generation = 0  # a stopped worker's pending jobs are dropped
        self.round_tick = plan.start
        self._agenda: list[tuple[datetime, int, int, int, int]] = []
        self._order = itertools.count()

    def _wiring(self, seed: int) -> Wiring:
        settings = Settings(database_url=self.url, worker=self.plan.worker)
        return build(settings, clock=self.clock, chance=SeededChance(seed))

    def at(self, moment: datetime, what: int, subject: int = 0) -> None:
        heapq.heappush(self._agenda, (moment, what, next(self._order), subject, self.generation))

    def simulate(self) -> Run:
        """Register the players, then play the agenda out to the end of the hour."""
        began = time.perf_counter()
        directory, plan = self.front.directory, self.plan
        for number in range(plan.games):
            self.players.append(directory.register(f"p{number}", Address("log", f"p{number}")))
            if number % 7 == 0:
                self._set_quiet(number, *QUIET_FROM_THE_START)
            elif number % 7 == 3:
                self.at(plan.start + plan.end * 2 / 3, QUIET, number)
            if number % 11 == 5:
                self.at(plan.start + plan.end / 3, AWAY, number)
        opening = plan.opening.total_seconds()
        times = sorted(self.rng.uniform(0, opening) for _ in range(plan.games))
        for number, offset in enumerate(times):  # off the worker's ticks, as people come
            self.at(plan.start + timedelta(seconds=offset), OPEN, number)
        self._start_worker()
        self.at(plan.stopped, STOP)
        self.at(plan.stopped + plan.outage * 0.6, EXTEND)
        self.at(plan.restarted, RESTART)
        setup = time.perf_counter()
        while self._agenda and self._agenda[0][0] <= plan.finish:
            moment, what, _, subject, generation = heapq.heappop(self._agenda)
            self.clock.current = moment
            if what in (SWEEP, ALARM, REMIND, DRAIN) and generation != self.generation:
                continue  # a job of a worker that has stopped
            self._handlers()[what](subject)
        assert self.worker is not None
        self.worker.drain()  # what the last second queued
        self.run.seconds = {"setup": setup - began, "hour": time.perf_counter() - setup}
        return self.run

    def close(self) -> None:
        for wiring in (self.front, self.wiring):
            if wiring is not None:
                wiring.close()

    def _handlers(self) -> dict[int, Callable[[int], None]]:
        return {
            OPEN: self._open,
            VISIT: self._visit,
            SWEEP: self._tick,
            ALARM: self._sweep,
            REMIND: self._remind,
            DRAIN: self._drain,
            STOP: self._stop,
            RESTART: lambda _: self._start_worker(),
            QUIET: lambda number: self._set_quiet(number, *QUIET_LATER),
            PAUSE: self._pause,
            EXTEND: self._extend,
            AWAY: self._away,
        }

    def _set_quiet(self, number: int, timezone: str, begin: float, end: float) -> None:
        """Player ``number`` sets quiet hours over these shares of the plan's span (their games
        record them with their next append)."""
        zone, plan = ZoneInfo(timezone), self.plan
        start, stop = (
            f"{(plan.start + plan.end * share).astimezone(zone):%H:%M}" for share in (begin, end)
        )
        directory = self.front.directory
        profile = directory.profile(self.players[number])
        directory.update(replace(profile, timezone=timezone, quiet_hours=f"{start}-{stop}"))

    def _open(self, number: int) -> None:
        """Game ``number`` opens and starts; its visits are drawn for the rest of the hour."""
        service, plan = self.front.service, self.plan
        host, guest = self.players[number], self.players[(number + 1) % len(self.players)]
        control = TimeControl(plan.move_seconds, on_timeout=plan.policy(number))
        game_id = service.open_game(host, time_control=control)
        service.join(service.game(game_id).invitation, guest)
        self.run.game_ids.append(game_id)
        moment, mean = self.clock.now(), plan.visit_every.total_seconds()
        while (moment := moment + timedelta(seconds=self.rng.expovariate(1 / mean))) < plan.finish:
            self.at(moment, VISIT, len(self.run.game_ids) - 1)
        if number % 5 == 2:  # late in the first decision, its first reminder sent
            late = self.rng.uniform(0.6, 0.95) * plan.move_seconds
            self.at(self.clock.now() + timedelta(seconds=late), PAUSE, len(self.run.game_ids) - 1)

    def _visit(self, index: int) -> None:
        """The player to act in game ``index`` looks in and makes the greedy bot's move."""
        service = self.front.service
        game = service.game(self.run.game_ids[index])
        seat = game.rules.to_act
        if game.status != "playing" or seat is None:
            return
        player = game.players[seat]
        assert player is not None
        action = greedy_bot(view_for(game.rules, seat), NoChance())
        service.act(game.id, player, action, expected_version=game.version)
        self.run.moves += 1

    def _pause(self, index: int) -> None:
        """The player to act in game ``index`` pauses their clock for a quarter of a move time
        (before their deadline: a pause cannot undo a timeout)."""
        service = self.front.service
        game = service.game(self.run.game_ids[index])
        waiting = service.deadline(game)
        if waiting is None or waiting.due_at <= self.clock.now():
            return
        until = self.clock.now() + timedelta(seconds=self.plan.move_seconds / 4)
        self.run.paused += service.pause_clock(game.id, waiting.player, until) is not None

    def _extend(self, _: int) -> None:
        """In a fifth of the games whose deadline fell while the worker was stopped, the waiting
        player gives half a move time more."""
        service, plan, now = self.front.service, self.plan, self.clock.now()
        for game_id in self.run.game_ids[1::5]:
            game = service.game(game_id)
            waiting = service.deadline(game)
            if waiting is None or not plan.stopped < waiting.due_at <= now:
                continue
            other = game.players[waiting.seat.other]
            assert other is not None
            more = timedelta(seconds=plan.move_seconds / 2)
            outcome = service.extend_deadline(game_id, other, more)
            self.run.extended += isinstance(outcome, Applied)

    def _away(self, number: int) -> None:
        """Player ``number`` goes on vacation for a day: their clock stops in every game."""
        self.front.service.pauses.take_vacation(self.players[number], 1)
        self.run.vacations += 1

    def _start_worker(self) -> None:
        """A worker process starts: a fresh wiring; the sweep at once, the others on their
        intervals, as ``Worker.start`` schedules them."""
        self.wiring = self._wiring(self.plan.seed + 1 + self.generation)
        settings = Settings(database_url=self.url, worker=self.plan.worker)
        senders = {"log": self.sender}
        self.worker = Worker(self.wiring, settings, self.clock, senders, SeededChance(7))
        now, every = self.clock.now(), self.plan.worker
        self.at(now, SWEEP)
        self.at(now + timedelta(seconds=every.reminder_seconds), REMIND)
        self.at(now + timedelta(seconds=every.drain_seconds), DRAIN)

    def _stop(self, _: int) -> None:
        self.generation += 1
        assert self.wiring is not None
        self.wiring.close()
        self.worker = self.wiring = None

    def _tick(self, _: int) -> None:
        """A sweep round begins (every interval), with a sweep at once."""
        self.round_tick = self.clock.now()
        self.at(self.round_tick + timedelta(seconds=self.plan.worker.sweep_seconds), SWEEP)
        self._sweep(0)

    def _sweep(self, _: int) -> None:
        """Sweep, then set the alarm for the next deadline that falls before the round ends."""
        assert self.worker is not None
        now = self.clock.now()
        self.run.timed_out += self.worker.sweep()
        self.run.sweeps += 1
        ends = self.round_tick + timedelta(seconds=self.plan.worker.sweep_seconds * ROUND_SHARE)
        alarm = self.worker.next_sweep(ends)
        if alarm is not None:
            # The sweep claimed everything due by now, so the alarm lies ahead.
            assert alarm > now, f"a deadline at {alarm} was left unclaimed by the sweep at {now}"
            self.at(alarm, ALARM)

    def _remind(self, _: int) -> None:
        assert self.worker is not None
        self.run.reminded += self.worker.remind()
        self.at(self.clock.now() + timedelta(seconds=self.plan.worker.reminder_seconds), REMIND)

    def _drain(self, _: int) -> None:
        assert self.worker is not None
        self.worker.drain()
        self.at(self.clock.now() + timedelta(seconds=self.plan.worker.drain_seconds), DRAIN)
