"""``conquian worker`` and ``conquian games``: commands for the people who run the service.

``worker`` runs the background jobs (``adapters.worker``) against the configured database until
SIGINT or SIGTERM — exactly ``conquian serve --role worker``, with its heartbeat for ``/readyz`` and
the mail poll, so the two names cannot drift apart; ``--once`` runs each job once, prints what they
did as one JSON object and exits (1 if a job failed), for tests and cron.  ``games`` lists every game with whose turn it is
and when that decision falls due.  ``reports`` lists the messages players reported
(``service.app.reports``).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from datetime import datetime
from typing import Any

from adapters.cli.tables import print_table, short
from adapters.config import Settings
from service.game.status import GameStatus
from service.ports.protocols import GameSummary

STATUSES = tuple(GameStatus)
_COLUMNS = ("game", "status", "players", "to act", "since", "due", "reminder", "version")


def add_commands(commands: Any) -> None:
    """Register ``worker`` and ``games`` on ``conquian``'s subparsers; each sets ``run``."""
    worker = commands.add_parser("worker", help="time out overdue turns, remind, send the outbox")
    worker.add_argument("--once", action="store_true", help="run each job once, then exit")
    worker.add_argument("--verbose", "-v", action="store_true", help="log every job's counts")
    worker.set_defaults(run=_worker)
    games = commands.add_parser("games", help="list the games with their deadlines (operators)")
    games.add_argument(
        "--status", type=GameStatus, choices=STATUSES, help="only the games of this status"
    )
    games.add_argument("--limit", type=int, default=1000, help="at most this many (default 1000)")
    games.add_argument("--json", action="store_true", help="one JSON object per game")
    games.set_defaults(run=_games)
    reports = commands.add_parser("reports", help="list the messages players reported (operators)")
    reports.add_argument("--json", action="store_true", help="one JSON object per report")
    reports.set_defaults(run=_reports)


def _worker(args: argparse.Namespace) -> int:
    if not args.once:
        from adapters.cli import serve

        return serve.run(argparse.Namespace(role="worker", verbose=args.verbose))
    from adapters.bootstrap import build
    from adapters.channels import build_channels
    from adapters.telegram.settings import TelegramSettings
    from adapters.web.notices.page_sender import PageSender
    from adapters.worker import Worker

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    settings = Settings.from_env(os.environ)
    telegram = TelegramSettings.from_env(os.environ)
    wiring = build(settings)
    try:
        channels = build_channels(wiring, settings, telegram)
        try:
            senders = {"web": PageSender(wiring.directory), **channels.senders}
            worker = Worker(
                wiring,
                settings,
                senders=senders,
                ratings=wiring.ratings,
                digests=channels.digests,
            )
            done = worker.run_once()
            print(json.dumps(done.counts()), flush=True)
            return 1 if done.errors else 0
        finally:
            channels.close()
    finally:
        wiring.close()


def _games(args: argparse.Namespace) -> int:
    from adapters.bootstrap import build

    wiring = build(Settings.from_env(os.environ))
    try:
        lines = wiring.store.all_summaries(args.status, args.limit)
    finally:
        wiring.close()
    if args.json:
        for line in lines:
            print(json.dumps(_as_json(line)))
    elif lines:
        print_table(_COLUMNS, [_as_row(line) for line in lines])
    else:
        print("no games", file=sys.stderr)
    return 0


def _reports(args: argparse.Namespace) -> int:
    from adapters.bootstrap import build
    from service.app.reports import message_reports

    wiring = build(Settings.from_env(os.environ))
    try:
        found = message_reports(wiring.store)
    finally:
        wiring.close()
    for one in found:
        fields = {
            "game_id": one.game_id,
            "at": _iso(one.at),
            "reporter": one.reporter,
            "writer": one.writer,
            "message": one.message,
            "text": one.text,
        }
        if args.json:
            print(json.dumps(fields, ensure_ascii=False))
        else:
            print("  ".join(str(value) for value in fields.values()))
    if not found and not args.json:
        print("no reports")
    return 0


def _as_json(line: GameSummary) -> dict[str, object]:
    return {
        "game_id": line.game_id,
        "players": list(line.players),
        "status": line.status,
        "to_act": line.to_act,
        "since": _iso(line.since),
        "due_at": _iso(line.due_at),
        "next_reminder_at": _iso(line.next_reminder_at),
        "version": line.version,
    }


def _as_row(line: GameSummary) -> tuple[str, ...]:
    players = " ".join(player or "-" for player in line.players)
    times = (short(line.since), short(line.due_at), short(line.next_reminder_at))
    return (line.game_id, line.status, players, line.to_act or "-", *times, str(line.version))


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()
