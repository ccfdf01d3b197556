"""``conquian lobby``: the lobby (issue 36) as the people who run the service see it.

``lobby`` lists the open seeks — code, owner id (operators see ids, which players never do for a
private owner), rating, reliability, terms, expiry — and the players waiting to be paired, since
when and on what terms; ``--json`` prints one object per line for scripts.  ``lobby withdraw
CODE`` takes an abusive seek out, whoever owns it (``Lobby.take_out``).  ``lobby reliability
rebuild`` rebuilds the reliability projection from the logs, as ``ratings rebuild`` does the
ratings, and says whether the rebuild equals the follower it replaced (exit 1 if not).  The
terms and reliabilities are worded as every channel words them (``service.words.seek_replies``),
in English: the operators' language.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import TYPE_CHECKING, Any

from adapters.cli.tables import print_table, short
from adapters.config import Settings
from adapters.view_fields import terms_fields
from service.app.lobby import Lobby
from service.language.translation import translator
from service.seeks.listing import Listed
from service.seeks.reliability import Reliability
from service.seeks.seeks import Waiting
from service.seeks.terms import SeekTerms
from service.words.seek_replies import reliability_words, seek_code, terms_words

if TYPE_CHECKING:
    from adapters.bootstrap import Wiring

TR = translator("en")
SEEK_COLUMNS = ("code", "owner", "rating", "reliability", "terms", "expires")
WAITING_COLUMNS = ("player", "since", "rating", "reliability", "terms")


def add_commands(commands: Any) -> None:
    """Register ``lobby`` and its actions on ``conquian``'s subparsers; each sets ``run``."""
    lobby = commands.add_parser("lobby", help="the open seeks and the players waiting (operators)")
    lobby.add_argument("--json", action="store_true", help="one JSON object per seek or player")
    lobby.set_defaults(run=_listing)
    actions = lobby.add_subparsers(dest="action")
    withdraw = actions.add_parser("withdraw", help="take a seek out of the lobby, whoever owns it")
    withdraw.add_argument("code", metavar="CODE", help="the seek's code (as listed) or its id")
    withdraw.set_defaults(run=_withdraw)
    reliability = actions.add_parser("reliability", help="the reliability projection")
    steps = reliability.add_subparsers(dest="step", required=True)
    rebuild = steps.add_parser("rebuild", help="fold every ended match again; compare")
    rebuild.set_defaults(run=_rebuild)


def _lobby() -> tuple[Wiring, Lobby]:
    from adapters.bootstrap import build

    wiring = build(Settings.from_env(os.environ))
    assert wiring.lobby is not None
    return wiring, wiring.lobby


def _listing(args: argparse.Namespace) -> int:
    wiring, lobby = _lobby()
    try:
        seeks = [  # every_open names every owner
            (one, lobby.reliability(one.owner)) for one in lobby.every_open() if one.owner
        ]
        waiting = [(one, lobby.reliability(one.player)) for one in lobby.everyone_waiting()]
    finally:
        wiring.close()
    if args.json:
        for seek, reliability in seeks:
            print(json.dumps({"seek": _seek_json(seek, reliability)}))
        for one, reliability in waiting:
            print(json.dumps({"waiting": _waiting_json(one, reliability)}))
        return 0
    print("Open seeks:" if seeks else "No open seeks.")
    print_table(SEEK_COLUMNS, [_seek_row(*one) for one in seeks])
    print("Waiting to be paired:" if waiting else "Nobody waiting to be paired.")
    print_table(WAITING_COLUMNS, [_waiting_row(*one) for one in waiting])
    return 0


def _withdraw(args: argparse.Namespace) -> int:
    from service.rules.errors import IllegalAction

    wiring, lobby = _lobby()
    try:
        seek = lobby.take_out(args.code)
    except IllegalAction:
        print(f"conquian: no open seek {args.code!r} (see `conquian lobby`)", file=sys.stderr)
        return 1
    finally:
        wiring.close()
    print(f"withdrawn: seek {seek_code(seek.seek_id)} ({seek.seek_id}) of {seek.owner}")
    return 0


def _rebuild(args: argparse.Namespace) -> int:
    wiring, lobby = _lobby()
    try:
        started = time.perf_counter()
        rebuilt = lobby.rebuild_reliability()
        seconds = time.perf_counter() - started
    finally:
        wiring.close()
    said = (
        f"rebuilt: {rebuilt.counted} matches counted in {seconds:.2f} s, {rebuilt.players} players"
    )
    if not rebuilt.differing:
        print(f"{said}; equal to the follower")
        return 0
    players = f"{len(rebuilt.differing)} player" + ("s" if len(rebuilt.differing) > 1 else "")
    print(f"{said}; differs from the follower for {players} (a match that ended")
    print("meanwhile is counted by the rebuild only: run it again):")
    print("\n".join(rebuilt.differing))
    return 1


def _seek_json(seek: Listed, reliability: Reliability) -> dict[str, object]:
    return {
        "code": seek_code(seek.seek_id),
        "seek_id": seek.seek_id,
        "owner": seek.owner,
        "rating": seek.rating,
        "reliability": _reliability_json(reliability),
        "terms": _terms_json(seek.terms),
        "expires": seek.expires.isoformat(),
    }


def _waiting_json(one: Waiting, reliability: Reliability) -> dict[str, object]:
    return {
        "player": one.player,
        "since": one.since.isoformat(),
        "rating": round(one.rating),
        "reliability": _reliability_json(reliability),
        "terms": _terms_json(one.terms),
    }


def _reliability_json(reliability: Reliability) -> dict[str, object]:
    return {
        "percent": reliability.percent,
        "finished": reliability.finished,
        "lost_on_time": reliability.lost_on_time,
        "abandoned": reliability.abandoned,
    }


def _terms_json(terms: SeekTerms) -> dict[str, object]:
    """The terms in the JSON API's names (``POST /api/v1/games``), and in words."""
    return {**terms_fields(terms), "words": terms_words(terms, TR)}


def _seek_row(seek: Listed, reliability: Reliability) -> tuple[str, ...]:
    return (
        seek_code(seek.seek_id),
        seek.owner or "-",
        str(seek.rating),
        reliability_words(reliability.percent, TR),
        terms_words(seek.terms, TR),
        short(seek.expires),
    )


def _waiting_row(one: Waiting, reliability: Reliability) -> tuple[str, ...]:
    return (
        one.player,
        short(one.since),
        str(round(one.rating)),
        reliability_words(reliability.percent, TR),
        terms_words(one.terms, TR),
    )
