"""Two worker processes follow one log into the ratings at once: each game is counted once, and
the standings are those a rebuild reaches."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

import pytest

from adapters.glicko import GlickoRater
from adapters.sql.engine import create
from adapters.sql.ratings import SqlRatings
from adapters.sql.store import SqlEventStore
from service.app.games import GameService
from service.app.ratings import Ratings
from service.game.events import PlayerId
from service.ports.memory_directory import ManualClock, SeededChance
from tests.conftest import sql_engine
from tests.service.given import T0

GAMES = 40
PEOPLE = [PlayerId(f"p{n}") for n in range(6)]


def _follow(url: str) -> int:
    """One worker's ``rate`` job, in small batches so the two interleave."""
    engine = create(url)
    try:
        ratings = Ratings(SqlRatings(engine), GlickoRater())
        total = 0
        while counted := ratings.follow(limit=3):
            total += counted
        return total
    finally:
        engine.dispose()


def test_two_workers_on_postgresql_count_each_game_once(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    engine = sql_engine("postgresql", request, tmp_path)
    clock = ManualClock(T0)
    service = GameService(SqlEventStore(engine), clock, SeededChance(7))
    for n in range(GAMES):
        host, guest = PEOPLE[n % 6], PEOPLE[(n * 5 + 1) % 6]
        game_id = service.open_game(host)
        service.join(service.game(game_id).invitation, guest)
        service.resign(game_id, guest if n % 3 else host)
        clock.advance(hours=5)

    with multiprocessing.get_context("spawn").Pool(2) as pool:
        counts = pool.map(_follow, [engine.url.render_as_string(hide_password=False)] * 2)

    ratings = Ratings(SqlRatings(engine), GlickoRater())
    assert sum(counts) == GAMES
    assert len(ratings.store.counted()) == GAMES
    followed = ratings.store.standings()
    assert ratings.rebuild() == GAMES
    assert ratings.store.standings() == followed
