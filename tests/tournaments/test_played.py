"""Must-show (issue 37): a Swiss of 9 over 4 rounds with a withdrawal and byes, and a double
round-robin of 4, played to the end through the service with the bots' policies at the seats,
on memory, SQLite and PostgreSQL; the standings counted again here from the games' own logs;
the exported log verifies."""

from __future__ import annotations

from collections import Counter

from service.game.events import PlayerId
from service.log.tournament_verify import verify_tournament
from service.tournaments.events import DRAW, WIN, Ending, Format
from service.tournaments.results import match_result
from service.tournaments.standings import ranked
from service.tournaments.state import Tournament
from tests.tournaments.conftest import Site
from tests.tournaments.play import CLOSES, play_round, players, terms

ORGANISER = PlayerId("organiser")


def test_a_swiss_of_nine_over_four_rounds_with_a_withdrawal_and_a_bye(site: Site) -> None:
    tournaments = site.tournaments
    tournament_id = tournaments.create(ORGANISER, terms(late_until=2), operator=True)
    for player in players(8):
        tournaments.enter(tournament_id, player)
    assert tournaments.tend().games == ()  # entries are open until CLOSES and it is not full
    site.clock.current = CLOSES
    tournaments.tend()  # round 1: eight players, four games
    assert len(tournaments.tournament(tournament_id).rounds[0].pairings) == 4
    late = PlayerId("p9")
    tournaments.enter(tournament_id, late)  # a late entry, into round 2
    play_round(tournaments, tournament_id, seed=1)
    tournaments.tend()
    play_round(tournaments, tournament_id, seed=2)
    tournaments.tend()
    leaver = tournaments.tournament(tournament_id).rounds[2].pairings[0].first
    tournaments.withdraw(tournament_id, leaver)  # in round 3: their game is resigned
    play_round(tournaments, tournament_id, seed=3)
    tournaments.tend()
    play_round(tournaments, tournament_id, seed=4)
    tournaments.tend()

    tournament = tournaments.tournament(tournament_id)
    assert tournament.finished and len(tournament.rounds) == 4
    assert all(one.bye is not None for one in tournament.rounds[1:3])  # 9 players, then 8
    assert tournament.rounds[3].bye is None  # 8 players after the withdrawal
    assert leaver not in _paired(tournament, 4)
    met = Counter(frozenset((p.first, p.second)) for r in tournament.rounds for p in r.pairings)
    assert max(met.values()) == 1  # no pairing repeated
    byes = [one.bye for one in tournament.rounds if one.bye is not None]
    assert len(byes) == len(set(byes))
    _check_standings(site, tournament, leaver)
    assert verify_tournament(tournaments.log(tournament_id), site.service.events).ok


def test_a_double_round_robin_of_four_played_to_the_end(site: Site) -> None:
    tournaments = site.tournaments
    chosen = terms(Format.ROUND_ROBIN, size=4, rounds=0, double=True)
    tournament_id = tournaments.create(ORGANISER, chosen, operator=True)
    for player in players(4):
        tournaments.enter(tournament_id, player)
    tournaments.tend()  # full: round 1 at once
    for seed in range(6):
        play_round(tournaments, tournament_id, seed)
        tournaments.tend()

    tournament = tournaments.tournament(tournament_id)
    assert tournament.finished and len(tournament.rounds) == 6
    met = Counter(frozenset((p.first, p.second)) for r in tournament.rounds for p in r.pairings)
    assert set(met.values()) == {2} and len(met) == 6  # each pair twice
    dealt = Counter((p.first, p.second) for r in tournament.rounds for p in r.pairings)
    assert set(dealt.values()) == {1}  # and each deals first once
    _check_standings(site, tournament, None)
    assert verify_tournament(tournaments.log(tournament_id), site.service.events).ok


def _paired(tournament: Tournament, number: int) -> set[PlayerId]:
    round_ = tournament.rounds[number - 1]
    return {one for p in round_.pairings for one in (p.first, p.second)}


def _check_standings(site: Site, tournament: Tournament, leaver: PlayerId | None) -> None:
    """Points counted by hand: each game's end from its own log, a bye a win, a withdrawn
    player's resigned game a loss; then the order by points, Buchholz, Sonneborn–Berger."""
    points: Counter[PlayerId] = Counter()
    faced: dict[PlayerId, list[tuple[PlayerId, int]]] = {}
    for round_ in tournament.rounds:
        if round_.bye is not None:
            points[round_.bye] += WIN
        for pairing in round_.pairings:
            assert pairing.game is not None
            result = match_result(site.service.events(pairing.game))
            assert result is not None
            points[pairing.first] += result.score
            points[pairing.second] += WIN - result.score
            faced.setdefault(pairing.first, []).append((pairing.second, result.score))
            faced.setdefault(pairing.second, []).append((pairing.first, WIN - result.score))
    standings = ranked(tournament)
    assert {one.player: one.points for one in standings} == {
        one.player: points[one.player] for one in tournament.entrants
    }
    for one in standings:
        games = faced.get(one.player, [])
        assert one.buchholz == sum(points[opponent] for opponent, _ in games)
        assert one.sonneborn_berger == sum(points[o] * score for o, score in games)
    keys = [(-one.points, -one.buchholz, -one.sonneborn_berger) for one in standings]
    assert keys == sorted(keys)
    assert tournament.order == tuple(one.player for one in standings)
    results = [r for round_ in tournament.rounds for r in round_.results]
    assert all(
        r is not None and r.ending is Ending.PLAYED and r.score in (0, DRAW, WIN) for r in results
    )
    if leaver is not None:
        assert leaver in tournament.withdrawn
