"""A player's data covers the reviews (issue 38) and the tournaments (issue 37), on SQLite and
PostgreSQL through the wired service: their export holds their reviews and their own part of
each tournament; their erasure removes their reviews (and the review worker makes none for them
afterwards) and withdraws them from a running tournament, whose log keeps their random id while
no table holds their name (docs/decisions/privacy-an-erased-player-withdraws-from-tournaments.md).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import select

from adapters import bootstrap
from adapters.config import Settings
from adapters.sql import schema
from service.game.events import GameId
from service.game.status import GameStatus
from service.ports.directory import Address
from service.ports.memory_directory import ManualClock, SeededChance
from service.ports.reviews import ReviewStep
from service.tournaments.events import PlayerWithdrew
from tests.conftest import sql_engine
from tests.service.given import T0
from tests.storage.conftest import SQL_BACKENDS
from tests.tournaments.play import terms

NAME = "Zebulon Quist"
STEP = ReviewStep(3, "draw stock", "take discard", 40, True)


@pytest.fixture(params=SQL_BACKENDS)
def wiring(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[bootstrap.Wiring]:
    url = None
    if request.param == "postgresql":
        sql_engine("postgresql", request, tmp_path)  # emptied for this test
        url = request.getfixturevalue("postgres_url")
    settings = Settings(data_dir=tmp_path / "data", database_url=url)
    wired = bootstrap.build(settings, ManualClock(T0), SeededChance(7))
    yield wired
    wired.close()


def _rows(wired: bootstrap.Wiring) -> str:
    with wired.engine.connect() as connection:
        return "\n".join(
            " ".join(map(str, row))
            for table in schema.metadata.sorted_tables
            for row in connection.execute(select(table))
        )


def test_an_erased_player_s_reviews_go_and_their_tournament_shows_them_withdrawn(
    wiring: bootstrap.Wiring,
) -> None:
    service, tournaments = wiring.service, wiring.tournaments
    assert tournaments is not None and service.your_data is not None
    zeb = wiring.directory.register(NAME, Address("telegram", "987654321"))
    others = [wiring.directory.register(n, Address("telegram", n)) for n in ("11", "12", "13")]
    tournament_id = tournaments.create(others[0], terms(size=4, rounds=3), operator=True)
    for player in (zeb, *others):
        tournaments.enter(tournament_id, player)
    tournaments.tend()  # full: round 1 is paired and its games open
    [game] = tournaments.tournament(tournament_id).rounds[0].running_games_of(zeb)
    opponent = next(p for p in service.game(game).players if p not in (zeb, None))
    reviews = service.reviewing.reviews
    reviews.record(1, GameId("g-reviewed"), {zeb: (STEP,), opponent: (STEP,)})

    data = service.your_data.export(zeb)
    assert [(row["game_id"], row["player"]) for row in data.held["reviews"]] == [
        ("g-reviewed", zeb)
    ]
    [entry] = data.tournaments
    assert entry["tournament_id"] == tournament_id and entry["withdrawn"] is False
    assert not [other for other in others if other in data.as_text()]

    service.your_data.erase_now(zeb)

    tournament = tournaments.tournament(tournament_id)
    assert zeb in tournament.withdrawn and zeb in tournament.players  # the id stays, as in games
    assert [one.event for one in tournaments.log(tournament_id)][-1] == PlayerWithdrew(zeb)
    assert service.game(game).status is GameStatus.OVER
    assert tournaments.shown_as(opponent, zeb) is None  # "a player" in every list
    assert NAME not in _rows(wiring)
    assert reviews.of(GameId("g-reviewed"), zeb) is None
    assert reviews.of(GameId("g-reviewed"), opponent) == (STEP,)
    # The game the erasure ended is reviewed later: for the opponent only.
    reviews.record(2, game, {zeb: (STEP,), opponent: (STEP,)})
    assert reviews.of(game, zeb) is None and reviews.of(game, opponent) == (STEP,)
    tournaments.tend()  # the left game's result is recorded; zeb is paired no more
    assert all(
        zeb not in (pairing.first, pairing.second)
        for round_ in tournaments.tournament(tournament_id).rounds[1:]
        for pairing in round_.pairings
    )
    assert service.your_data.personal.held(zeb, [])["reviews"] == []
    assert tournaments.entries_of(zeb)[0]["withdrawn"] is True
