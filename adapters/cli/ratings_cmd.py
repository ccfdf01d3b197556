"""``conquian ratings rebuild`` and ``conquian stats PLAYER``: the ratings from the terminal.

``ratings rebuild`` forgets the projection and folds every finished game of the log again
(``service.app.ratings.Ratings.rebuild``), printing how many games it counted and how long it
took; the result is the follower's to the last digit.  ``stats PLAYER`` prints a player's profile
as the operator sees it (a player id, or a name on a public profile), in the words every channel
uses (``service.words.stats``).
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

from adapters.config import Settings


def add_commands(commands: Any) -> None:
    ratings = commands.add_parser("ratings", help="the ratings projection (operators)")
    actions = ratings.add_subparsers(dest="action", required=True)
    rebuild = actions.add_parser("rebuild", help="fold every finished game again, from nothing")
    rebuild.set_defaults(run=_rebuild)
    stats = commands.add_parser("stats", help="a player's rating, record and recent games")
    stats.add_argument("player", metavar="PLAYER", help="a player id, or a public profile's name")
    stats.add_argument("--lang", default="en", help="the language to write in (default en)")
    stats.set_defaults(run=_stats)


def _rebuild(args: argparse.Namespace) -> int:
    from adapters.bootstrap import build

    wiring = build(Settings.from_env(os.environ))
    try:
        started = time.perf_counter()
        counted = wiring.ratings.rebuild()
        seconds = time.perf_counter() - started
    finally:
        wiring.close()
    print(f"rebuilt: {counted} games counted in {seconds:.2f} s")
    return 0


def _stats(args: argparse.Namespace) -> int:
    from adapters.bootstrap import build
    from service.game.events import PlayerId
    from service.language.translation import translator
    from service.words.stats import stats_lines

    wiring = build(Settings.from_env(os.environ))
    try:
        ratings, tr = wiring.ratings, translator(args.lang)
        player = PlayerId(args.player)
        if ratings.store.standing(player) is None:  # not an id: the name of a public profile
            player = (
                ratings.find(args.player, lambda one: wiring.service.name_of(one, tr)) or player
            )
        stats = ratings.stats(player, player)  # the operator reads as the player would
        assert stats is not None
        print(
            "\n".join(
                stats_lines(stats, wiring.service.name_of(player, tr), wiring.service.name_of, tr)
            )
        )
    finally:
        wiring.close()
    return 0
