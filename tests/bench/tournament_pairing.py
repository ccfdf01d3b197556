"""Swiss pairing time (issue 37): a Swiss of ``--players`` over ``--rounds`` rounds, played
through the pure core with random results (the higher seed wins more often, a tenth are
draws), each round paired by ``tournaments.decide.next_round`` — the standings, the bye and the
pairing, as the worker and ``conquian verify`` compute them.  Prints the slowest and the total
pairing time per size, as docs/benchmarks.md keeps (issue 37: 1,000 players in 10 s at most).

    python -m tests.bench.tournament_pairing [--players 100 1000] [--rounds 9] [--seed 37]
"""

from __future__ import annotations

import argparse
import random
import time

from service.game.events import GameId, PlayerId
from service.tournaments.decide import (
    Command,
    EndRound,
    Enter,
    PairRound,
    Record,
    decide,
    next_round,
)
from service.tournaments.events import DRAW, WIN, Ending, TournamentCreated, TournamentId
from service.tournaments.state import Tournament, evolve
from tests.tournaments.play import CLOSES, terms


def given(tournament: Tournament, command: Command) -> Tournament:
    for event in decide(tournament, command, CLOSES):
        tournament = evolve(tournament, event)
    return tournament


def swiss_played(
    players: int, rounds: int, chance: random.Random
) -> tuple[Tournament, list[float]]:
    """The tournament played to its end, and the seconds each round's pairing took."""
    created = TournamentCreated(
        TournamentId("bench"), PlayerId("org"), terms(size=players, rounds=rounds)
    )
    tournament = Tournament(created.tournament_id, created.creator, created.terms, CLOSES)
    for n in range(players):
        tournament = given(tournament, Enter(PlayerId(f"p{n}"), chance.gauss(1500, 250)))
    seconds = []
    for _ in range(rounds):
        started = time.perf_counter()
        draw = next_round(tournament)
        seconds.append(time.perf_counter() - started)
        assert draw is not None, "no pairing"
        games = tuple(GameId(f"g{draw.number}.{board}") for board in range(len(draw.pairs)))
        tournament = given(tournament, PairRound(games))
        rank = {one: n for n, one in enumerate(tournament.seeds())}
        for board, (first, second) in enumerate(draw.pairs):
            roll = chance.random()
            favourite = 0.6 if rank[first] < rank[second] else 0.4
            score = DRAW if roll < 0.1 else (WIN if roll < 0.1 + 0.9 * favourite else 0)
            tournament = given(tournament, Record(draw.number, board, score, Ending.PLAYED))
        tournament = given(tournament, EndRound(draw.number))
    return tournament, seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", type=int, nargs="+", default=[100, 1000])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seed", type=int, default=37)
    args = parser.parse_args(argv)
    print("| players | rounds | slowest round (s) | all rounds (s) |")
    print("| ---: | ---: | ---: | ---: |")
    for players in args.players:
        seconds = swiss_played(players, args.rounds, random.Random(args.seed))[1]
        print(f"| {players:,} | {args.rounds} | {max(seconds):.3f} | {sum(seconds):.3f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
