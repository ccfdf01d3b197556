"""Workers claiming at the same moment on SQLite and PostgreSQL, each through its own engine as
separate processes would: no game or notification is handed to two of them, and every one that is
due is handed to someone (``FOR UPDATE SKIP LOCKED`` on PostgreSQL, the write lock on SQLite); and
a reminder queued while a move lands is never handed out."""

from __future__ import annotations

import functools
import threading
from collections import Counter
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta

import pytest
from sqlalchemy import Engine

from adapters.sql.engine import create
from adapters.sql.outbox import SqlOutbox
from adapters.sql.store import SqlEventStore
from service.game.events import PlayerId
from service.ports.protocols import Due
from tests.storage.conftest import Backend
from tests.storage.test_claims_contract import HOUR, LEASE, move, remind, start
from tests.storage.test_event_store_contract import BEN, T0
from tests.storage.test_outbox_contract import news, notify

WORKERS = 6
BATCH = 7
DUE = 150
NOT_YET = 30
NOW = T0 + HOUR
TICK = timedelta(microseconds=1)
Claim = Callable[[], list[Hashable]]


@contextmanager
def engines(backend: Backend) -> Iterator[list[Engine]]:
    """One engine per worker on the backend's database."""
    assert backend.engine is not None
    made = [create(backend.engine.url) for _ in range(WORKERS)]
    try:
        yield made
    finally:
        for engine in made:
            engine.dispose()


def together(*work: Callable[[], None]) -> None:
    """Run each in its own thread, all starting at once; fail with whatever any of them raised."""
    barrier = threading.Barrier(len(work))
    errors: list[BaseException] = []

    def run(one: Callable[[], None]) -> None:
        barrier.wait()
        try:
            one()
        except BaseException as error:  # re-raised below, not swallowed
            errors.append(error)

    threads = [threading.Thread(target=run, args=(one,)) for one in work]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []


def race(claims: list[Claim]) -> list[list[Hashable]]:
    """Run each claim over and over in its own thread, all starting together, until it comes back
    empty; what each one got."""
    got: list[list[Hashable]] = [[] for _ in claims]

    def claiming(number: int) -> None:
        for _ in range(DUE):  # more than enough; a claim that hands out rows again never ends
            batch = claims[number]()
            if not batch:
                return
            got[number].extend(batch)

    together(*(functools.partial(claiming, number) for number in range(len(claims))))
    return got


def assert_each_once(got: list[list[Hashable]], expected: set[Hashable]) -> None:
    counts = Counter(one for batch in got for one in batch)
    assert [one for one, count in counts.items() if count > 1] == []
    assert set(counts) == expected


def game_ids(claim: Callable[[datetime, int, timedelta], list[Due]]) -> Claim:
    return lambda: [due.game_id for due in claim(NOW, BATCH, LEASE)]


@pytest.mark.parametrize("kind", ["deadline", "reminder"])
def test_racing_workers_claim_each_due_game_once(sql_backend: Backend, kind: str) -> None:
    for number in range(DUE + NOT_YET):
        at = NOW - number * timedelta(seconds=1) if number < DUE else NOW + TICK
        start(sql_backend.store, f"g{number:03}", at, at)

    with engines(sql_backend) as made:
        stores = [SqlEventStore(engine) for engine in made]
        got = race(
            [game_ids(s.claim_due if kind == "deadline" else s.claim_reminders) for s in stores]
        )

    assert_each_once(got, {f"g{number:03}" for number in range(DUE)})


def test_racing_dispatchers_claim_each_due_notification_once(sql_backend: Backend) -> None:
    """Each dispatcher sends what it claimed before it claims again (a player another claim
    holds is passed over until then)."""
    due = [news(PlayerId(f"p{seq % 12}"), seq) for seq in range(DUE)]
    notify(sql_backend, *due[: DUE // 2], at=NOW - HOUR)
    notify(sql_backend, *due[DUE // 2 :], at=NOW)
    notify(sql_backend, *[news(BEN, seq) for seq in range(NOT_YET)], at=NOW + TICK)

    def sending(outbox: SqlOutbox) -> list[Hashable]:
        batch = outbox.claim(NOW, BATCH, LEASE)
        for delivery in batch:
            outbox.delivered(delivery.id, NOW)
        return [delivery.notification for delivery in batch]

    with engines(sql_backend) as made:
        got = race([functools.partial(sending, SqlOutbox(engine)) for engine in made])

    assert_each_once(got, set(due))


def test_a_reminder_queued_while_a_move_lands_is_never_handed_out(sql_backend: Backend) -> None:
    """On PostgreSQL a move's append can miss a reminder queued after its snapshot was taken, and
    it does, often, when both run at once; the outbox's claim then marks it superseded instead of
    handing it out.  Each game gets one move and one reminder at the same moment."""
    store = sql_backend.store
    games = [f"g{number:03}" for number in range(DUE)]
    for game in games:
        start(store, game, NOW, NOW)
    barrier = threading.Barrier(2)
    queued: list[bool] = []

    def moves() -> None:
        for game in games:
            barrier.wait()
            move(store, game, 2, NOW + HOUR, NOW + HOUR)

    def reminders() -> None:
        for game in games:
            barrier.wait()
            queued.append(remind(store, game))

    together(moves, reminders)

    assert any(queued), "no reminder was queued before its move: nothing raced"
    assert sql_backend.outbox.claim(NOW + HOUR, 1000, LEASE) == []
    assert {item.status for item in sql_backend.outbox_items()} <= {"superseded"}
