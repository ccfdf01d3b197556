"""A game called off before anyone joined: the race with a join, its news, and its log as
``conquian verify`` reads it (storage behaviour is in ``tests/storage/test_cancel.py``)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime

import pytest

from service.app.games import GameService
from service.game.codec import LogEvent
from service.game.errors import GameStarted
from service.game.events import GameCancelled, GameId
from service.game.stored import StoredEvent
from service.log.file import export_lines, read_log
from service.log.verify import verify
from service.ports.memory import InMemoryEventStore
from service.ports.memory_directory import ManualClock, SeededChance
from service.ports.protocols import GameSummary, InboxReply, Notification
from service.rules.variants import DEFAULT
from service.words.news import describe
from tests.service.given import GUEST, HOST


class JoinFirst(InMemoryEventStore):
    """A store on which the guest's join lands between the host's reading of the game and the
    append of the call-off (two processes racing)."""

    guest_service: GameService

    def append(
        self,
        game_id: GameId,
        expected_version: int,
        events: Sequence[LogEvent],
        at: datetime,
        summary: GameSummary,
        notifications: Sequence[Notification] = (),
        inbox_reply: InboxReply | None = None,
    ) -> list[StoredEvent]:
        if any(isinstance(event, GameCancelled) for event in events):
            invitation = self.guest_service.game(game_id).invitation
            self.guest_service.join(invitation, GUEST)
        return super().append(
            game_id, expected_version, events, at, summary, notifications, inbox_reply
        )


def test_a_join_that_lands_first_wins_and_the_call_off_is_refused() -> None:
    store, clock = JoinFirst(), ManualClock()
    service = GameService(store, clock, SeededChance(2))
    store.guest_service = GameService(store, clock, SeededChance(3))
    game_id = service.open_game(HOST)

    with pytest.raises(GameStarted):
        service.cancel(game_id, HOST)

    assert service.game(game_id).status == "playing"
    assert not any(isinstance(one.event, GameCancelled) for one in store.load(game_id))


def test_the_call_off_is_told_by_name() -> None:
    said = describe(GameCancelled(HOST), DEFAULT, names=("Ana", "Ben"), players=(HOST, None))
    assert said == "Ana calls the game off."


def called_off_log(service: GameService) -> list[dict[str, object]]:
    game_id = service.open_game(HOST)
    service.cancel(game_id, HOST)
    return [json.loads(line) for line in export_lines(service.store.load(game_id))]


def test_the_log_of_a_game_called_off_verifies(service: GameService) -> None:
    lines = called_off_log(service)

    verdict = verify(read_log(json.dumps(line) for line in lines))

    assert verdict.ok, verdict.reason
    assert verdict.game is not None and verdict.game.status == "cancelled"
    assert lines[-1]["name"] == "GameCancelled" and lines[-1]["data"] == {"player": HOST}


def test_a_log_that_goes_on_after_the_call_off_is_refused(service: GameService) -> None:
    lines = called_off_log(service)
    header, opened, cancelled = lines
    joined = dict(cancelled, seq=3, name="PlayerJoined", data={"player": GUEST, "seat": 2})
    header = dict(header, events=3, players=[HOST, GUEST])

    verdict = verify(read_log(json.dumps(line) for line in (header, opened, cancelled, joined)))

    assert (verdict.seq, verdict.reason) == (
        3,
        "nothing follows GameCancelled: the game was called off",
    )


def test_only_the_host_of_an_open_game_calls_it_off_in_a_log(service: GameService) -> None:
    header, opened, cancelled = called_off_log(service)
    by_guest = dict(cancelled, data={"player": GUEST})

    verdict = verify(read_log(json.dumps(line) for line in (header, opened, by_guest)))

    assert verdict.seq == 2 and "only the host calls off a game" in verdict.reason
