"""``conquian arena``: two bots over duplicate deals, with confidence intervals and timings."""

from __future__ import annotations

import argparse
import json
import time

from service.bots.arena import arena
from service.bots.levels import ARENA_ONLY, BOTS, LEVELS
from service.bots.policies import Policy
from service.rules.variants import Variant
from service.words.lobby import OPPONENTS

BOT_WORDS = sorted(
    [*(word for word, player in OPPONENTS.items() if player is not None), *ARENA_ONLY]
)
"""The bots the arena knows: the lobby's words for them (``hard``, ``medium``, ``greedy`` …) and
the arena-only ones (``hard-uniform``, the hard bot before issue 38)."""


def bots_argument(text: str) -> tuple[str, str]:
    """``A,B``: two of the lobby's bot words."""
    names = tuple(word.strip().lower() for word in text.split(","))
    if len(names) != 2 or any(name not in BOT_WORDS for name in names):
        raise argparse.ArgumentTypeError(
            f"write two bots as A,B, each one of: {', '.join(BOT_WORDS)}"
        )
    return names[0], names[1]


def run(args: argparse.Namespace, variant: Variant) -> int:
    names: tuple[str, str] = args.bots
    policies = (_policy(names[0]), _policy(names[1]))
    score = arena(policies, args.games, args.seed, variant, time.perf_counter)
    report = {
        **score.summary(names),
        "seed": args.seed,
        "variant": variant.changed_flags(),
        "levels": {
            name: level
            for name in names
            for level, p in LEVELS.items()
            if p == OPPONENTS.get(name, "")
        },
    }
    if args.json:
        print(json.dumps(report))
        return 0
    low, high = report["win_share_of_decided_95"]
    times = report["ms_per_decision"]
    print(
        f"{score.deals} deals (each deck twice, seats swapped), {names[0]} against {names[1]}, "
        f"seed {args.seed}: {names[0]} won {score.wins}, lost {score.losses}, {score.draws} drawn; "
        f"won {report['win_share_of_decided']:.1%} of the decided deals (95 %: {low:.1%}–{high:.1%}); "
        f"{report['decisions_per_second']} decisions/s; ms per decision: "
        + ", ".join(f"{n} median {t['median']} p99 {t['p99']}" for n, t in times.items())
    )
    return 0


def _policy(word: str) -> Policy:
    """The bot a word names: an arena-only one, or the lobby's."""
    if word in ARENA_ONLY:
        return ARENA_ONLY[word]
    player = OPPONENTS[word]
    assert player is not None
    return BOTS[player]
