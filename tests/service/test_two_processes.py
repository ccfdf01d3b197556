"""Two processes serving one log: every answer rests on the log as it stands.

``act`` decides a move on the game as its process last saw it and lets the append's version check
prove that game current; whatever that cannot prove is answered on the log re-read.  Two services
on one store stand for two processes here: ``other`` moves the game behind ``service``'s back.
"""

from __future__ import annotations

import pytest

from service.app.games import GameService
from service.game.errors import StaleVersion
from service.ports.memory import InMemoryEventStore
from service.ports.memory_directory import ManualClock, SeededChance
from service.rules.errors import NotYourTurn
from tests.service.given import GUEST, HOST, WIN_SCRIPT, started


@pytest.fixture
def other(store: InMemoryEventStore) -> GameService:
    return GameService(store, ManualClock(), SeededChance(99))


def test_a_move_on_a_position_moved_by_another_process_is_stale(
    service: GameService, other: GameService
) -> None:
    game_id = started(service)
    seen = service.game(game_id).version
    other.act(game_id, HOST, WIN_SCRIPT[0][1])

    with pytest.raises(StaleVersion) as refused:
        service.act(game_id, GUEST, WIN_SCRIPT[1][1], expected_version=seen)

    assert (refused.value.params["seen"], refused.value.params["current"]) == (seen, seen + 2)


def test_a_move_this_process_would_refuse_is_decided_on_the_log(
    service: GameService, other: GameService
) -> None:
    game_id = started(service)
    service.game(game_id)  # HOST to act, as far as this process knows
    other.act(game_id, HOST, WIN_SCRIPT[0][1])

    outcome = service.act(game_id, GUEST, WIN_SCRIPT[1][1])

    assert outcome.game.version == other.game(game_id).version == 10


def test_a_move_at_a_version_this_process_has_not_seen_is_played(
    service: GameService, other: GameService
) -> None:
    game_id = started(service)
    service.game(game_id)
    moved = other.act(game_id, HOST, WIN_SCRIPT[0][1])

    outcome = service.act(game_id, GUEST, WIN_SCRIPT[1][1], expected_version=moved.game.version)

    assert [s.seq for s in outcome.appended] == [9, 10]


def test_a_move_refused_on_the_log_is_refused(service: GameService, other: GameService) -> None:
    game_id = started(service)
    service.game(game_id)
    other.act(game_id, HOST, WIN_SCRIPT[0][1])

    with pytest.raises(NotYourTurn):
        service.act(game_id, HOST, "pass")


def test_a_look_shows_the_log_as_it_stands(service: GameService, other: GameService) -> None:
    game_id = started(service)
    service.game(game_id)
    other.act(game_id, HOST, WIN_SCRIPT[0][1])

    assert service.act(game_id, GUEST, "hand").game.version == 8
