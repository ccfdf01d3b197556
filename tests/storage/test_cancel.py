"""Calling off a game nobody has joined (``GameService.cancel``), on the in-memory store, SQLite
and PostgreSQL: the invitation stops working, the game leaves its host's list, nothing can be
played in it, and asking twice changes nothing."""

from __future__ import annotations

import pytest

from service.app.games import GameService
from service.game.errors import (
    GameCalledOff,
    GameStarted,
    InvitationWithdrawn,
    NotAPlayer,
)
from service.game.events import GameCancelled, PlayerId
from service.ports.memory_directory import SeededChance
from tests.storage.conftest import Backend

ANA, BEN, CY = PlayerId("ana"), PlayerId("ben"), PlayerId("cy")


def service_on(backend: Backend) -> GameService:
    return GameService(backend.store, backend.clock, SeededChance(5))


def test_the_host_calls_off_an_open_game_and_its_invitation_stops_working(
    backend: Backend,
) -> None:
    service = service_on(backend)
    game_id = service.open_game(ANA)
    invitation = service.game(game_id).invitation

    game = service.cancel(game_id, ANA)

    assert game.status == "cancelled" and game.version == 2
    assert [stored.event for stored in backend.store.load(game_id)][1:] == [GameCancelled(ANA)]
    assert service.game(game_id).status == "cancelled"  # as read back from the log
    assert service.games_of(ANA) == []
    (summary,) = backend.store.all_summaries()
    assert (summary.status, summary.invitation) == ("cancelled", None)
    with pytest.raises(InvitationWithdrawn):
        service.join(invitation, BEN)
    with pytest.raises(GameCalledOff):
        service.act(game_id, ANA, "pass")
    assert service.game(game_id).players == (ANA, None)
    assert backend.outbox_items() == []  # nobody else sits at the game to be told


def test_calling_off_again_changes_nothing(backend: Backend) -> None:
    service = service_on(backend)
    game_id = service.open_game(ANA)
    service.cancel(game_id, ANA)

    again = service.cancel(game_id, ANA)

    assert again.version == 2 and len(backend.store.load(game_id)) == 2


def test_only_the_host_calls_off_and_only_before_anyone_joins(backend: Backend) -> None:
    service = service_on(backend)
    waiting = service.open_game(ANA)
    with pytest.raises(NotAPlayer):
        service.cancel(waiting, BEN)
    started = service.open_game(ANA)
    service.join(service.game(started).invitation, BEN)
    against_bot = service.open_game(CY, opponent=PlayerId("bot:greedy"))

    for game_id, player in ((started, ANA), (started, BEN), (against_bot, CY)):
        version = service.game(game_id).version
        with pytest.raises(GameStarted):
            service.cancel(game_id, player)
        assert service.game(game_id).version == version
    assert service.game(waiting).status == "open"
