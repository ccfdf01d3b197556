"""The one retry policy of the use cases (``Journal.retried``): a decision that lost a race to
another writer is made again on the game as it now stands, so the loser hears what is true now."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime, timedelta

import pytest

from service.app.games import GameService
from service.game.codec import LogEvent
from service.game.errors import InvitationUsed, InvitationWithdrawn
from service.game.events import ClockPaused, GameId, PlayerJoined
from service.game.status import GameStatus
from service.game.stored import StoredEvent
from service.ports.memory import InMemoryEventStore
from service.ports.memory_directory import ManualClock, SeededChance
from service.ports.protocols import GameSummary, InboxReply, Notification
from service.rules.seats import Seat
from tests.service.given import GUEST, HOST, STRANGER, T0


class RacedStore(InMemoryEventStore):
    """A store on which ``race`` runs once, just before the first append of an event of type
    ``before``: another process's request lands between this one's reading and its append."""

    def __init__(self) -> None:
        super().__init__()
        self.before: type | None = None
        self.race: Callable[[], object] = lambda: None

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
        if self.before is not None and any(isinstance(one, self.before) for one in events):
            self.before = None
            self.race()
        return super().append(
            game_id, expected_version, events, at, summary, notifications, inbox_reply
        )


def two_processes() -> tuple[RacedStore, GameService, GameService]:
    """A store and two services on it, as two processes would be."""
    store, clock = RacedStore(), ManualClock(T0)
    return (
        store,
        GameService(store, clock, SeededChance(2)),
        GameService(store, clock, SeededChance(3)),
    )


def test_a_join_that_loses_the_race_to_the_call_off_hears_the_invitation_was_withdrawn() -> None:
    store, guest_side, host_side = two_processes()
    game_id = host_side.open_game(HOST)
    invitation = host_side.game(game_id).invitation
    store.before, store.race = PlayerJoined, lambda: host_side.cancel(game_id, HOST)

    with pytest.raises(InvitationWithdrawn):
        guest_side.join(invitation, GUEST)

    assert guest_side.game(game_id).status is GameStatus.CANCELLED


def test_a_join_that_loses_the_race_to_another_join_hears_the_invitation_was_used() -> None:
    store, guest_side, other_side = two_processes()
    game_id = other_side.open_game(HOST)
    invitation = other_side.game(game_id).invitation
    store.before, store.race = PlayerJoined, lambda: other_side.join(invitation, STRANGER)

    with pytest.raises(InvitationUsed):
        guest_side.join(invitation, GUEST)

    assert guest_side.game(game_id).players == (HOST, STRANGER)


def test_a_pause_that_loses_the_race_is_decided_again_on_the_newer_game() -> None:
    store, mine, theirs = two_processes()
    game_id = mine.open_game(HOST)
    mine.join(mine.game(game_id).invitation, GUEST)
    until = T0 + timedelta(days=2)
    store.before, store.race = ClockPaused, lambda: theirs.pause_clock(game_id, GUEST, until)

    outcome = mine.pause_clock(game_id, HOST, until)

    assert outcome is not None
    pauses = [one.event for one in store.load(game_id) if isinstance(one.event, ClockPaused)]
    assert pauses == [ClockPaused(Seat.SECOND, until), ClockPaused(Seat.FIRST, until)]
