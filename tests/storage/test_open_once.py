"""A request to open a game, handled again (after a crash between the opening and the record of
its answer), opens the same game and no second one — on the in-memory store, SQLite and
PostgreSQL."""

from __future__ import annotations

from service.app.games import GameService
from service.game.events import PlayerId
from service.ports.memory_directory import SeededChance
from tests.storage.conftest import Backend

ANA, BEN = PlayerId("ana"), PlayerId("ben")


def test_the_same_request_opens_the_same_game_once(backend: Backend) -> None:
    service = GameService(backend.store, backend.clock, SeededChance(3))

    first = service.open_game(ANA, request="email:<new-game@players.example>")
    again = service.open_game(ANA, request="email:<new-game@players.example>")
    other = service.open_game(ANA, request="email:<another@players.example>")

    assert again == first and other != first
    assert len(backend.store.load(first)) == 1  # opened once
    assert sorted(s.game_id for s in backend.store.all_summaries()) == sorted({first, other})


def test_a_request_against_the_bot_is_joined_once_however_often_handled(backend: Backend) -> None:
    service = GameService(backend.store, backend.clock, SeededChance(3))

    first = service.open_game(ANA, opponent=PlayerId("bot:greedy"), request="telegram:message:1:2")
    version = service.game(first).version
    again = service.open_game(ANA, opponent=PlayerId("bot:greedy"), request="telegram:message:1:2")

    assert again == first and service.game(first).version == version
    assert service.game(first).status == "playing"


def test_another_hosts_request_of_the_same_name_opens_another_game(backend: Backend) -> None:
    service = GameService(backend.store, backend.clock, SeededChance(3))

    mine = service.open_game(ANA, request="telegram:message:1:2")
    theirs = service.open_game(BEN, request="telegram:message:1:2")

    assert mine != theirs
