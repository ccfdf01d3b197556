"""The worker's batch reads on every backend: ``EventStore.load_many`` gives each game's whole log
as ``load`` does, and ``Directory.profiles_of`` each known player's profile as ``profile`` does —
one read for a claimed batch instead of one per game or player."""

from __future__ import annotations

from dataclasses import replace

from service.game.events import GameId, PlayerId
from service.ports.directory import Address, Directory
from service.ports.protocols import EventStore
from tests.storage.test_event_store_contract import join, open_game


def test_many_games_load_as_each_does_alone(store: EventStore) -> None:
    open_game(store, "g1")
    join(store, "g1")
    open_game(store, "g2")
    games = [GameId("g1"), GameId("g2"), GameId("unknown")]

    logs = store.load_many(games)

    assert logs == {GameId("g1"): store.load(GameId("g1")), GameId("g2"): store.load(GameId("g2"))}
    assert [one.seq for one in logs[GameId("g1")]] == [1, 2]
    assert store.load_many([]) == {}


def test_many_profiles_read_as_each_does_alone(directory: Directory) -> None:
    ana = directory.register("Ana", Address("telegram", "1"))
    ben = directory.register("Ben", Address("telegram", "2"))
    directory.update(replace(directory.profile(ben), quiet_hours="22:00-08:00", reminders=("2h",)))

    found = directory.profiles_of([ana, ben, ana, PlayerId("nobody")])

    assert sorted(found, key=lambda p: p.name) == [directory.profile(ana), directory.profile(ben)]
    assert directory.profiles_of([]) == []
