"""Farming a bot lifts a player to about the bot's anchor and no further."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from adapters.glicko import GlickoRater
from service.app.ratings import Ratings
from service.game.events import PlayerId
from service.ports.memory import InMemoryEventStore
from service.ratings.store import InMemoryRatings
from service.rules.seats import Seat
from tests.ratings.logs import finish

DAY = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)
ANA, HARD = PlayerId("ana"), PlayerId("bot:search")


def test_beating_a_bot_again_and_again_stops_at_its_anchor() -> None:
    store = InMemoryEventStore()
    ratings = Ratings(InMemoryRatings(store.read_all), GlickoRater())
    for n in range(60):
        finish(store, f"g{n}", ANA, HARD, Seat.FIRST, DAY + timedelta(days=n), rated=True)
    ratings.catch_up()
    ana = ratings.store.standing(ANA)
    assert ana is not None and ana.record.wins == 60
    assert 1700 <= ana.rating.rating < 1850  # past the anchor by one (provisional) game at most
    assert 0 < ana.rated_games < 60
    assert not any(one.rated for one in ana.recent)  # the later wins changed nothing
