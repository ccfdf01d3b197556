"""Every non-move request — opening a game, joining one, calling one off — handled twice under
the same inbox key is applied once and answered alike, on memory, SQLite and PostgreSQL; a join
or call-off delivered twice at once too (its reply is recorded in the same append)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from service.app.games import GameService
from service.app.lobby_requests import CallOff, JoinGame, OpenGame
from service.app.replies import Cancelled, Joined, Opened
from service.game.events import PlayerId
from service.game.status import GameStatus
from service.ports.memory_directory import SeededChance
from service.words.refusals import Refused
from tests.storage.conftest import Backend

ANA, BEN, CY = PlayerId("ana"), PlayerId("ben"), PlayerId("cy")


def service_on(backend: Backend) -> GameService:
    return GameService(backend.store, backend.clock, SeededChance(5), backend.inbox)


def test_opening_a_game_twice_under_one_key_opens_it_once(backend: Backend) -> None:
    service = service_on(backend)

    first = service.request("telegram", "u1", "/new", OpenGame(ANA))
    again = service.request("telegram", "u1", "/new", OpenGame(ANA))

    assert isinstance(first, Opened) and again == first
    assert [s.game_id for s in backend.store.all_summaries()] == [first.game_id]
    assert backend.inbox.pending() == []


def test_joining_twice_under_one_key_joins_once(backend: Backend) -> None:
    service = service_on(backend)
    game_id = service.open_game(ANA)
    invitation = service.game(game_id).invitation
    request = JoinGame(BEN, invitation)

    first = service.request("email", "<join@x>", "join", request)
    version = service.game(game_id).version
    again = service.request("email", "<join@x>", "join", request)

    assert first == again == Joined(game_id)
    assert service.game(game_id).version == version
    assert service.game(game_id).players == (ANA, BEN)


def test_a_join_delivered_twice_at_once_joins_once_and_both_hear_it(backend: Backend) -> None:
    service = service_on(backend)
    game_id = service.open_game(ANA)
    request = JoinGame(BEN, service.game(game_id).invitation)

    with ThreadPoolExecutor(2) as pool:
        replies = list(pool.map(lambda _: service.request("web", "j1", "", request), range(2)))

    assert replies == [Joined(game_id)] * 2
    joins = [s for s in backend.store.load(game_id) if type(s.event).__name__ == "PlayerJoined"]
    assert len(joins) == 1


def test_calling_off_twice_under_one_key_calls_off_once(backend: Backend) -> None:
    service = service_on(backend)
    game_id = service.open_game(ANA)

    first = service.request("telegram", "u2", "/cancel", CallOff(ANA, game_id))
    version = service.game(game_id).version
    again = service.request("telegram", "u2", "/cancel", CallOff(ANA, game_id))

    assert first == again == Cancelled(game_id)
    assert service.game(game_id).status is GameStatus.CANCELLED
    assert service.game(game_id).version == version == 2


def test_a_refused_request_is_answered_alike_and_changes_nothing(backend: Backend) -> None:
    service = service_on(backend)
    game_id = service.open_game(ANA)
    rows = backend.store.load(game_id)

    first = service.request("telegram", "u3", "/cancel", CallOff(CY, game_id))
    again = service.request("telegram", "u3", "/cancel", CallOff(CY, game_id))

    assert isinstance(first, Refused) and again == first
    assert backend.store.load(game_id) == rows
