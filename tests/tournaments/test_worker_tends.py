"""The worker's ``rate`` job tends the tournaments of the wired service: a full tournament's
first round is paired and its games opened, and a resigned game's result recorded and the
tournament finished, with no other call than the worker's."""

from __future__ import annotations

from pathlib import Path

from adapters.bootstrap import build
from adapters.config import Settings
from adapters.worker import Worker
from service.game.events import PlayerId
from service.ports.memory_directory import ManualClock, SeededChance
from service.tournaments.events import LOSS, Ending
from service.tournaments.state import Result
from tests.service.given import T0
from tests.tournaments.play import players, terms


def test_the_rate_job_pairs_a_round_and_records_its_results(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path / "data")
    wiring = build(settings, ManualClock(T0), SeededChance(5))
    try:
        tournaments = wiring.tournaments
        assert tournaments is not None
        chosen = terms(size=2, rounds=1)
        tournament_id = tournaments.create(PlayerId("operators"), chosen, operator=True)
        for player in players(2):
            tournaments.enter(tournament_id, player)
        Worker(wiring, settings).rate()
        (pairing,) = tournaments.tournament(tournament_id).rounds[0].pairings
        assert pairing.game is not None
        wiring.service.resign(pairing.game, pairing.first)
        Worker(wiring, settings).rate()
        tournament = tournaments.tournament(tournament_id)
        assert tournament.rounds[0].results == (Result(LOSS, Ending.PLAYED),)
        assert tournament.order == (pairing.second, pairing.first)
    finally:
        wiring.close()
