"""Two workers share one outbox and the deadlines under load, on SQLite and PostgreSQL: two
worker loops in threads, each with its own wiring (its own engine, as separate processes have),
sweep, remind and drain (the sweep and the drain in threads of their own, as the scheduler runs
them) while a third wiring plays moves in some games, on a clock it moves on a second a move, and
leaves other games to time out.  Every notification is delivered exactly once (a reminder a move
superseded, never), each player's notifications go out in the order they were queued (a player's
chat reads them in order; ``_threads`` says which order ids show), both workers deliver a share,
and every decision times out once, on time: each game's log verifies."""

from __future__ import annotations

import itertools
import threading
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import select

from adapters.bootstrap import Wiring, build
from adapters.config import Settings, WorkerSettings
from adapters.sql.tables import outbox
from adapters.worker import Worker
from service.bots.policies import NoChance, greedy_bot
from service.delivery.dispatch import Telling
from service.game.events import GameId, PlayerId, TimeControl, TurnTimedOut
from service.log.file import export_lines, read_log
from service.log.verify import verify as check_log
from service.ports.directory import Address
from service.ports.memory_directory import ManualClock, SeededChance
from service.rules.view import view_for
from tests.conftest import sql_engine
from tests.waiting import eventually

PLAYERS = 6
MOVES = 240
START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
IDLE = TimeControl(60)
"""The games nobody plays: each decision times out a minute (60 moves) after it began."""
NAMES = ("first", "second")
PACE = 10
"""Moves (seconds of the clock) between the play's waits for the workers' sweeps."""
BATCH = 4
"""Small batches: the workers' claims interleave, and one player's notifications are often in
both workers' hands at once."""

Sent = tuple[PlayerId, GameId, int, int, str]


class Recorder:
    """Both workers' ``log`` channel: every notification sent, in the order sent, and by whom."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.sent: list[tuple[str, Sent]] = []

    def sender(self, worker: str) -> _Sender:
        return _Sender(self, worker)


class _Sender:
    def __init__(self, recorder: Recorder, worker: str) -> None:
        self.recorder, self.worker = recorder, worker

    def send(self, address: Address, telling: Telling) -> None:
        note = telling.notification
        with self.recorder.lock:
            sent = (note.player, note.game_id, note.from_seq, note.to_seq, note.kind)
            self.recorder.sent.append((self.worker, sent))


def _open(wiring: Wiring, host: PlayerId, guest: PlayerId, control: TimeControl) -> GameId:
    game_id = wiring.service.open_game(host, time_control=control)
    wiring.service.join(wiring.service.game(game_id).invitation, guest)
    return game_id


def _play(
    wiring: Wiring, players: list[PlayerId], clock: ManualClock, caught_up: Callable[[], None]
) -> list[GameId]:
    """Games around a ring of players (each in two), played ``MOVES`` moves in turn, a second
    apart, and as many games left to time out; every game.  Every ``PACE`` moves it waits until
    the workers have swept and reminded since (``caught_up``): the clock runs on the moves, and
    a busy machine must not let it run past a reminder's time before any worker looked."""
    service, ring = wiring.service, players[1:] + players[:1]
    played = [
        _open(wiring, host, guest, TimeControl()) for host, guest in zip(players, ring, strict=True)
    ]
    across = ring[1:] + ring[:1]
    idle = [_open(wiring, host, guest, IDLE) for host, guest in zip(players, across, strict=True)]
    for number, game_id in enumerate(itertools.islice(itertools.cycle(played), MOVES)):
        if number % PACE == 0:
            caught_up()
        clock.advance(seconds=1)
        game = service.game(game_id)
        seat = game.rules.to_act
        player = None if seat is None else game.players[seat]
        if game.status != "playing" or seat is None or player is None:
            continue
        action = greedy_bot(view_for(game.rules, seat), NoChance())
        service.act(game_id, player, action, expected_version=game.version)
    return played + idle


def _sweeping(
    worker: Worker, timed_out: Counter[str], rounds: Counter[str], name: str, stop: threading.Event
) -> None:
    """A worker's sweep and reminders in a loop (its scheduler's jobs, without waiting for their
    intervals), in a thread of their own beside the drain's, as the scheduler runs them: a drain
    that never comes back short (the moves queue faster than one worker sends) cannot hold the
    deadlines back."""
    while not stop.is_set():
        timed_out[name] += worker.sweep()
        worker.remind()
        rounds[name] += 1


def _caught_up(rounds: Counter[str]) -> Callable[[], None]:
    """Wait until every worker has begun and ended a sweeping round since the call."""

    def wait() -> None:
        seen = dict(rounds)

        def caught() -> bool:
            return all(rounds[name] >= seen.get(name, 0) + 2 for name in NAMES)

        assert eventually(caught, seconds=30), "a worker stopped sweeping"

    return wait


def _draining(worker: Worker, stop: threading.Event) -> None:
    """A worker's drain in a loop (its scheduler's job, without waiting for its interval)."""
    while not stop.is_set():
        worker.drain()


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_two_workers_deliver_each_notification_once_in_order_per_player(
    database: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    engine = sql_engine(database, request, tmp_path)
    url = engine.url.render_as_string(hide_password=False)
    # Claims that outlast the test: the clock runs a second a move, and a lapsed claim is
    # another worker's to take (a slow send on a busy machine must not make it so here).
    jobs = WorkerSettings(batch_size=BATCH, lease_seconds=3600)
    settings = Settings(database_url=url, worker=jobs)
    clock = ManualClock(START)
    wirings = [build(settings, clock, SeededChance(n)) for n in range(3)]
    recorder, timed_out, rounds = Recorder(), Counter[str](), Counter[str]()
    try:
        front = wirings[0]
        players = [
            front.directory.register(f"p{n}", Address("log", f"p{n}")) for n in range(PLAYERS)
        ]
        workers = {
            name: Worker(wiring, settings, senders={"log": recorder.sender(name)})
            for name, wiring in zip(NAMES, wirings[1:], strict=True)
        }
        stop = threading.Event()
        threads = [Thread(_draining, worker, stop) for worker in workers.values()] + [
            Thread(_sweeping, worker, timed_out, rounds, name, stop)
            for name, worker in workers.items()
        ]
        try:
            game_ids = _play(front, players, clock, _caught_up(rounds))
        finally:
            stop.set()
            for thread in threads:
                thread.finish()
        for name, worker in workers.items():  # what fell due after a worker's last sweep
            while (count := worker.sweep()) > 0:
                timed_out[name] += count
        left = workers.values()  # what the last moves queued, if a worker stopped short of it
        assert eventually(lambda: sum(worker.drain().claimed for worker in left) == 0)

        with engine.connect() as connection:
            rows = connection.execute(select(outbox.c.id, outbox.c.status, *_NAMED)).all()
        assert {row.status for row in rows} <= {"delivered", "superseded"}
        queued = {tuple(row[2:]): row.id for row in rows if row.status == "delivered"}
        sent = [one for _, one in recorder.sent]
        assert Counter(sent) == Counter(list(queued))  # each delivered, once
        assert sum(one[4] == "moves" for one in sent) > MOVES // 2
        assert any(one[4] == "reminder" for one in sent)
        for player, game in _threads(sent, database):
            order = [queued[one] for one in sent if one[0] == player and game in (None, one[1])]
            assert order == sorted(order), f"{player}'s notifications out of order"
        by_worker = Counter(worker for worker, _ in recorder.sent)
        assert by_worker["first"] > 0 and by_worker["second"] > 0

        logs = [front.service.store.load(game_id) for game_id in game_ids]
        assert all(check_log(read_log(export_lines(log))).ok for log in logs)  # on time, once
        timeouts = sum(isinstance(one.event, TurnTimedOut) for log in logs for one in log)
        assert timeouts == timed_out.total() > PLAYERS
    finally:
        for wiring in wirings:
            wiring.close()


class Thread(threading.Thread):
    """A worker's thread: whatever it raised is raised again by ``finish``."""

    def __init__(self, target: Callable[..., None], *args: object) -> None:
        super().__init__(target=self._run, args=(target, *args))
        self.error: BaseException | None = None
        self.start()

    def _run(self, target: Callable[..., None], *args: object) -> None:
        try:
            target(*args)
        except BaseException as error:  # raised again by ``finish``
            self.error = error

    def finish(self) -> None:
        self.join(timeout=60)
        assert not self.is_alive(), "a worker did not stop"
        if self.error is not None:
            raise self.error


def _threads(sent: list[Sent], database: str) -> set[tuple[PlayerId, GameId | None]]:
    """What must go out in the order it was queued: on SQLite each player's notifications
    (``None``: all their games), as a writer at a time queues them; on PostgreSQL each player's
    notifications about one game.  There two transactions about different games can commit in
    the other order than the sequence drew their ids (a reminder's transaction takes several
    round trips, a move's append one statement), and a claim sees them as they commit."""
    if database == "sqlite":
        return {(one[0], None) for one in sent}
    return {(one[0], one[1]) for one in sent}


_NAMED = (outbox.c.player, outbox.c.game_id, outbox.c.from_seq, outbox.c.to_seq, outbox.c.kind)
