"""``conquian erased`` and ``conquian erase``: erasure as the operators see it (issue 25).

A backup taken before a player was erased still holds them.  ``erased --since`` lists the
players erased since a moment (the ids their tombstones keep, with when), from the live
database; after a backup is restored, ``erase`` with those ids erases them again there, so an
erasure survives a restore (``docs/deploy.md``).  ``erase`` needs no code: whoever runs it holds
the service's database and keys.
"""

from __future__ import annotations

import argparse
import os
from datetime import UTC, datetime
from typing import Any

from adapters.config import Settings
from service.game.events import PlayerId


def add_commands(commands: Any) -> None:
    """Register ``erased`` and ``erase`` on ``conquian``'s subparsers; each sets ``run``."""
    erased = commands.add_parser("erased", help="the players erased since a moment (operators)")
    erased.add_argument("--since", default="1970-01-01T00:00:00+00:00", help="ISO 8601 time")
    erased.set_defaults(run=_erased)
    erase = commands.add_parser("erase", help="erase players by id, e.g. after a restore")
    erase.add_argument("players", nargs="+", help="player ids (as `erased` lists them)")
    erase.set_defaults(run=_erase)


def _erased(args: argparse.Namespace) -> int:
    from adapters.bootstrap import build
    from adapters.sql.erasure import SqlPersonalData

    since = datetime.fromisoformat(args.since)
    since = since if since.tzinfo else since.replace(tzinfo=UTC)
    wiring = build(Settings.from_env(os.environ))
    try:
        for player, at in SqlPersonalData(wiring.engine, wiring.secret).erased(since):
            print(f"{player}\t{at.isoformat()}")
    finally:
        wiring.close()
    return 0


def _erase(args: argparse.Namespace) -> int:
    from adapters.bootstrap import build

    wiring = build(Settings.from_env(os.environ))
    try:
        your_data = wiring.service.your_data
        assert your_data is not None
        for player in map(PlayerId, args.players):
            try:
                profile = wiring.directory.profile(player)
            except KeyError:
                print(f"{player}\tunknown")
                continue
            if profile.former:
                print(f"{player}\terased already")
                continue
            your_data.erase_now(player)
            print(f"{player}\terased")
    finally:
        wiring.close()
    return 0
