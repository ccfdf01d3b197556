"""Erasure codes and the export over the in-memory ports (issue 31): a code is drawn per request
and good on the channel that asked only, once, for 30 minutes and 5 wrong tries; a wrong one is
refused without a new one; an export lists the player's games by their own seat, not by who sat
opposite."""

from __future__ import annotations

import pytest

from service.app.games import GameService
from service.app.your_data import NotConfirmed, WrongCode, YourData
from service.game.events import PlayerId
from service.ports.directory import Address
from service.ports.memory import InMemoryEventStore, InMemoryInbox
from service.ports.memory_directory import InMemoryDirectory, ManualClock, SeededChance
from service.ports.personal import InMemoryPersonalData


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def service(clock: ManualClock) -> GameService:
    inbox = InMemoryInbox()
    directory = InMemoryDirectory()
    personal = InMemoryPersonalData(directory)
    return GameService(
        InMemoryEventStore(inbox=inbox), clock, SeededChance(5), inbox, directory, personal=personal
    )


@pytest.fixture
def ana(service: GameService) -> PlayerId:
    assert service.directory is not None
    return service.directory.register("Ana", Address("telegram", "1"))


def data(service: GameService) -> YourData:
    assert service.your_data is not None
    return service.your_data


def asked(service: GameService, player: PlayerId, channel: str) -> str:
    with pytest.raises(NotConfirmed) as refused:
        data(service).erase(player, "", channel)
    code = refused.value.params["code"]
    assert isinstance(code, str) and len(code) == 6 and code.isdigit()
    return code


def test_a_code_is_good_once_on_the_channel_that_asked(service: GameService, ana: PlayerId) -> None:
    code = asked(service, ana, "telegram")
    with pytest.raises(WrongCode) as refused:
        data(service).erase(ana, code, "email")
    assert "code" not in refused.value.params  # a wrong code gives no new one
    assert data(service).erase(ana, code, "telegram").player == ana


def test_asking_again_draws_a_new_code(service: GameService, ana: PlayerId) -> None:
    first = asked(service, ana, "api")
    codes = {first, *(asked(service, ana, "api") for _ in range(3))}
    assert len(codes) > 1  # drawn, not derived (four draws of a million alike: never)
    last = asked(service, ana, "api")
    with pytest.raises(WrongCode):
        data(service).erase(ana, first if first != last else "x", "api")


def test_five_wrong_tries_void_the_code(service: GameService, ana: PlayerId) -> None:
    code = asked(service, ana, "email")
    wrong = "000000" if code != "000000" else "000001"
    for _ in range(5):
        with pytest.raises(WrongCode):
            data(service).erase(ana, wrong, "email")
    with pytest.raises(WrongCode):
        data(service).erase(ana, code, "email")
    assert service.directory is not None and not service.directory.profile(ana).former


def test_a_code_lapses_after_30_minutes(
    service: GameService, ana: PlayerId, clock: ManualClock
) -> None:
    code = asked(service, ana, "web")
    clock.advance(minutes=30)
    with pytest.raises(WrongCode):
        data(service).erase(ana, code, "web")


def test_an_export_lists_the_games_by_the_player_s_seat(
    service: GameService, ana: PlayerId
) -> None:
    assert service.directory is not None
    ben = service.directory.register("Benedikt", Address("email", "ben@example.org"))
    game_id = service.open_game(ana)
    service.join(service.game(game_id).invitation or "", ben)
    exported = data(service).export(ana).as_text()
    assert ben not in exported and "Benedikt" not in exported and "ben@example.org" not in exported
    [game] = data(service).export(ben).games
    assert game["game_id"] == game_id and game["seat"] == 2 and "players" not in game


def test_an_export_of_a_game_with_a_bot(service: GameService, ana: PlayerId) -> None:
    game_id = service.open_game(ana, opponent=PlayerId("bot:greedy"))
    [game] = data(service).export(ana).games
    assert game["game_id"] == game_id and game["seat"] in (1, 2)
