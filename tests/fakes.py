"""Test doubles beyond the in-memory ports of ``service.ports.memory``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime

from service.delivery.dispatch import Telling
from service.game.codec import LogEvent
from service.game.events import GameId, PlayerId
from service.game.stored import StoredEvent
from service.ports.directory import Address
from service.ports.memory import InMemoryEventStore
from service.ports.memory_directory import SeededChance
from service.ports.protocols import GameSummary, InboxReply, Notification
from service.rules.cards import Card

PLAYER_1_DEALS = 0.25
"""A first ``random()`` answer that makes player 1 the first dealer (``GameService`` draws < 0.5)."""
PLAYER_2_DEALS = 0.75


class FixedChance(SeededChance):
    """Seeded randomness that deals ``decks`` first and answers ``randoms`` first."""

    def __init__(
        self, seed: int = 0, decks: Sequence[tuple[Card, ...]] = (), randoms: Sequence[float] = ()
    ) -> None:
        super().__init__(seed, decks)
        self._randoms = list(randoms)

    def random(self) -> float:
        return self._randoms.pop(0) if self._randoms else super().random()


class CrashingStore(InMemoryEventStore):
    """An in-memory store whose process 'dies' (``ConnectionError``) on the first append that
    ``crash_on`` picks once it is set, before anything of that append is kept."""

    def __init__(self) -> None:
        super().__init__()
        self.crash_on: Callable[[Sequence[LogEvent]], bool] | None = None

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
        if self.crash_on is not None and self.crash_on(events):
            self.crash_on = None
            raise ConnectionError("the process died before this append was committed")
        return super().append(
            game_id, expected_version, events, at, summary, notifications, inbox_reply
        )


class RecordingSender:
    """A channel's ``Sender`` that records what it delivered; ``failures`` are raised first, one
    per send (an exception instance is raised as is)."""

    def __init__(self, *failures: Exception) -> None:
        self.failures = list(failures)
        self.delivered: list[tuple[PlayerId, Address, Notification]] = []

    def send(self, address: Address, telling: Telling) -> None:
        player, notification = telling.player, telling.notification
        if self.failures:
            raise self.failures.pop(0)
        self.delivered.append((player, address, notification))
