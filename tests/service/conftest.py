"""Fixtures for the game service: in-memory store and inbox, a manual clock, stacked chance."""

from __future__ import annotations

import pytest

from service.app.games import GameService
from service.ports.memory import InMemoryEventStore, InMemoryInbox
from service.ports.memory_directory import ManualClock
from tests.fakes import PLAYER_2_DEALS, FixedChance
from tests.positions import STACKED
from tests.service.given import T0


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(T0)


@pytest.fixture
def inbox() -> InMemoryInbox:
    return InMemoryInbox()


@pytest.fixture
def store(inbox: InMemoryInbox) -> InMemoryEventStore:
    return InMemoryEventStore(inbox=inbox)


@pytest.fixture
def chance() -> FixedChance:
    """The first deal is STACKED and player 2 deals it; every later deck is shuffled."""
    return FixedChance(decks=[STACKED], randoms=[PLAYER_2_DEALS])


@pytest.fixture
def service(
    store: InMemoryEventStore, clock: ManualClock, chance: FixedChance, inbox: InMemoryInbox
) -> GameService:
    return GameService(store, clock, chance, inbox)
