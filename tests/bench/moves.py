"""The move path through ``GameService.act``: parse → load → decide → append → notifications.

Run as ``python -m tests.bench.moves --database sqlite|postgresql --games N``; prints one JSON
object.  The service is wired exactly as ``adapters.bootstrap.build`` wires it for a scratch
database (``tests.bench.databases``).  Two people play each game; a greedy bot chooses every move
from the player's view *outside* the timed call, and the move goes in as the text command a player
would type (``prompts.action_text``) with the version the player was shown.  Each move therefore
costs one ``load(after=version)`` (the service keeps folded games), one decide, one ``append``
with the summary and a notification for the opponent.

With ``--games 1`` one game is played at a time; with ``--games 100`` a move is made in each of
100 live games in turn (round-robin), so consecutive moves never touch the same game.  A finished
game is replaced by a new one (opening and joining are not timed).  The first ``--warmup`` moves
are not counted.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass

from adapters.bootstrap import Wiring, build
from adapters.config import Settings
from service.app.games import GameService
from service.bots.policies import greedy_bot
from service.game.events import GameId, PlayerId
from service.game.state import Game
from service.ports.memory_directory import SeededChance
from service.rules.view import view_for
from service.words.prompts import action_text
from tests.bench.databases import DATABASES, scratch


@dataclass
class Live:
    """One game being played: its id and the game as its last move left it."""

    game_id: GameId
    game: Game


def start(service: GameService, number: int) -> Live:
    """A new game between two people (not timed)."""
    host, guest = PlayerId(f"bench:{number}a"), PlayerId(f"bench:{number}b")
    game_id = service.open_game(host)
    service.join(service.game(game_id).invitation, guest)
    return Live(game_id, service.game(game_id))


def move(service: GameService, live: Live, rng: random.Random) -> tuple[int, int]:
    """Choose the player to act's move from their view, then time ``act``: nanoseconds, and the
    number of events the move appended."""
    game = live.game
    seat = game.rules.to_act
    assert seat is not None, "a live game has someone to act"
    player = game.players[seat]
    assert player is not None
    command = action_text(greedy_bot(view_for(game.rules, seat), rng), game.variant.deck_faces)
    began = time.perf_counter_ns()
    outcome = service.act(live.game_id, player, command, expected_version=game.version)
    took = time.perf_counter_ns() - began
    assert outcome.appended, f"{command!r} appended nothing"
    live.game = outcome.game
    return took, len(outcome.appended)


def play(wiring: Wiring, games: int, moves: int, warmup: int, seed: int) -> dict[str, float]:
    """``warmup`` + ``moves`` moves round-robin over ``games`` live games; the figures."""
    service, rng = wiring.service, random.Random(seed)
    started = 0
    live = []
    for _ in range(games):
        live.append(start(service, started))
        started += 1
    times: list[int] = []
    appended: list[int] = []
    finished = 0
    turn = 0
    while len(times) < warmup + moves:
        one = live[turn % games]
        took, events = move(service, one, rng)
        times.append(took)
        appended.append(events)
        if one.game.status == "over":
            live[turn % games] = start(service, started)
            started += 1
            finished += 1
        turn += 1
    return {
        **figures(times[warmup:], finished),
        "events_per_move": statistics.fmean(appended[warmup:]),
    }


def percentile(sorted_values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile of already sorted values."""
    rank = max(1, round(fraction * len(sorted_values)))
    return sorted_values[min(rank, len(sorted_values)) - 1]


def figures(times_ns: Sequence[int], finished: int) -> dict[str, float]:
    milliseconds = sorted(t / 1e6 for t in times_ns)
    total = sum(milliseconds) / 1000
    return {
        "moves": len(milliseconds),
        "seconds_in_act": total,
        "moves_per_second": len(milliseconds) / total,
        "p50_ms": percentile(milliseconds, 0.50),
        "p99_ms": percentile(milliseconds, 0.99),
        "mean_ms": statistics.fmean(milliseconds),
        "max_ms": milliseconds[-1],
        "games_finished": finished,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", choices=DATABASES, required=True)
    parser.add_argument("--games", type=int, default=1, help="live games, played round-robin")
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--warmup", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    with scratch(args.database) as url:
        wiring = build(Settings(database_url=url), chance=SeededChance(args.seed))
        try:
            result = play(wiring, args.games, args.moves, args.warmup, args.seed)
        finally:
            wiring.close()
    print(json.dumps({"database": args.database, "games": args.games, **result}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
