"""The Swiss pairing's hard rules over random tournaments through the pure core (5 to 41
players, up to 9 rounds): no pairing repeated, a bye at most once each, everyone paired or
given the bye each round, and who deals first kept within two of even."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from service.game.events import PlayerId
from service.tournaments.standings import records
from tests.bench.tournament_pairing import swiss_played


@pytest.mark.parametrize("seed", range(12))
def test_random_swiss_tournaments_keep_the_hard_rules(seed: int) -> None:
    chance = random.Random(seed)
    players = chance.randint(5, 41)
    rounds = chance.randint(1, min(9, players // 2))
    tournament = swiss_played(players, rounds, chance)[0]

    met = Counter(frozenset((p.first, p.second)) for r in tournament.rounds for p in r.pairings)
    assert max(met.values()) == 1
    byes = [r.bye for r in tournament.rounds if r.bye is not None]
    assert len(byes) == len(set(byes)) == (rounds if players % 2 else 0)
    for round_ in tournament.rounds:
        seated = [one for p in round_.pairings for one in (p.first, p.second)]
        seated += [round_.bye] if round_.bye is not None else []
        assert sorted(seated) == sorted(PlayerId(f"p{n}") for n in range(players))
    assert all(abs(one.balance) <= 2 for one in records(tournament).values())
