"""The event store contract, run against the in-memory store, SQLite and PostgreSQL alike."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta, timezone

import pytest
from sqlalchemy import insert, select

from adapters.sql import tables
from service.app.games import GameService
from service.game.codec import SCHEMA_VERSION, CodecError, LogEvent, encode
from service.game.events import (
    GameId,
    GameOpened,
    PlayerId,
    PlayerJoined,
    RematchOffered,
    TimeControl,
)
from service.ports.memory import InMemoryEventStore
from service.ports.memory_directory import SeededChance
from service.ports.protocols import (
    ConcurrencyError,
    EventStore,
    GameSummary,
    InboxReply,
    Notification,
)
from service.rules.seats import Seat
from service.rules.variants import DEFAULT, MatchTerms
from tests.storage.conftest import Backend

ANA, BEN, CY = PlayerId("ana"), PlayerId("ben"), PlayerId("cy")
T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def opened(game_id: str, host: PlayerId = ANA) -> GameOpened:
    return GameOpened(GameId(game_id), host, DEFAULT, MatchTerms(), TimeControl(), f"inv-{game_id}")


def summary(
    game_id: str,
    version: int,
    since: datetime = T0,
    players: tuple[PlayerId | None, PlayerId | None] = (ANA, None),
    invitation: str | None = "default",
) -> GameSummary:
    status = "open" if players[1] is None else "playing"
    code = f"inv-{game_id}" if invitation == "default" else invitation
    to_act = None if players[1] is None else players[0]
    return GameSummary(GameId(game_id), players, status, to_act, since, version, code)


def open_game(store: EventStore, game_id: str, at: datetime = T0, host: PlayerId = ANA) -> None:
    store.append(
        GameId(game_id), 0, [opened(game_id, host)], at, summary(game_id, 1, at, (host, None))
    )


def join(store: EventStore, game_id: str, at: datetime = T0) -> None:
    players = (ANA, BEN)
    event: LogEvent = PlayerJoined(BEN, Seat.SECOND)
    store.append(GameId(game_id), 1, [event], at, summary(game_id, 2, at, players, None))


def test_an_unknown_game_has_no_events(store: EventStore) -> None:
    assert store.load(GameId("nothing")) == []


def test_appended_events_load_back_in_order_with_their_seq_and_time(store: EventStore) -> None:
    events: list[LogEvent] = [opened("g1"), PlayerJoined(BEN, Seat.SECOND), RematchOffered(ANA)]

    stored = store.append(GameId("g1"), 0, events, T0, summary("g1", 3))

    loaded = store.load(GameId("g1"))
    assert loaded == stored
    assert [one.event for one in loaded] == events
    assert [one.seq for one in loaded] == [1, 2, 3]
    assert all(one.game_id == "g1" and one.at == T0 for one in loaded)
    positions = [one.position for one in loaded]
    assert positions == sorted(positions) and len(set(positions)) == 3


LOCAL = datetime(2026, 3, 1, 11, 30, 15, 250_000, tzinfo=timezone(timedelta(hours=2)))


def test_times_come_back_as_the_same_instant(store: EventStore) -> None:
    open_game(store, "g1", at=LOCAL)

    (first,) = store.load(GameId("g1"))
    assert first.at == LOCAL
    assert store.summaries(ANA)[0].since == LOCAL


def test_a_second_append_at_the_same_version_is_refused_and_changes_nothing(
    backend: Backend,
) -> None:
    store = backend.store
    open_game(store, "g1")
    notify = [Notification(ANA, GameId("g1"), 2, 2)]

    with pytest.raises(ConcurrencyError):
        store.append(GameId("g1"), 0, [opened("g1")], T0, summary("g1", 1), notify)
    with pytest.raises(ConcurrencyError):
        store.append(GameId("g1"), 2, [RematchOffered(ANA)], T0, summary("g1", 3), notify)

    assert [one.seq for one in store.load(GameId("g1"))] == [1]
    assert [one.seq for one in store.read_all()] == [1]
    assert [s.version for s in store.summaries(ANA)] == [1]
    assert backend.outbox_items() == []


def test_a_summary_that_does_not_follow_from_the_append_is_refused(store: EventStore) -> None:
    """The summary's version is the game's version (the SQLite append checks it instead of
    counting events), so a summary at another version, or of another game, is a caller's bug."""
    with pytest.raises(ValueError, match="does not follow"):
        store.append(GameId("g1"), 0, [opened("g1")], T0, summary("g1", 2))
    with pytest.raises(ValueError, match="does not follow"):
        store.append(GameId("g1"), 0, [opened("g1")], T0, summary("g2", 1))
    open_game(store, "g1")

    assert [one.seq for one in store.load(GameId("g1"))] == [1]
    assert [s.version for s in store.summaries(ANA)] == [1]


def test_appends_continue_from_the_expected_version(store: EventStore) -> None:
    open_game(store, "g1")
    join(store, "g1")

    assert [one.seq for one in store.load(GameId("g1"))] == [1, 2]
    assert [type(one.event) for one in store.load(GameId("g1"))] == [GameOpened, PlayerJoined]


def test_positions_increase_across_games_and_read_all_pages_through_them(
    store: EventStore,
) -> None:
    for game in ("g1", "g2", "g3"):
        open_game(store, game)
    join(store, "g1")
    join(store, "g3")

    everything = store.read_all()
    assert [(one.game_id, one.seq) for one in everything] == [
        ("g1", 1),
        ("g2", 1),
        ("g3", 1),
        ("g1", 2),
        ("g3", 2),
    ]
    positions = [one.position for one in everything]
    assert positions == sorted(positions) and len(set(positions)) == 5
    assert store.read_all(after=positions[1], limit=2) == everything[2:4]
    assert store.read_all(after=positions[-1]) == []
    assert store.read_all(limit=1) == everything[:1]


def test_stored_events_equal_what_append_returned_in_read_all(store: EventStore) -> None:
    stored = store.append(GameId("g1"), 0, [opened("g1")], T0, summary("g1", 1))
    assert store.read_all() == stored


def test_summaries_list_a_players_games_most_recent_first(store: EventStore) -> None:
    open_game(store, "old", at=T0)
    open_game(store, "new", at=T0 + timedelta(hours=2))
    open_game(store, "cys", at=T0 + timedelta(hours=1), host=CY)
    open_game(store, "mid", at=T0 + timedelta(minutes=30))
    join(store, "mid", at=T0 + timedelta(hours=3))  # now ana's latest, and ben's

    assert [s.game_id for s in store.summaries(ANA)] == ["mid", "new", "old"]
    assert [s.game_id for s in store.summaries(BEN)] == ["mid"]
    assert store.summaries(PlayerId("nobody")) == []
    assert store.summaries(BEN)[0] == summary("mid", 2, T0 + timedelta(hours=3), (ANA, BEN), None)


def test_the_summary_is_replaced_by_each_append(store: EventStore) -> None:
    open_game(store, "g1")
    assert store.summaries(ANA) == [summary("g1", 1)]

    join(store, "g1", at=T0 + timedelta(minutes=5))

    assert store.summaries(ANA) == [summary("g1", 2, T0 + timedelta(minutes=5), (ANA, BEN), None)]


def test_an_invitation_leads_to_its_game_even_after_it_was_used(store: EventStore) -> None:
    open_game(store, "g1")
    open_game(store, "g2")
    assert store.game_by_invitation("inv-g1") == "g1"
    assert store.game_by_invitation("inv-g2") == "g2"
    assert store.game_by_invitation("inv-none") is None

    join(store, "g1")

    assert store.game_by_invitation("inv-g1") == "g1"
    assert store.summaries(BEN)[0].invitation is None


def test_notifications_wait_in_the_outbox_for_delivery(backend: Backend) -> None:
    open_game(backend.store, "g1")
    notes = [Notification(ANA, GameId("g1"), 2, 3), Notification(CY, GameId("g1"), 2, 3)]
    events: list[LogEvent] = [PlayerJoined(BEN, Seat.SECOND), RematchOffered(BEN)]
    at = T0 + timedelta(minutes=1)

    backend.store.append(GameId("g1"), 1, events, at, summary("g1", 3, at, (ANA, BEN)), notes)

    outbox = backend.outbox_items()
    assert [item.notification for item in outbox] == notes
    assert all(item.status == "pending" and item.attempts == 0 for item in outbox)
    assert all(item.next_attempt_at == at for item in outbox)


def test_an_inbox_reply_is_stored_with_the_events(backend: Backend) -> None:
    backend.inbox.receive("telegram", "u1", "join", T0)
    reply = InboxReply("telegram", "u1", '{"ok": true}')

    backend.store.append(GameId("g1"), 0, [opened("g1")], T0, summary("g1", 1), (), reply)

    assert backend.inbox.receive("telegram", "u1", "join", T0).reply == '{"ok": true}'
    assert backend.inbox.pending() == []


def test_a_message_already_answered_moves_no_game(backend: Backend) -> None:
    backend.inbox.receive("telegram", "u1", "pass", T0)
    backend.inbox.complete("telegram", "u1", '{"ok": false}')
    reply = InboxReply("telegram", "u1", '{"ok": true}')

    with pytest.raises(ConcurrencyError):
        backend.store.append(GameId("g1"), 0, [opened("g1")], T0, summary("g1", 1), (), reply)

    assert backend.store.load(GameId("g1")) == []
    assert backend.store.summaries(ANA) == []
    assert backend.inbox.receive("telegram", "u1", "pass", T0).reply == '{"ok": false}'


def test_of_racing_appends_at_one_version_exactly_one_wins(store: EventStore) -> None:
    games = [f"g{n}" for n in range(10)]
    for game in games:
        open_game(store, game)
    barrier = threading.Barrier(8)
    wins: list[tuple[str, int]] = []
    errors: list[BaseException] = []

    def writer(number: int) -> None:
        for game in games:
            barrier.wait()
            offer: list[LogEvent] = [RematchOffered(PlayerId(f"p{number}"))]
            try:
                store.append(GameId(game), 1, offer, T0, summary(game, 2))
            except ConcurrencyError:
                continue
            except BaseException as error:  # reported below, not swallowed
                errors.append(error)
            else:
                wins.append((game, number))

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert errors == []
    assert sorted(game for game, _ in wins) == games
    for game, number in wins:
        assert [one.event for one in store.load(GameId(game))][1:] == [
            RematchOffered(PlayerId(f"p{number}"))
        ]


def test_a_whole_bot_game_reads_back_as_the_same_log_as_in_memory(store: EventStore) -> None:
    def play(on: EventStore) -> GameId:
        service = GameService(on, _Clock(), SeededChance(11))
        return service.open_game(PlayerId("bot:greedy"), opponent=PlayerId("bot:random"))

    reference = InMemoryEventStore()
    expected = reference.load(play(reference))

    loaded = store.load(play(store))

    assert [(one.seq, one.event, one.at) for one in loaded] == [
        (one.seq, one.event, one.at) for one in expected
    ]
    assert len(loaded) > 20 and type(loaded[-1].event).__name__ == "DealRevealed"


class _Clock:
    def now(self) -> datetime:
        return T0


# -- what only the SQL tables can show ---------------------------------------------------------


def test_sql_times_are_read_back_as_aware_utc(sql_backend: Backend) -> None:
    open_game(sql_backend.store, "g1", at=LOCAL)

    (first,) = sql_backend.store.load(GameId("g1"))
    assert first.at == LOCAL and first.at.tzinfo is UTC
    (line,) = sql_backend.store.summaries(ANA)
    assert line.since == LOCAL and line.since.tzinfo is UTC


def test_rows_carry_the_event_name_schema_version_and_json_data(sql_backend: Backend) -> None:
    event = opened("g1")
    sql_backend.store.append(GameId("g1"), 0, [event], T0, summary("g1", 1))

    assert sql_backend.engine is not None
    with sql_backend.engine.connect() as connection:
        row = connection.execute(select(tables.events)).one()
    assert (row.game_id, row.seq, row.name) == ("g1", 1, "GameOpened")
    assert row.schema_version == SCHEMA_VERSION
    assert row.data == encode(event)


def test_an_event_of_a_newer_schema_version_is_not_misread(sql_backend: Backend) -> None:
    assert sql_backend.engine is not None
    row = {
        "game_id": "g1",
        "seq": 1,
        "name": "GameOpened",
        "schema_version": SCHEMA_VERSION + 1,
        "data": encode(opened("g1")),
        "at": T0,
    }
    with sql_backend.engine.begin() as connection:
        connection.execute(insert(tables.events), row)

    with pytest.raises(CodecError, match="schema version"):
        sql_backend.store.load(GameId("g1"))


def test_a_follower_reading_while_games_are_written_misses_no_event(store: EventStore) -> None:
    """Positions become visible in order: a follower that has read up to position p never later
    finds a new event below p (on PostgreSQL, appends commit in position order)."""
    writing = threading.Event()
    writing.set()
    seen: list[int] = []

    def follow() -> None:
        after = 0
        while True:
            still_writing = writing.is_set()
            batch = store.read_all(after=after)
            seen.extend(one.position for one in batch)
            after = batch[-1].position if batch else after
            if not still_writing and not batch:
                return

    def write(number: int) -> None:
        game = f"w{number}"
        open_game(store, game)
        for version in range(1, 40):
            offer: list[LogEvent] = [RematchOffered(ANA)]
            store.append(GameId(game), version, offer, T0, summary(game, version + 1))

    follower = threading.Thread(target=follow)
    follower.start()
    writers = [threading.Thread(target=write, args=(n,)) for n in range(6)]
    for thread in writers:
        thread.start()
    for thread in writers:
        thread.join()
    writing.clear()
    follower.join()

    assert seen == [one.position for one in store.read_all(limit=10_000)]
    assert len(seen) == 6 * 40
