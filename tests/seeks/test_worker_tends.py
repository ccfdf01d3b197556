"""The worker's ``rate`` job tends the lobby of the wired service: two players waiting on the
database are paired and their game opened, and the ended matches are folded into reliability,
with no other call than the worker's."""

from __future__ import annotations

from pathlib import Path

from adapters.bootstrap import build
from adapters.config import Settings
from adapters.worker import Worker
from service.game.events import PlayerId
from service.game.status import GameStatus
from service.ports.memory_directory import ManualClock, SeededChance
from service.seeks.reliability import Reliability
from service.seeks.terms import SeekTerms
from tests.service.given import T0

ANA, BEN = PlayerId("ana"), PlayerId("ben")


def test_the_rate_job_pairs_the_waiting_and_follows_reliability(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path / "data")
    wiring = build(settings, ManualClock(T0), SeededChance(5))
    try:
        assert wiring.lobby is not None
        wiring.lobby.wait(ANA, SeekTerms.of())
        wiring.lobby.wait(BEN, SeekTerms.of())
        Worker(wiring, settings).rate()
        (line,) = wiring.service.games_of(ANA)
        assert line.status is GameStatus.PLAYING and set(line.players) == {ANA, BEN}
        wiring.service.resign(line.game_id, BEN)
        Worker(wiring, settings).rate()
        assert wiring.lobby.reliability(BEN) == Reliability(1, 0, 1)
    finally:
        wiring.close()
