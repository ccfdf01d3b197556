"""``EventStore.append_many`` on every backend: several games' appends in one transaction, each
written as ``append`` would write it, all or nothing under its own version; a game that moved on
is left out and the others are written."""

from __future__ import annotations

import pytest
from sqlalchemy import insert

from adapters.sql import tables
from service.game.codec import SCHEMA_VERSION, LogEvent, encode
from service.game.events import GameId, RematchOffered
from service.ports.protocols import Append, EventStore, Notification
from tests.storage.conftest import Backend
from tests.storage.test_claims_contract import HOUR, LEASE, line, move, remind, start
from tests.storage.test_event_store_contract import ANA, BEN, T0

AT = T0 + 2 * HOUR


def offered(game_id: str, version: int, *news: Notification) -> Append:
    """An offer in ``game_id`` at ``version``, its new deadline an hour after ``AT``."""
    events: tuple[LogEvent, ...] = (RematchOffered(ANA), RematchOffered(BEN))
    summary = line(game_id, version + 2, AT + HOUR, AT + HOUR / 2)
    return Append(GameId(game_id), version, events, summary, news)


def test_the_games_are_appended_together_as_each_append_would_write_them(
    backend: Backend,
) -> None:
    store = backend.store
    start(store, "g1", T0)
    start(store, "g2", T0)
    news = Notification(BEN, GameId("g2"), 3, 4)

    first, second = store.append_many([offered("g1", 2), offered("g2", 2, news)], AT)

    assert first == store.load(GameId("g1"), after=2)
    assert second == store.load(GameId("g2"), after=2)
    assert [(one.seq, one.at) for one in first] == [(3, AT), (4, AT)]
    assert [one.event for one in first] == [RematchOffered(ANA), RematchOffered(BEN)]
    assert first[0].position < first[1].position
    assert sorted(store.all_summaries(), key=lambda s: s.game_id) == [
        line("g1", 4, AT + HOUR, AT + HOUR / 2),
        line("g2", 4, AT + HOUR, AT + HOUR / 2),
    ]
    assert [(i.notification, i.status) for i in backend.outbox_items()] == [(news, "pending")]
    assert store.read_all(after=first[0].position - 1)[:2] == first


def test_a_game_that_moved_on_is_left_out_and_the_others_are_written(backend: Backend) -> None:
    store = backend.store
    start(store, "moved", T0)
    start(store, "waiting", T0)
    move(store, "moved", 2, T0 + 3 * HOUR)
    before = store.load(GameId("moved"))
    news = Notification(BEN, GameId("moved"), 3, 4)

    left_out, written = store.append_many([offered("moved", 2, news), offered("waiting", 2)], AT)

    assert left_out is None
    assert written is not None and [one.seq for one in written] == [3, 4]
    assert store.load(GameId("moved")) == before
    summaries = {s.game_id: s for s in store.all_summaries()}
    assert summaries[GameId("moved")] == line("moved", 3, T0 + 3 * HOUR)
    assert backend.outbox_items() == []


def test_the_appends_supersede_waiting_reminders_and_release_the_claims(
    backend: Backend,
) -> None:
    store = backend.store
    start(store, "g1", T0, T0)
    remind(store)
    assert [due.game_id for due in store.claim_due(T0, 10, LEASE)] == ["g1"]

    store.append_many([offered("g1", 2)], AT)

    assert [(i.notification.kind, i.status) for i in backend.outbox_items()] == [
        ("reminder", "superseded")
    ]
    assert [due.version for due in store.claim_due(AT + HOUR, 10, LEASE)] == [4]


def test_nothing_to_append_writes_nothing(store: EventStore) -> None:
    assert store.append_many([], AT) == []


@pytest.mark.parametrize(
    "appends",
    [
        [offered("g1", 2), offered("g1", 2)],
        [Append(GameId("g1"), 0, (RematchOffered(ANA),), line("g1", 1))],
        [Append(GameId("g1"), 2, (RematchOffered(ANA),), line("g1", 4))],
    ],
    ids=["a game twice", "a new game", "a summary that does not follow"],
)
def test_appends_that_cannot_go_together_are_refused(
    store: EventStore, appends: list[Append]
) -> None:
    start(store, "g1", T0)
    with pytest.raises(ValueError):
        store.append_many(appends, AT)
    assert [one.seq for one in store.load(GameId("g1"))] == [1, 2]


def test_a_batch_that_runs_into_the_unique_seq_falls_back_to_one_append_each(
    sql_backend: Backend,
) -> None:
    """The log and a summary disagree (an event beyond the summary's version, written behind the
    store's back): the batch's transaction is refused by ``UNIQUE(game_id, seq)`` and rolled back,
    then each append is tried alone, so the other game is still written."""
    store, engine = sql_backend.store, sql_backend.engine
    assert engine is not None
    start(store, "clash", T0)
    start(store, "fine", T0)
    stray = {"game_id": "clash", "seq": 3, "name": "RematchOffered", "at": T0}
    data = encode(RematchOffered(ANA))
    with engine.begin() as connection:
        connection.execute(
            insert(tables.events), {**stray, "schema_version": SCHEMA_VERSION, "data": data}
        )

    clashed, written = store.append_many([offered("clash", 2), offered("fine", 2)], AT)

    assert clashed is None
    assert written is not None and [one.seq for one in written] == [3, 4]
    summaries = {s.game_id: s.version for s in store.all_summaries()}
    assert summaries == {GameId("clash"): 2, GameId("fine"): 4}


def test_a_batch_keeps_the_positions_of_each_game_in_seq_order(store: EventStore) -> None:
    for game in ("b", "a", "c"):
        start(store, game, T0)

    written = store.append_many([offered(game, 2) for game in ("b", "a", "c")], AT)

    for stored in written:
        assert stored is not None
        assert [one.seq for one in stored] == [3, 4]
        assert stored[0].position < stored[1].position
