"""Opening a game and joining it by its invitation: ``GameService.open_game`` and ``join``."""

from __future__ import annotations

from datetime import timedelta

import pytest

from service.app.games import GameService
from service.game.errors import GameNotStarted, InvitationUsed, OwnInvitation, UnknownInvitation
from service.game.events import DealCommitted, GameOpened, PlayerJoined, TimeControl
from service.game.fairness import is_committed
from service.ports.memory import InMemoryEventStore
from service.ports.protocols import GameSummary, Notification
from service.rules.cards import card
from service.rules.events import CardTurnedUp, DealStarted, MatchStarted
from service.rules.seats import Seat
from service.rules.variants import DEFAULT, MatchTerms
from tests.positions import STACKED
from tests.service.given import GUEST, HOST, STRANGER, T0, names, started

NO_FORCING = DEFAULT.with_flags({"forcing": "disabled", "deck_faces": "spanish"})
THREE_DEALS = MatchTerms(deals=3, stake=2)
HOURLY = TimeControl(move_seconds=3600, reserve_seconds=600)


def test_opening_a_game_stores_its_settings_and_lists_it_as_open(service: GameService) -> None:
    game_id = service.open_game(HOST, NO_FORCING, THREE_DEALS, HOURLY)

    game = service.game(game_id)
    assert (game.host, game.players, game.status) == (HOST, (HOST, None), "open")
    assert (game.variant, game.terms, game.time_control) == (NO_FORCING, THREE_DEALS, HOURLY)
    (opened,) = service.store.load(game_id)
    assert opened.event == GameOpened(
        game_id, HOST, NO_FORCING, THREE_DEALS, HOURLY, game.invitation
    )
    assert service.games_of(HOST) == [
        GameSummary(game_id, (HOST, None), "open", None, T0, 1, game.invitation)
    ]


def test_a_game_without_terms_gets_the_variants_default_terms(service: GameService) -> None:
    points = DEFAULT.with_flags({"scoring": "points"})
    game = service.game(service.open_game(HOST, points))
    assert game.terms == MatchTerms(deals=None, target=100)
    assert game.time_control == TimeControl()


def test_an_open_game_takes_no_moves_until_someone_joins(service: GameService) -> None:
    game_id = service.open_game(HOST)
    with pytest.raises(GameNotStarted):
        service.act(game_id, HOST, "pass")
    assert names(service, game_id) == ["GameOpened"]


def test_joining_by_invitation_starts_the_match_and_turns_up_the_first_card(
    service: GameService,
) -> None:
    game_id = started(service)

    assert names(service, game_id) == [
        "GameOpened",
        "PlayerJoined",
        "MatchStarted",
        "DealCommitted",
        "DealStarted",
        "CardTurnedUp",
    ]
    _, joined, begun, committed, dealt, flip = (s.event for s in service.store.load(game_id))
    assert joined == PlayerJoined(GUEST, Seat.SECOND)
    assert isinstance(begun, MatchStarted) and begun.first_dealer is Seat.SECOND
    assert dealt == DealStarted(1, Seat.SECOND, STACKED)
    assert isinstance(committed, DealCommitted) and committed.number == 1
    assert is_committed(STACKED, committed.salt, committed.commitment)
    assert flip == CardTurnedUp(Seat.FIRST, card("KS"))
    game = service.game(game_id)
    assert (game.players, game.status, game.to_act) == ((HOST, GUEST), "playing", HOST)


def test_once_joined_the_game_is_listed_as_playing_without_its_invitation(
    service: GameService,
) -> None:
    game_id = started(service)
    (summary,) = service.games_of(GUEST)
    # The default time control: a day per decision, reminded halfway (and an hour before).
    due, halfway = T0 + timedelta(hours=24), T0 + timedelta(hours=12)
    assert summary == GameSummary(
        game_id, (HOST, GUEST), "playing", HOST, T0, 6, None, due, halfway
    )
    assert service.games_of(HOST) == [summary]


def test_the_host_is_told_when_their_invitation_is_accepted(
    service: GameService, store: InMemoryEventStore
) -> None:
    game_id = started(service)
    assert [item.notification for item in store.outbox] == [Notification(HOST, game_id, 2, 6)]


def test_a_player_cannot_join_their_own_game(service: GameService) -> None:
    game_id = service.open_game(HOST)
    with pytest.raises(OwnInvitation):
        service.join(service.game(game_id).invitation, HOST)
    assert names(service, game_id) == ["GameOpened"]


def test_an_unknown_invitation_is_refused(service: GameService) -> None:
    service.open_game(HOST)
    with pytest.raises(UnknownInvitation):
        service.join("not-an-invitation", GUEST)


def test_an_invitation_can_be_used_once(service: GameService) -> None:
    game_id = started(service)
    with pytest.raises(InvitationUsed):
        service.join(service.game(game_id).invitation, STRANGER)
    assert service.game(game_id).players == (HOST, GUEST)
    assert service.games_of(STRANGER) == []
