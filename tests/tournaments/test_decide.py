"""The tournament decider, given/when/then on the pure core: a Swiss of five whose pairings,
colours, byes and standings are worked out by hand below; the published Berger table; the
entries, withdrawals and rounds it refuses; the adjudication at a round's deadline."""

from __future__ import annotations

from datetime import timedelta

import pytest

from service.game.events import GameId, PlayerId
from service.tournaments.berger import berger_round
from service.tournaments.decide import (
    Command,
    EndRound,
    Enter,
    PairRound,
    Record,
    Withdraw,
    decide,
    next_round,
)
from service.tournaments.errors import EntriesClosed, NotEntered, TournamentFull, Unfounded
from service.tournaments.events import (
    Ending,
    Format,
    PlayerWithdrew,
    ResultRecorded,
    RoundEnd,
    TournamentCreated,
    TournamentFinished,
    TournamentId,
)
from service.tournaments.standings import adjudicated, ranked
from service.tournaments.state import Tournament, evolve
from tests.service.given import T0
from tests.tournaments.play import CLOSES, terms

A, B, C, D, E = (PlayerId(name) for name in "ABCDE")


def created(**chosen: object) -> Tournament:
    event = TournamentCreated(TournamentId("t"), PlayerId("org"), terms(**chosen))  # type: ignore[arg-type]
    return Tournament(event.tournament_id, event.creator, event.terms, T0)


def given(tournament: Tournament, *commands: Command) -> Tournament:
    for command in commands:
        for event in decide(tournament, command, CLOSES):
            tournament = evolve(tournament, event)
    return tournament


def paired(tournament: Tournament) -> Tournament:
    draw = next_round(tournament)
    assert draw is not None
    games = tuple(GameId(f"g{draw.number}{board}") for board in range(len(draw.pairs)))
    return given(tournament, PairRound(games))


def played(tournament: Tournament, *scores: int) -> Tournament:
    current = tournament.current
    assert current is not None
    for board, score in enumerate(scores):
        tournament = given(tournament, Record(current.number, board, score, Ending.PLAYED))
    return given(tournament, EndRound(current.number))


def pairs(tournament: Tournament, number: int) -> list[tuple[str, str]]:
    round_ = tournament.rounds[number - 1]
    return [(one.first, one.second) for one in round_.pairings]


def test_a_swiss_of_five_paired_and_ranked_as_by_hand() -> None:
    """Seeds by rating A..E.  Round 1: bye to E, the lowest; A meets C (the top half of the
    score group against the bottom half), B meets D; A deals first on board 0, the higher-ranked
    second on board 1.  A beats C, D and B draw.  Round 2 (A 1, E 1, B ½, D ½, C 0): bye to C,
    the lowest without one; A-E would leave B-D, who met, so A meets B (D is due to deal second,
    as A is: a clash) and E meets D; B and E are due to deal first.  B beats A, D beats E.
    Round 3 (B 1½, D 1½, A 1, C 1, E 1): bye to A, the lowest without one; B-C would leave
    D-E, who met, so B meets E, D meets C; E, dealt first once, deals second; C, dealt second
    once, deals first.  B and E draw, C beats D.

    Points: A 2, B 2, C 2, D 1½, E 1½.  Buchholz: A (C 2 + B 2) 4, B (D 1½ + A 2 + E 1½) 5,
    C (A 2 + D 1½) 3½, D (B 2 + E 1½ + C 2) 5½, E (D 1½ + B 2) 3½.  So B, A, C, then D, E."""
    tournament = given(
        created(size=5, rounds=3),
        *(Enter(p, 1900 - 100 * n) for n, p in enumerate((A, B, C, D, E))),
    )

    tournament = paired(tournament)
    assert pairs(tournament, 1) == [(A, C), (D, B)] and tournament.rounds[0].bye == E
    tournament = paired(played(tournament, 2, 1))
    assert pairs(tournament, 2) == [(B, A), (E, D)] and tournament.rounds[1].bye == C
    tournament = paired(played(tournament, 2, 0))
    assert pairs(tournament, 3) == [(B, E), (C, D)] and tournament.rounds[2].bye == A
    tournament = played(tournament, 1, 2)

    standings = {one.player: one for one in ranked(tournament)}
    assert {p: one.points / 2 for p, one in standings.items()} == {A: 2, B: 2, C: 2, D: 1.5, E: 1.5}
    assert {p: one.buchholz / 2 for p, one in standings.items()} == {
        A: 4,
        B: 5,
        C: 3.5,
        D: 5.5,
        E: 3.5,
    }
    # Sonneborn–Berger: the points of those beaten, half those of those drawn with
    assert {p: one.sonneborn_berger / 4 for p, one in standings.items()} == {
        A: 2,
        B: 3.5,
        C: 1.5,
        D: 2.5,
        E: 1,
    }
    assert tournament.order == (B, A, C, D, E)


def test_the_berger_table_of_six_is_the_published_one() -> None:
    seeds = tuple(PlayerId(str(n)) for n in range(1, 7))
    table = [berger_round(seeds, number, False)[0] for number in range(1, 6)]
    published = [
        "1-6 2-5 3-4",
        "6-4 5-3 1-2",
        "2-6 3-1 4-5",
        "6-5 1-4 2-3",
        "3-6 4-2 5-1",
    ]
    assert [" ".join(f"{a}-{b}" for a, b in one) for one in table] == published
    second_cycle = berger_round(seeds, 6, True)[0]
    assert second_cycle == [("6", "1"), ("5", "2"), ("4", "3")]  # the first dealer swapped


def test_entries_are_refused_when_full_or_closed_and_a_withdrawn_player_stays_out() -> None:
    tournament = given(created(size=2, rounds=1), Enter(A, 1500), Enter(B, 1500))
    with pytest.raises(TournamentFull):
        decide(tournament, Enter(C, 1500), CLOSES)
    assert decide(tournament, Enter(A, 1500), CLOSES) == []  # nothing twice
    tournament = given(tournament, Withdraw(A))
    assert decide(tournament, Withdraw(A), CLOSES) == []
    with pytest.raises(EntriesClosed):
        decide(tournament, Enter(A, 1500), CLOSES)
    with pytest.raises(NotEntered):
        decide(tournament, Withdraw(C), CLOSES)


def test_late_entries_only_into_a_swiss_until_the_round_set() -> None:
    swiss = paired(
        given(created(size=9, rounds=3, late_until=2), *(Enter(p, 1500) for p in (A, B, C, D)))
    )
    assert decide(swiss, Enter(E, 1500), CLOSES) != []  # into round 2
    after = paired(played(swiss, 2, 2))
    with pytest.raises(EntriesClosed):
        decide(after, Enter(E, 1500), CLOSES)
    robin = paired(
        given(created(format=Format.ROUND_ROBIN, size=5, rounds=0), Enter(A, 1), Enter(B, 1))
    )
    with pytest.raises(EntriesClosed):
        decide(robin, Enter(C, 1500), CLOSES)


def test_a_round_ends_only_with_every_result_and_the_first_only_once_entries_close() -> None:
    tournament = given(created(size=4, rounds=2), Enter(A, 1), Enter(B, 1))
    with pytest.raises(Unfounded):
        decide(tournament, PairRound((GameId("g"),)), CLOSES - timedelta(seconds=1))
    tournament = paired(tournament)
    with pytest.raises(Unfounded):
        decide(tournament, EndRound(1), CLOSES)
    with pytest.raises(Unfounded):  # a forfeit is only the pairing's
        decide(tournament, Record(1, 0, 2, Ending.FORFEIT), CLOSES)


def test_a_withdrawn_players_later_round_robin_matches_are_forfeited() -> None:
    entries = (Enter(p, 4 - n) for n, p in enumerate((A, B, C, D)))
    tournament = paired(given(created(format=Format.ROUND_ROBIN, size=4, rounds=0), *entries))
    tournament = played(given(tournament, Withdraw(C)), 0, 0)  # C loses the game it resigned
    draw = next_round(tournament)
    assert draw is not None and draw.pairs == ((D, C), (A, B))  # Berger round 2: 4-3 1-2
    forfeit = decide(tournament, PairRound((None, GameId("g"))), CLOSES)[1:]
    assert forfeit == [ResultRecorded(2, 0, 2, Ending.FORFEIT)]  # a win for D, without a game
    with pytest.raises(Unfounded):  # a game for a withdrawn player's match is refused
        decide(tournament, PairRound((GameId("f"), GameId("g"))), CLOSES)


def test_a_player_withdrawn_before_the_start_frees_a_seat_and_is_not_in_the_table() -> None:
    entries = (Enter(p, 1500) for p in (A, B, C))
    tournament = given(created(format=Format.ROUND_ROBIN, size=3, rounds=0), *entries, Withdraw(B))
    tournament = paired(given(tournament, Enter(D, 1500)))
    assert [one.player for one in tournament.entrants] == [A, C, D]
    assert B not in {one for p in tournament.rounds[0].pairings for one in (p.first, p.second)}
    assert B not in {one.player for one in ranked(tournament)}


def test_at_the_deadline_a_running_match_is_adjudicated_by_its_score() -> None:
    assert adjudicated((3, 1)) == 2 and adjudicated((0, 2)) == 0 and adjudicated((1, 1)) == 1
    tournament = paired(
        given(created(size=2, rounds=1, round_end=RoundEnd.DEADLINE), Enter(A, 1), Enter(B, 1))
    )
    deadline = tournament.rounds[0].deadline
    assert deadline == CLOSES + timedelta(days=3)
    with pytest.raises(Unfounded):
        decide(tournament, Record(1, 0, 1, Ending.ADJUDICATED), deadline - timedelta(seconds=1))
    recorded = decide(tournament, Record(1, 0, 1, Ending.ADJUDICATED), deadline)
    for event in recorded:
        tournament = evolve(tournament, event)
    events = decide(tournament, EndRound(1), deadline)
    assert isinstance(events[-1], TournamentFinished)
    assert not any(isinstance(one, PlayerWithdrew) for one in events)
