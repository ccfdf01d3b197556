"""Ending a match by resigning, and playing it again: ``resign``, ``offer_rematch``, ``accept_rematch``."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from service.app.games import GameService
from service.game.codec import LogEvent
from service.game.errors import NoRematchOffered, NotAPlayer, RematchNotYet
from service.game.events import (
    DealRevealed,
    GameId,
    GameOpened,
    PlayerJoined,
    RematchAccepted,
    RematchOffered,
    TimeControl,
)
from service.ports.memory import InMemoryEventStore
from service.ports.memory_directory import ManualClock, SeededChance
from service.ports.protocols import Notification
from service.rules.events import MatchEnded, PlayerResigned
from service.rules.seats import Seat
from service.rules.variants import DEFAULT, MatchTerms
from tests.fakes import CrashingStore
from tests.service.given import GREEDY, GUEST, HOST, STRANGER

SPANISH = DEFAULT.with_flags({"deck_faces": "spanish", "dead_pile_visible": "true"})
TERMS = MatchTerms(deals=3, target=5, stake=2)
SLOW = TimeControl(move_seconds=7200, max_timeouts=1)


def finished(service: GameService) -> GameId:
    """A three-deal Spanish-faces match between HOST and GUEST that GUEST resigned."""
    game_id = service.open_game(HOST, SPANISH, TERMS, SLOW)
    service.join(service.game(game_id).invitation, GUEST)
    service.resign(game_id, GUEST)
    return game_id


def test_resigning_ends_the_match_in_the_opponents_favour(service: GameService) -> None:
    game_id = service.open_game(HOST)
    service.join(service.game(game_id).invitation, GUEST)

    outcome = service.resign(game_id, GUEST)

    assert [s.event for s in outcome.appended][:2] == [
        PlayerResigned(Seat.SECOND),
        MatchEnded(Seat.FIRST, (0, 0)),  # the scores stand; the match is lost
    ]
    assert isinstance(outcome.appended[-1].event, DealRevealed)
    assert outcome.game.status == "over"
    (summary,) = service.games_of(HOST)
    assert (summary.status, summary.to_act) == ("over", None)


def test_only_a_player_can_resign(service: GameService) -> None:
    game_id = service.open_game(HOST)
    service.join(service.game(game_id).invitation, GUEST)
    with pytest.raises(NotAPlayer):
        service.resign(game_id, STRANGER)
    assert service.game(game_id).status == "playing"


def test_a_rematch_cannot_be_offered_before_the_match_is_over(service: GameService) -> None:
    game_id = service.open_game(HOST)
    service.join(service.game(game_id).invitation, GUEST)
    with pytest.raises(RematchNotYet):
        service.offer_rematch(game_id, HOST)


def test_an_offered_rematch_once_accepted_is_a_new_game_with_the_same_settings(
    service: GameService, store: InMemoryEventStore
) -> None:
    game_id = finished(service)
    told = len(store.outbox)

    assert service.offer_rematch(game_id, GUEST) is None
    assert service.store.load(game_id)[-1].event == RematchOffered(GUEST)
    assert [i.notification.player for i in store.outbox[told:]] == [HOST]

    rematch = service.accept_rematch(game_id, HOST)

    assert service.store.load(game_id)[-1].event == RematchAccepted(HOST, rematch)
    assert service.game(game_id).rematch == rematch
    new = service.game(rematch)
    assert (new.variant, new.terms, new.time_control) == (SPANISH, TERMS, SLOW)
    assert new.rematch_of == game_id
    assert (new.host, new.players, new.status) == (GUEST, (GUEST, HOST), "playing")


def test_accepting_a_rematch_twice_gives_the_same_game(service: GameService) -> None:
    game_id = finished(service)
    service.offer_rematch(game_id, HOST)
    rematch = service.accept_rematch(game_id, GUEST)

    assert service.accept_rematch(game_id, GUEST) == rematch
    assert service.offer_rematch(game_id, HOST) == rematch
    assert service.offer_rematch(game_id, GUEST) == rematch
    assert len(service.games_of(HOST)) == 2


def test_offering_a_rematch_the_opponent_already_offered_accepts_it(
    service: GameService,
) -> None:
    game_id = finished(service)
    assert service.offer_rematch(game_id, HOST) is None
    assert service.offer_rematch(game_id, HOST) is None  # asking again changes nothing

    rematch = service.offer_rematch(game_id, GUEST)

    assert rematch is not None
    assert service.game(rematch).players == (HOST, GUEST)
    offers = [s.event for s in service.store.load(game_id) if isinstance(s.event, RematchOffered)]
    assert offers == [RematchOffered(HOST)]


def test_a_rematch_must_have_been_offered_by_the_opponent(service: GameService) -> None:
    game_id = finished(service)
    with pytest.raises(NoRematchOffered):
        service.accept_rematch(game_id, HOST)
    service.offer_rematch(game_id, HOST)
    with pytest.raises(NoRematchOffered):
        service.accept_rematch(game_id, HOST)
    with pytest.raises(NotAPlayer):
        service.accept_rematch(game_id, STRANGER)


def test_a_bot_accepts_a_rematch_at_once(service: GameService) -> None:
    game_id = service.open_game(HOST, terms=TERMS, opponent=GREEDY)
    service.resign(game_id, HOST)

    rematch = service.offer_rematch(game_id, HOST)

    assert rematch is not None
    new = service.game(rematch)
    assert set(new.players) == {HOST, GREEDY}
    assert (new.terms, new.rematch_of, new.status) == (TERMS, game_id, "playing")
    assert service.offer_rematch(game_id, HOST) == rematch


def test_the_rematch_is_told_to_the_player_who_offered_it(
    service: GameService, store: InMemoryEventStore
) -> None:
    game_id = finished(service)
    service.offer_rematch(game_id, HOST)
    told = len(store.outbox)

    rematch = service.accept_rematch(game_id, GUEST)

    joined = next(s.seq for s in service.store.load(rematch) if isinstance(s.event, PlayerJoined))
    accepted, last = service.game(game_id).version, service.game(rematch).version
    assert [i.notification for i in store.outbox[told:]] == [
        Notification(HOST, game_id, accepted, accepted),
        Notification(HOST, rematch, joined, last),
    ]


REMATCH_STEPS = {
    "the new game is opened": lambda events: any(isinstance(e, GameOpened) for e in events),
    "the accepting player joins it": lambda events: any(
        isinstance(e, PlayerJoined) for e in events
    ),
}


@pytest.mark.parametrize("crash_when", REMATCH_STEPS.values(), ids=REMATCH_STEPS.keys())
def test_a_rematch_cut_short_after_its_acceptance_was_recorded_still_opens(
    clock: ManualClock, crash_when: Callable[[Sequence[LogEvent]], bool]
) -> None:
    """Accepting takes three appends (the acceptance, the new game, the join); a crash after the
    first must not leave the finished game pointing at a rematch that never starts."""
    store = CrashingStore()
    service = GameService(store, clock, SeededChance(3))
    game_id = finished(service)
    service.offer_rematch(game_id, HOST)
    store.crash_on = crash_when
    with pytest.raises(ConnectionError):
        service.accept_rematch(game_id, GUEST)

    rematch = service.accept_rematch(game_id, GUEST)  # the player tries again

    assert service.game(rematch).status == "playing"
