"""``conquian export | verify | replay | import``: game logs as files (docs/log-format.md).

``verify FILE`` and ``replay FILE`` need nothing but the file.  The commands that name a game by
its id use the service's database (``CONQUIAN_DATA_DIR``, ``CONQUIAN_DATABASE_URL``) through
``adapters.bootstrap``.  A running game's log holds hidden cards (both hands, the stock order,
the deal salts), so exporting or replaying one is refused unless ``--operator`` is given, which
is for the people who run the service.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from itertools import groupby
from pathlib import Path
from typing import TYPE_CHECKING, Any

from adapters.cli.replay import step_json, view
from adapters.cli.typed import typed
from adapters.config import Settings
from service.app.games import summary_of
from service.game.errors import GameNotOver
from service.game.events import GameId
from service.game.state import Game, apply, fold, opened
from service.game.stored import StoredEvent, UnknownGame
from service.log.file import LogFile, LogFormatError, export_lines, read_log
from service.log.replays import steps
from service.log.tournament_file import TournamentFormatError, is_tournament, read_tournament
from service.log.tournament_verify import verify_tournament
from service.log.verify import verify
from service.ports.protocols import ConcurrencyError, EventStore
from service.tournaments.state import fold as tournament_fold

if TYPE_CHECKING:
    from adapters.bootstrap import Wiring

OPERATOR_HELP = (
    "for the people who run the service: allow a game that is still running, whose log shows "
    "hidden cards"
)
INVALID = 1
"""Exit code of an invalid log, a refused request or an unknown game."""
UNREADABLE = 2
"""Exit code when the file cannot be read or written."""


class Refused(Exception):
    """A request the command turns down, with the message to print and the exit code."""

    def __init__(self, message: str, code: int = INVALID) -> None:
        super().__init__(message)
        self.code = code


class Invalid(Refused):
    """The log does not verify: the answer itself, so it goes to standard output."""


def add_commands(commands: Any) -> None:
    """Register the log subcommands on ``conquian``'s subparsers; each sets ``run``."""
    export = commands.add_parser("export", help="write a game's log as JSON Lines")
    export.add_argument("game_id", metavar="GAME_ID")
    export.add_argument("--out", metavar="FILE", help="write to FILE instead of standard output")
    export.add_argument("--operator", action="store_true", help=OPERATOR_HELP)
    export.set_defaults(run=_export)
    verify_ = commands.add_parser("verify", help="check an exported log against the rules")
    verify_.add_argument(
        "file", metavar="FILE", help="a game's log, or a tournament's beside its games'"
    )
    verify_.set_defaults(run=_verify)
    replay = commands.add_parser("replay", help="show a finished game step by step")
    replay.add_argument("target", metavar="GAME_ID|FILE", help="a game id, or an exported log")
    replay.add_argument("--json", action="store_true", help="print one JSON object per step")
    replay.add_argument("--operator", action="store_true", help=OPERATOR_HELP)
    replay.set_defaults(run=_replay)
    import_ = commands.add_parser("import", help="store a verified log as a game")
    import_.add_argument("file", metavar="FILE")
    import_.set_defaults(run=_import)


def run(args: argparse.Namespace) -> int:
    """Run the log subcommand ``args`` was parsed for; returns the exit code."""
    try:
        code: int = args.run(args)
    except Refused as refused:
        print(str(refused), file=sys.stdout if isinstance(refused, Invalid) else sys.stderr)
        return refused.code
    except BrokenPipeError:  # the reader went away (e.g. `| head`): stop quietly
        sys.stderr.close()
        return 0
    return code


# -- the commands -----------------------------------------------------------------------------


def _export(args: argparse.Namespace) -> int:
    stored = _transcript(GameId(args.game_id), args.operator)
    text = "".join(line + "\n" for line in export_lines(stored))
    if args.out is None:
        sys.stdout.write(text)
        return 0
    try:
        Path(args.out).write_text(text, encoding="utf-8")
    except OSError as error:
        raise Refused(f"cannot write {args.out}: {error.strerror}", UNREADABLE) from None
    return 0


def _verify(args: argparse.Namespace) -> int:
    if _holds_tournament(args.file):
        return _verify_tournament(args.file)
    log = _verified(args.file)
    game = fold(log.events)
    print(f"valid: game {game.id}, {len(log.events)} events, {game.status}")
    return 0


def _holds_tournament(path: str) -> bool:
    try:
        with open(path, encoding="utf-8") as file:
            return is_tournament(file.readline())
    except (OSError, UnicodeDecodeError):
        return False  # the game log's reading says why


def _verify_tournament(path: str) -> int:
    """A tournament's log and, beside it, the logs of its games (``GAME_ID.jsonl``)."""
    try:
        with open(path, encoding="utf-8") as file:
            stored = read_tournament(file)
    except TournamentFormatError as error:
        raise Invalid(f"invalid: {error}") from None
    folder = Path(path).parent

    def game_log(game_id: GameId) -> Sequence[StoredEvent] | None:
        beside = folder / f"{game_id}.jsonl"
        if not beside.is_file():
            return None
        try:
            return _verified(str(beside)).events
        except Invalid as invalid:
            said = str(invalid).removeprefix("invalid: ")
            raise Invalid(f"invalid: game {game_id}: {said}") from None

    verdict = verify_tournament(stored, game_log)
    if not verdict.ok:
        raise Invalid(f"invalid: event {verdict.seq}: {verdict.reason}")
    state = "finished" if tournament_fold(stored).finished else "running"
    print(f"valid: tournament {stored[0].tournament_id}, {len(stored)} events, {state}")
    return 0


def _replay(args: argparse.Namespace) -> int:
    target = args.target
    if Path(target).is_file():
        stored: Sequence[StoredEvent] = _verified(target).events
    elif "/" in target or target.endswith(".jsonl"):
        raise Refused(f"cannot read {target}: there is no such file", UNREADABLE)
    else:
        stored = _transcript(GameId(args.target), args.operator)
    try:
        shown = steps(stored, operator=args.operator)
    except GameNotOver as refused:
        raise Refused(f"{refused} Use --operator if you run the service.") from None
    if args.json:
        for step in shown:
            print(json.dumps(step_json(step), ensure_ascii=False), flush=True)
        return 0
    return view(shown, typed("replay> "), lambda text: print(text, flush=True))


def _import(args: argparse.Namespace) -> int:
    log = _verified(args.file)
    game_id = log.header.game_id
    with _storage() as wiring:
        if wiring.store.load(game_id):
            raise Refused(f"not imported: a game with id {game_id} already exists")
        try:
            append_log(wiring.store, log.events)
        except ConcurrencyError:
            raise Refused(f"not imported: a game with id {game_id} was stored meanwhile") from None
    print(f"imported game {game_id}: {len(log.events)} events, {fold(log.events).status}")
    return 0


def append_log(store: EventStore, stored: Sequence[StoredEvent]) -> None:
    """Append a verified log to the store as the service wrote it: one append per moment.

    The service appends everything one request causes at one time, so events sharing an ``at``
    go in one append, with that time and the summary of the game so far.
    """
    game: Game | None = None
    for at, group in groupby(stored, key=lambda one: one.at):
        events = list(group)
        for one in events:
            game = opened(one) if game is None else apply(game, one)
        assert game is not None
        appended = [one.event for one in events]
        store.append(game.id, events[0].seq - 1, appended, at, summary_of(game))


# -- shared steps -----------------------------------------------------------------------------


def _verified(path: str) -> LogFile:
    """The log in ``path`` if it verifies; otherwise ``Refused`` saying the first bad event."""
    try:
        with open(path, encoding="utf-8") as file:
            log = read_log(file)
    except OSError as error:
        raise Refused(f"cannot read {path}: {error.strerror}", UNREADABLE) from None
    except UnicodeDecodeError:
        raise Invalid("invalid: the file is not UTF-8 text") from None
    except LogFormatError as error:
        raise Invalid(f"invalid: {error}") from None
    verdict = verify(log)
    if not verdict.ok:
        raise Invalid(f"invalid: event {verdict.seq}: {verdict.reason}")
    return log


def _transcript(game_id: GameId, operator: bool) -> Sequence[StoredEvent]:
    try:
        with _storage() as wiring:
            return wiring.service.transcript(game_id, operator)
    except UnknownGame:
        raise Refused(f"there is no game {game_id}") from None
    except GameNotOver as refused:
        raise Refused(f"{refused} Use --operator if you run the service.") from None


@contextmanager
def _storage() -> Iterator[Wiring]:
    """The service and its database, opened only by the commands that need them."""
    from adapters.bootstrap import build

    wiring = build(Settings.from_env(os.environ))
    try:
        yield wiring
    finally:
        wiring.close()
