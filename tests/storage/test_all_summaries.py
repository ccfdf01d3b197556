"""``EventStore.all_summaries``, the operators' list of every game, on every backend."""

from __future__ import annotations

from datetime import timedelta

from service.game.events import GameId, PlayerJoined
from service.ports.protocols import EventStore
from service.rules.seats import Seat
from tests.storage.test_event_store_contract import ANA, BEN, T0, open_game, summary


def test_every_game_most_recently_changed_first(store: EventStore) -> None:
    for number in range(3):
        open_game(store, f"g{number}", T0 + timedelta(minutes=number))
    assert [line.game_id for line in store.all_summaries()] == ["g2", "g1", "g0"]
    assert [line.game_id for line in store.all_summaries(limit=2)] == ["g2", "g1"]


def test_only_the_games_of_a_status(store: EventStore) -> None:
    open_game(store, "open")
    open_game(store, "started")
    later = T0 + timedelta(hours=1)
    started = summary("started", 2, later, (ANA, BEN), invitation=None)
    store.append(GameId("started"), 1, [PlayerJoined(BEN, Seat.SECOND)], later, started)
    assert [line.game_id for line in store.all_summaries("playing")] == ["started"]
    assert [line.game_id for line in store.all_summaries("open")] == ["open"]
    assert store.all_summaries("over") == []
    (line,) = store.all_summaries("playing")
    assert (line.players, line.to_act, line.version, line.since) == ((ANA, BEN), ANA, 2, later)


def test_games_changed_at_the_same_time_are_listed_by_id(store: EventStore) -> None:
    for game in ("g2", "g3", "g1"):
        open_game(store, game)

    assert [line.game_id for line in store.all_summaries()] == ["g1", "g2", "g3"]
    assert [line.game_id for line in store.summaries(ANA)] == ["g1", "g2", "g3"]
