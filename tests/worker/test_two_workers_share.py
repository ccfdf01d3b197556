"""Two workers share one outbox under load, on SQLite and PostgreSQL: two worker loops in
threads, each with its own wiring (its own engine, as separate processes have), drain while a
third wiring plays moves.  Every notification is delivered exactly once, each player's
notifications go out in the order they were queued (a player's chat reads them in order), and
both workers deliver a share."""

from __future__ import annotations

import itertools
import threading
from collections import Counter
from pathlib import Path

import pytest
from sqlalchemy import select

from adapters.bootstrap import Wiring, build
from adapters.config import Settings, WorkerSettings
from adapters.sql.tables import outbox
from adapters.worker import Worker
from service.bots.policies import NoChance, greedy_bot
from service.delivery.dispatch import Telling
from service.game.events import GameId, PlayerId
from service.ports.directory import Address
from service.ports.memory_directory import SeededChance
from service.rules.view import view_for
from tests.conftest import sql_engine
from tests.waiting import eventually

PLAYERS = 6
MOVES = 240
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


def _play(wiring: Wiring, players: list[PlayerId], stop: threading.Event) -> None:
    """Games around a ring of players (each in two), then ``MOVES`` moves in turn among them."""
    service = wiring.service
    games = []
    for host, guest in zip(players, players[1:] + players[:1], strict=True):
        game_id = service.open_game(host)
        service.join(service.game(game_id).invitation, guest)
        games.append(game_id)
    for game_id in itertools.islice(itertools.cycle(games), MOVES):
        game = service.game(game_id)
        seat = game.rules.to_act
        player = None if seat is None else game.players[seat]
        if game.status != "playing" or seat is None or player is None:
            continue
        action = greedy_bot(view_for(game.rules, seat), NoChance())
        service.act(game_id, player, action, expected_version=game.version)
    stop.set()


def _drain(worker: Worker, stop: threading.Event, errors: list[BaseException]) -> None:
    try:
        while not stop.is_set():
            worker.drain()
        worker.drain()
    except BaseException as error:  # re-raised by the test
        errors.append(error)


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_two_workers_deliver_each_notification_once_in_order_per_player(
    database: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    engine = sql_engine(database, request, tmp_path)
    url = engine.url.render_as_string(hide_password=False)
    settings = Settings(database_url=url, worker=WorkerSettings(batch_size=BATCH))
    wirings = [build(settings, chance=SeededChance(n)) for n in range(3)]
    recorder = Recorder()
    try:
        front = wirings[0]
        players = [
            front.directory.register(f"p{n}", Address("log", f"p{n}")) for n in range(PLAYERS)
        ]
        workers = {
            name: Worker(wiring, settings, senders={"log": recorder.sender(name)})
            for name, wiring in zip(("first", "second"), wirings[1:], strict=True)
        }
        stop, errors = threading.Event(), []
        threads = [
            threading.Thread(target=_drain, args=(worker, stop, errors))
            for worker in workers.values()
        ]
        for thread in threads:
            thread.start()
        try:
            _play(front, players, stop)
        finally:
            stop.set()
            for thread in threads:
                thread.join(timeout=60)
        assert errors == []
        left = workers.values()  # what the last moves queued, if a worker stopped short of it
        assert eventually(lambda: sum(worker.drain().claimed for worker in left) == 0)

        with engine.connect() as connection:
            rows = connection.execute(
                select(outbox.c.id, *_NAMED).where(outbox.c.kind == "moves").order_by(outbox.c.id)
            ).all()
        queued = {tuple(row[1:]): row.id for row in rows}
        sent = [one for _, one in recorder.sent]
        assert len(queued) == len(rows) > MOVES // 2
        assert Counter(sent) == Counter(list(queued))  # each delivered, once
        for player in players:
            order = [queued[one] for one in sent if one[0] == player]
            assert order == sorted(order), f"{player}'s notifications out of order"
        by_worker = Counter(worker for worker, _ in recorder.sent)
        assert by_worker["first"] > 0 and by_worker["second"] > 0
    finally:
        for wiring in wirings:
            wiring.close()


_NAMED = (outbox.c.player, outbox.c.game_id, outbox.c.from_seq, outbox.c.to_seq, outbox.c.kind)
