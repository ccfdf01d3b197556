"""What players and operators read: lists of games, transcripts and who must be told what."""

from __future__ import annotations

import pytest

from service.app.games import GameService
from service.game.errors import GameNotOver
from service.ports.memory import InMemoryEventStore
from service.ports.memory_directory import ManualClock
from service.ports.protocols import Notification
from service.rules.errors import CardNotInHand
from tests.service.given import GREEDY, GUEST, HOST, T0, WIN_SCRIPT, started


def test_a_players_list_says_whose_turn_it_is_and_since_when(
    service: GameService, clock: ManualClock
) -> None:
    game_id = service.open_game(HOST)
    clock.advance(hours=1)
    service.join(service.game(game_id).invitation, GUEST)
    t1 = clock.now()
    clock.advance(hours=2)
    service.act(game_id, GUEST, "hand")  # a query moves nothing

    (summary,) = service.games_of(GUEST)
    assert (summary.status, summary.to_act, summary.since) == ("playing", HOST, t1)

    service.act(game_id, HOST, "take kh kd discard 4h")

    (summary,) = service.games_of(HOST)
    assert (summary.to_act, summary.since, summary.version) == (GUEST, T0.replace(hour=12), 8)


def test_a_players_list_shows_the_most_recently_changed_game_first(
    service: GameService, clock: ManualClock
) -> None:
    older = started(service)
    clock.advance(minutes=5)
    newer = service.open_game(HOST)
    assert [s.game_id for s in service.games_of(HOST)] == [newer, older]
    assert [s.game_id for s in service.games_of(GUEST)] == [older]

    clock.advance(minutes=5)
    service.act(older, HOST, "take kh kd discard 4h")

    assert [s.game_id for s in service.games_of(HOST)] == [older, newer]


def test_the_transcript_of_a_running_game_is_refused_except_to_an_operator(
    service: GameService,
) -> None:
    game_id = started(service)
    with pytest.raises(GameNotOver):
        service.transcript(game_id)
    assert service.transcript(game_id, operator=True) == service.store.load(game_id)


def test_the_transcript_of_a_finished_game_is_its_whole_log(service: GameService) -> None:
    game_id = started(service)
    for player, command in WIN_SCRIPT:
        service.act(game_id, player, command)
    log = service.transcript(game_id)
    assert log == service.store.load(game_id)
    assert [s.seq for s in log] == list(range(1, len(log) + 1))


def test_each_move_is_told_to_the_other_player_with_its_range_of_events(
    service: GameService, store: InMemoryEventStore
) -> None:
    game_id = started(service)
    for player, command in WIN_SCRIPT[:3]:
        service.act(game_id, player, command)
    assert [item.notification for item in store.outbox] == [
        Notification(HOST, game_id, 2, 6),  # GUEST joined: the match began
        Notification(GUEST, game_id, 7, 8),  # HOST took KS and discarded
        Notification(HOST, game_id, 9, 10),  # GUEST took 4H and discarded
        Notification(GUEST, game_id, 11, 13),  # HOST refused 2S (dead) and turned up QH
    ]
    assert all(item.status == "pending" for item in store.outbox)


def test_queries_and_rejected_moves_tell_nobody(
    service: GameService, store: InMemoryEventStore
) -> None:
    game_id = started(service)
    before = list(store.outbox)
    service.act(game_id, HOST, "hand")
    with pytest.raises(CardNotInHand):
        service.act(game_id, HOST, "take qs qh discard 4h")
    assert store.outbox == before


def test_bots_are_never_told_and_a_player_is_not_told_their_own_move(
    service: GameService, store: InMemoryEventStore
) -> None:
    game_id = service.open_game(HOST, opponent=GREEDY)
    opened = [item.notification for item in store.outbox]

    service.act(game_id, HOST, "take kh kd discard 4h")

    assert opened == [Notification(HOST, game_id, 2, 6)]  # the bot joined; nothing else is sent
    assert [item.notification for item in store.outbox] == opened
