"""Moves and queries through ``GameService.act``: text or action, checked before anything is kept."""

from __future__ import annotations

import pytest

from service.app.games import GameService
from service.app.outcome import Looked
from service.game.errors import NotAPlayer, StaleVersion
from service.ports.memory import InMemoryEventStore
from service.ports.memory_directory import ManualClock, SeededChance
from service.rules.actions import Take
from service.rules.cards import card, cards
from service.rules.errors import CardNotInHand, NotYourTurn
from service.rules.events import CardDiscarded, CenterCardTaken
from service.rules.seats import Seat
from service.rules.view import view_for
from service.words.grammar import ShowHand, ShowHelp, UnknownCommand
from tests.fakes import PLAYER_2_DEALS, FixedChance
from tests.positions import STACKED
from tests.service.given import GUEST, HOST, STRANGER, started

KINGS = (cards("KD KH KS"),)


def test_a_move_in_text_appends_its_events(service: GameService) -> None:
    game_id = started(service)

    outcome = service.act(game_id, HOST, "take kh kd discard 4h")

    assert [(s.seq, s.event) for s in outcome.appended] == [
        (7, CenterCardTaken(Seat.FIRST, card("KS"), cards("KH KD"), KINGS)),
        (8, CardDiscarded(Seat.FIRST, card("4H"))),
    ]
    assert outcome.game == service.game(game_id)
    assert outcome.game.to_act == GUEST
    assert outcome.view.tables[Seat.FIRST] == KINGS
    assert outcome.view.seat is Seat.FIRST


def test_a_move_as_an_action_appends_what_its_text_would() -> None:
    logs = []
    for command in ("take kh kd discard 4h", Take(Seat.FIRST, cards("KH KD"), card("4H"))):
        store = InMemoryEventStore()
        chance = FixedChance(decks=[STACKED], randoms=[PLAYER_2_DEALS])
        service = GameService(store, ManualClock(), chance)
        game_id = started(service)
        service.act(game_id, HOST, command)
        logs.append([(r.name, r.data) for r in store.rows])
    assert logs[0] == logs[1]


@pytest.mark.parametrize(
    ("text", "query"), [("hand", ShowHand), ("help", ShowHelp), ("?", ShowHelp)]
)
def test_a_query_changes_nothing(
    service: GameService, store: InMemoryEventStore, text: str, query: type
) -> None:
    game_id = started(service)
    before = list(store.rows), list(store.outbox)

    outcome = service.act(game_id, GUEST, text)

    assert isinstance(outcome, Looked) and isinstance(outcome.query, query)
    assert outcome.appended == ()
    assert outcome.view == view_for(service.game(game_id).rules, Seat.SECOND)
    assert (store.rows, store.outbox) == before


@pytest.mark.parametrize(
    ("player", "text", "error", "params"),
    [
        (HOST, "take qs qh discard 4h", CardNotInHand, {"card": card("QS")}),
        (HOST, "dance", UnknownCommand, {"word": "dance"}),
        (GUEST, "pass", NotYourTurn, {"seat": 1}),
    ],
)
def test_an_illegal_move_changes_nothing_and_says_why(
    service: GameService,
    store: InMemoryEventStore,
    player: str,
    text: str,
    error: type,
    params: dict[str, object],
) -> None:
    game_id = started(service)
    before = list(store.rows), list(store.outbox), service.games_of(HOST)

    with pytest.raises(error) as raised:
        service.act(game_id, player, text)  # type: ignore[arg-type]

    assert {k: str(v) for k, v in raised.value.params.items()} == {
        k: str(v) for k, v in params.items()
    }
    assert (store.rows, store.outbox, service.games_of(HOST)) == before


def test_a_move_on_a_position_that_has_moved_on_is_stale(
    service: GameService, store: InMemoryEventStore
) -> None:
    game_id = started(service)
    shown = service.game(game_id).version
    service.act(game_id, HOST, "take kh kd discard 4h", expected_version=shown)
    before = list(store.rows)

    with pytest.raises(StaleVersion) as raised:
        service.act(game_id, GUEST, "take 4c 4s discard 2s", expected_version=shown)

    assert raised.value.params == {"seen": 6, "current": 8}
    assert store.rows == before


def test_a_look_at_the_game_is_never_stale(service: GameService) -> None:
    game_id = started(service)
    service.act(game_id, HOST, "take kh kd discard 4h")

    outcome = service.act(game_id, GUEST, "hand", expected_version=6)

    assert isinstance(outcome, Looked) and isinstance(outcome.query, ShowHand)
    assert outcome.game.version == 8


def test_a_move_with_the_current_version_is_played(service: GameService) -> None:
    game_id = started(service)
    outcome = service.act(game_id, HOST, "take kh kd discard 4h", expected_version=6)
    assert outcome.game.version == 8


def test_someone_who_is_not_a_player_cannot_act(
    service: GameService, store: InMemoryEventStore
) -> None:
    game_id = started(service)
    before = list(store.rows)
    for command in ("pass", "hand"):
        with pytest.raises(NotAPlayer):
            service.act(game_id, STRANGER, command)
    with pytest.raises(NotAPlayer):
        service.view(game_id, STRANGER)
    assert store.rows == before


def test_the_game_is_replayed_from_the_store_by_a_fresh_service(
    service: GameService, store: InMemoryEventStore
) -> None:
    game_id = started(service)
    service.act(game_id, HOST, "take kh kd discard 4h")
    other = GameService(store, ManualClock(), SeededChance(99))
    assert other.view(game_id, GUEST) == service.view(game_id, GUEST)
