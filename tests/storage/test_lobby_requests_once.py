"""Every non-move request — opening a game, joining one, calling one off, a rematch, linking a
channel — handled twice under the same inbox key is applied once and answered alike, on memory,
SQLite and PostgreSQL; a join or call-off delivered twice at once too (its reply is recorded in
the same append)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from adapters.sql.link_codes import SqlLinkCodes
from service.app.games import GameService
from service.app.link_requests import ConfirmLink, OfferLink
from service.app.lobby_requests import CallOff, JoinGame, OpenGame, Rematch
from service.app.replies import Cancelled, Joined, Linked, LinkOffered, Opened, Rematched
from service.bots.levels import BOTS
from service.game.events import PlayerId
from service.game.status import GameStatus
from service.players.linking import InMemoryLinkCodes, LinkCodes
from service.ports.directory import Address
from service.ports.memory_directory import SeededChance
from service.words.refusals import Refused
from tests.storage.conftest import Backend

ANA, BEN, CY = PlayerId("ana"), PlayerId("ben"), PlayerId("cy")


def service_on(backend: Backend) -> GameService:
    codes: LinkCodes = (
        InMemoryLinkCodes() if backend.engine is None else SqlLinkCodes(backend.engine)
    )
    return GameService(
        backend.store, backend.clock, SeededChance(5), backend.inbox, backend.directory, codes
    )


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


def test_a_rematch_asked_twice_under_one_key_starts_one_game(backend: Backend) -> None:
    service = service_on(backend)
    bot = PlayerId(sorted(BOTS)[0])
    finished = service.open_game(ANA, opponent=bot)
    service.resign(finished, ANA)

    first = service.request("telegram", "u4", "/rematch", Rematch(ANA))
    again = service.request("telegram", "u4", "/rematch", Rematch(ANA))

    assert isinstance(first, Rematched) and first.started is not None and again == first
    assert service.game(first.started).players == (ANA, bot)
    assert len(backend.store.all_summaries()) == 2


def test_a_rematch_without_a_finished_game_is_refused_alike(backend: Backend) -> None:
    service = service_on(backend)

    first = service.request("telegram", "u5", "/rematch", Rematch(ANA))
    again = service.request("telegram", "u5", "/rematch", Rematch(ANA))

    assert isinstance(first, Refused) and first.code == "no_finished_game" and again == first


def test_a_link_code_asked_twice_under_one_key_is_one_code(backend: Backend) -> None:
    service = service_on(backend)
    chat, mail = Address("telegram", "7"), Address("email", "ana@example.org")
    ana = backend.directory.register("Ana", chat)

    first = service.request("telegram", "u6", "/link", OfferLink(ana, chat))
    again = service.request("telegram", "u6", "/link", OfferLink(ana, chat))
    assert isinstance(first, LinkOffered) and again == first

    linked = service.request("email", "<l1@x>", "link", ConfirmLink(first.code, mail))
    twice = service.request("email", "<l1@x>", "link", ConfirmLink(first.code, mail))

    assert linked == twice == Linked(ana)
    assert backend.directory.player_at(mail) == ana


def test_a_refused_link_is_answered_alike_and_links_nothing(backend: Backend) -> None:
    service = service_on(backend)
    mail = Address("email", "cy@example.org")

    first = service.request("email", "<l2@x>", "link", ConfirmLink("nonsense", mail))
    again = service.request("email", "<l2@x>", "link", ConfirmLink("nonsense", mail))

    assert isinstance(first, Refused) and first.code == "unknown_link_code" and again == first
    assert backend.directory.player_at(mail) is None
