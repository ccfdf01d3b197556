"""The review after a game (issue 38) as a benchmark: what a whole match's review costs the worker,
and how many mistakes it marks for the easy bot against the hard bot.

``python -m tests.bench.review --games 200`` plays that many one-deal matches through
``GameService`` between the easy bot's choices (seat 1) and the hard bot's (seat 2), both seated
as people so the worker reviews both; reviews each match as the worker does
(``Reviewing.made``, the review's own budget of rollouts) and measures its CPU time on this
process's one core; and reviews one longer match (``--deals``) for the whole-match bound of 30 s.
The figures go between this part's markers in ``docs/benchmarks.md``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass
from pathlib import Path

from service.app.games import GameService
from service.bots.levels import HARD_ROLLOUTS
from service.bots.policies import random_bot
from service.bots.search import search_bot
from service.game.events import GameId, PlayerId
from service.log.reviews import REVIEW_ROLLOUTS
from service.ports.memory import InMemoryEventStore
from service.ports.memory_directory import ManualClock, SeededChance
from service.rules.variants import MatchTerms
from service.rules.view import view_for
from tests.bench import report

START = "<!-- review:start -->"
END = "<!-- review:end -->"
EASY, HARD = PlayerId("easy"), PlayerId("hard")
BOUND_SECONDS = 30.0


@dataclass(frozen=True)
class Reviewed:
    """One match reviewed: each seat's decisions and marked mistakes, and the review's CPU time."""

    decisions: tuple[int, int]
    mistakes: tuple[int, int]
    seconds: float


def match(seed: int, deals: int, hard_rollouts: int, review_rollouts: int) -> Reviewed:
    """Play one match of ``deals`` deals, easy against hard, and review it as the worker does."""
    service = GameService(
        InMemoryEventStore(), ManualClock(), SeededChance(seed), review_rollouts=review_rollouts
    )
    game_id = service.open_game(EASY, terms=MatchTerms(deals=deals))
    service.join(service.game(game_id).invitation, HARD)
    rng, hard = random.Random(seed), search_bot(hard_rollouts)
    while (game := service.game(game_id)).status == "playing":
        seat = game.rules.to_act
        assert seat is not None
        player = game.players[seat]
        assert player is not None
        policy = random_bot if player == EASY else hard
        service.act(game_id, player, policy(view_for(game.rules, seat), rng))
    return reviewed(service, game_id)


def reviewed(service: GameService, game_id: GameId) -> Reviewed:
    started = time.process_time()
    made = service.reviewing.made(game_id)
    seconds = time.process_time() - started
    easy, hard = made[EASY], made[HARD]
    return Reviewed(
        (len(easy), len(hard)),
        (sum(s.mistake for s in easy), sum(s.mistake for s in hard)),
        seconds,
    )


def run(games: int, deals: int, seed: int, hard_rollouts: int, review_rollouts: int) -> str:
    """The benchmark's markdown block."""
    many = [match(seed + n, 1, hard_rollouts, review_rollouts) for n in range(games)]
    long = match(seed + games, deals, hard_rollouts, review_rollouts)
    easy = sum(one.mistakes[0] for one in many) / games
    hard = sum(one.mistakes[1] for one in many) / games
    per_game = [one.seconds for one in many]
    rows = [
        ["Matches (one deal each), easy bot against hard bot", f"{games}", "—", "—"],
        ["Easy bot's marked mistakes per game", f"{easy:.2f}", "far above hard's", report.met(easy > 3 * max(hard, 0.01))],
        ["Hard bot's marked mistakes per game", f"{hard:.2f}", "—", "—"],
        ["Decisions reviewed per game (easy / hard)", f"{statistics.mean(o.decisions[0] for o in many):.1f} / {statistics.mean(o.decisions[1] for o in many):.1f}", "—", "—"],
        ["Review of a one-deal match, CPU s: median / max", f"{statistics.median(per_game):.2f} / {max(per_game):.2f}", "—", "—"],
        [f"Review of a {deals}-deal match ({sum(long.decisions)} decisions), CPU s", f"{long.seconds:.1f}", f"≤ {BOUND_SECONDS:g}", report.met(long.seconds <= BOUND_SECONDS)],
    ]  # fmt: skip
    command = (
        f"python -m tests.bench.review --games {games} --deals {deals} --seed {seed} "
        f"--hard-rollouts {hard_rollouts} --review-rollouts {review_rollouts}"
    )
    table = report.table(["Measure", "Result", "Target", "Met"], rows)
    return (
        "### The review after a game (issue 38)\n\n"
        f"`{command}`, interpreted, one process (one core).\n\n{table}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hard-rollouts", type=int, default=HARD_ROLLOUTS)
    parser.add_argument("--review-rollouts", type=int, default=REVIEW_ROLLOUTS)
    parser.add_argument("--write", type=Path, default=None, help="docs/benchmarks.md to update")
    args = parser.parse_args()
    block = run(args.games, args.deals, args.seed, args.hard_rollouts, args.review_rollouts)
    print(block)
    if args.write is not None:
        document = args.write.read_text(encoding="utf-8")
        args.write.write_text(report.splice(document, block, START, END), encoding="utf-8")


if __name__ == "__main__":
    main()
