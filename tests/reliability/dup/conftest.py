"""The twins of the non-interference tests (``test_noninterference``, ``test_spectator_twins``):
two worlds on copies of one database, on SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from service.ports.memory_directory import ManualClock
from tests.reliability.dup.twins import Copies, TwinChance, Twins, Who
from tests.reliability.dup.world import BEN, START, World, settings_for
from tests.telegram.fake_api import FakeTelegram


@pytest.fixture(params=["sqlite", "postgresql"])
def twins(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Twins]:
    """Two worlds on copies of one database holding Ana (Telegram), Ben (email), Cleo (web),
    and two web opponents."""
    fakes = [FakeTelegram() for _ in range(3)]
    databases = Copies(request.param, request, tmp_path)
    seed = World(fakes[0], settings_for(tmp_path / "seed", databases.seed))
    players = seed.meet(fakes[0].person("Ana"))
    capabilities = seed.web.capabilities
    cleo = capabilities.register("Cleo")
    opponents = [capabilities.register("Dora"), capabilities.register("Eve")]
    for player in (players.ana, players.ben, cleo, *opponents):
        capabilities.player_token(player)
    cast = [
        Who(players.ana, "Ana", telegram=players.ana_person),
        Who(players.ben, "Ben", email=BEN),
        Who(cleo, "Cleo"),
    ]
    seed.close()
    worlds = []
    for number, fake in enumerate(fakes[1:]):
        data = tmp_path / f"twin{number}"
        url = databases.copy(data)
        fake.started.add(players.ana_person.id)
        settings = settings_for(data, url, vapid_from=tmp_path / "seed")  # the seed's key
        worlds.append(World(fake, settings, TwinChance(99), ManualClock(START)))
    yield (worlds[0], worlds[1]), cast, opponents
    for world in worlds:
        world.close()
    for fake in fakes:
        fake.close()
    databases.drop()
