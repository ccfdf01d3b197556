"""The tournaments' use cases beyond the played must-shows: who may create one and how many,
refusals that change nothing, a round adjudicated at its deadline, a second worker tending,
who deals first, and ``verify`` refusing a game whose log ends otherwise than recorded."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import timedelta

import pytest

from service.app.tournaments import CreatorLimits, Tournaments
from service.game.events import GameId, PlayerId
from service.game.status import GameStatus
from service.game.stored import StoredEvent
from service.log.tournament_verify import verify_tournament
from service.rules.events import MatchEnded, MatchStarted
from service.rules.seats import Seat
from service.tournaments.errors import (
    MayNotCreate,
    TooManyTournaments,
    TournamentFull,
    UnknownTournament,
)
from service.tournaments.events import DRAW, Ending, Format, ResultRecorded, RoundEnd, TournamentId
from service.tournaments.state import Result
from tests.tournaments.conftest import Site
from tests.tournaments.play import play_out, play_round, players, terms

CREATOR = PlayerId("creator")


def test_only_a_player_with_enough_games_creates_and_only_so_many(memory_site: Site) -> None:
    games = {CREATOR: 4}
    tournaments = Tournaments(
        memory_site.service,
        memory_site.store,
        finished_games=lambda player: games.get(player, 0),
        limits=CreatorLimits(finished_games=5, running=1),
    )
    with pytest.raises(MayNotCreate):
        tournaments.create(CREATOR, terms())
    assert tournaments.listed() == []
    games[CREATOR] = 5
    tournaments.create(CREATOR, terms())
    with pytest.raises(TooManyTournaments):
        tournaments.create(CREATOR, terms())
    tournaments.create(CREATOR, terms(), operator=True)  # the operators are not limited
    assert len(tournaments.listed()) == 2


def test_a_refused_entry_changes_nothing(memory_site: Site) -> None:
    tournaments = memory_site.tournaments
    tournament_id = tournaments.create(CREATOR, terms(size=2, rounds=1), operator=True)
    for player in players(2):
        tournaments.enter(tournament_id, player)
    before = tournaments.log(tournament_id)
    with pytest.raises(TournamentFull):
        tournaments.enter(tournament_id, PlayerId("p3"))
    assert tournaments.log(tournament_id) == before
    with pytest.raises(UnknownTournament):
        tournaments.enter(TournamentId("nope"), PlayerId("p3"))


def test_the_first_player_of_a_pairing_deals_first(site: Site) -> None:
    tournaments = site.tournaments
    tournament_id = tournaments.create(CREATOR, terms(size=8, rounds=1), operator=True)
    for player in players(8):
        tournaments.enter(tournament_id, player)
    tournaments.tend()
    for pairing in tournaments.tournament(tournament_id).rounds[0].pairings:
        assert pairing.game is not None
        log = site.service.events(pairing.game)
        started = next(one.event for one in log if isinstance(one.event, MatchStarted))
        assert started.first_dealer is Seat.FIRST
        assert site.service.game(pairing.game).players == (pairing.first, pairing.second)


def test_at_the_deadline_an_unfinished_match_is_adjudicated(memory_site: Site) -> None:
    tournaments = memory_site.tournaments
    chosen = terms(size=4, rounds=1, round_end=RoundEnd.DEADLINE)
    tournament_id = tournaments.create(CREATOR, chosen, operator=True)
    for player in players(4):
        tournaments.enter(tournament_id, player)
    tournaments.tend()
    first, second = tournaments.tournament(tournament_id).rounds[0].pairings
    assert first.game is not None and second.game is not None
    play_out(memory_site.service, first.game, random.Random(1))
    tournaments.tend()
    assert not tournaments.tournament(tournament_id).finished  # the second match still runs
    memory_site.clock.current += timedelta(days=3)
    tournaments.tend()

    tournament = tournaments.tournament(tournament_id)
    assert tournament.finished
    assert [one.ending for one in tournament.rounds[0].results if one] == [
        Ending.PLAYED,
        Ending.ADJUDICATED,
    ]
    assert memory_site.service.game(second.game).status is GameStatus.PLAYING
    assert tournament.rounds[0].results[1] == Result(DRAW, Ending.ADJUDICATED)  # no deal over: 0-0
    assert verify_tournament(tournaments.log(tournament_id), memory_site.service.events).ok


def test_a_second_worker_tending_after_the_first_appends_nothing_twice(memory_site: Site) -> None:
    tournaments = memory_site.tournaments
    other = Tournaments(memory_site.service, memory_site.store)
    tournament_id = tournaments.create(
        CREATOR, terms(Format.ROUND_ROBIN, size=4, rounds=0), operator=True
    )
    for player in players(4):
        tournaments.enter(tournament_id, player)
    tournaments.tend()
    other.tend()
    assert len(tournaments.tournament(tournament_id).rounds) == 1
    play_round(tournaments, tournament_id, seed=5)
    other.tend()
    tournaments.tend()
    assert len(tournaments.tournament(tournament_id).rounds) == 2
    log = tournaments.log(tournament_id)
    assert len([one for one in log if isinstance(one.event, ResultRecorded)]) == 2


def test_verify_refuses_a_result_its_games_log_does_not_end_with(memory_site: Site) -> None:
    tournaments = memory_site.tournaments
    tournament_id = tournaments.create(CREATOR, terms(size=2, rounds=1), operator=True)
    for player in players(2):
        tournaments.enter(tournament_id, player)
    tournaments.tend()
    play_round(tournaments, tournament_id, seed=3)
    tournaments.tend()
    log = tournaments.log(tournament_id)
    recorded = next(one for one in log if isinstance(one.event, ResultRecorded))
    game_id = tournaments.tournament(tournament_id).rounds[0].pairings[0].game
    assert game_id is not None

    def other_end(asked: GameId) -> list[StoredEvent]:
        """The game's log with the other player winning the match."""
        events = memory_site.service.events(asked)
        ended = next(one for one in events if isinstance(one.event, MatchEnded))
        assert isinstance(ended.event, MatchEnded)
        winner = Seat.SECOND if ended.event.winner is Seat.FIRST else Seat.FIRST
        changed = replace(ended, event=MatchEnded(winner, ended.event.scores))
        return [changed if one is ended else one for one in events]

    verdict = verify_tournament(log, other_end)
    assert (verdict.seq, verdict.reason[:5]) == (recorded.seq, "game ")
