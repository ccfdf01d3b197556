"""``conquian tournament create | show | export``: tournaments (issue 37) for the people who run
the service.

``create`` opens a tournament as the operators (no limit on who or how many); players enter it
through the channels.  ``show`` prints its terms, players, rounds with their results, and the
standings with their tiebreaks (``--json``: one object).  ``export ID --out DIR`` writes its log
as ``DIR/tournament-ID.jsonl`` and beside it the log of each of its games that is over
(``GAME_ID.jsonl``), which ``conquian verify DIR/tournament-ID.jsonl`` checks; a game still
running is left out (its log shows hidden cards) unless ``--operator`` is given.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from adapters.cli.tables import print_table
from adapters.config import Settings
from service.game.errors import GameNotOver
from service.game.events import PlayerId, TimeControl
from service.log.file import export_lines as game_lines
from service.log.tournament_file import export_lines
from service.rules.errors import IllegalAction
from service.rules.variants import MatchTerms, Variant, VariantError, parse_assignments
from service.tournaments.events import Format, RoundEnd, Terms, TournamentId
from service.tournaments.standings import ranked
from service.tournaments.state import Tournament

if TYPE_CHECKING:
    from adapters.bootstrap import Wiring

OPERATORS = PlayerId("operators")
"""The creator of a tournament made from the terminal."""
STANDINGS = ("place", "player", "points", "buchholz", "sonneborn-berger")


def add_commands(commands: Any) -> None:
    tournament = commands.add_parser("tournament", help="create, show, export tournaments")
    actions = tournament.add_subparsers(dest="action", required=True)
    create = actions.add_parser("create", help="open a tournament for entries")
    create.add_argument("--format", choices=[one.value for one in Format], required=True)
    create.add_argument("--size", type=int, required=True, help="the most players")
    create.add_argument("--rounds", type=int, default=0, help="Swiss: the rounds to play")
    create.add_argument("--double", action="store_true", help="round-robin: meet twice")
    create.add_argument("--deals", type=int, default=1, help="deals in each match")
    create.add_argument("--move-hours", type=int, default=24, help="time per move")
    create.add_argument("--casual", action="store_true", help="its games are not rated")
    create.add_argument("--entry-days", type=float, default=7, help="days entries stay open")
    create.add_argument("--late-until", type=int, default=1, help="Swiss: late entries until round")
    create.add_argument("--round-days", type=int, help="a deadline per round, adjudicated after")
    create.add_argument("--variant", action="append", default=[], metavar="FLAG=VALUE")
    create.set_defaults(run=_create)
    show = actions.add_parser("show", help="terms, players, rounds and standings")
    show.add_argument("tournament_id", metavar="ID")
    show.add_argument("--json", action="store_true")
    show.set_defaults(run=_show)
    export = actions.add_parser("export", help="its log and its games' logs as JSON Lines")
    export.add_argument("tournament_id", metavar="ID")
    export.add_argument("--out", metavar="DIR", required=True)
    export.add_argument("--operator", action="store_true", help="include games still running")
    export.set_defaults(run=_export)


def _wiring() -> Wiring:
    from adapters.bootstrap import build

    return build(Settings.from_env(os.environ))


def _create(args: argparse.Namespace) -> int:
    try:
        variant = Variant().with_flags(parse_assignments(args.variant))
        match = MatchTerms(deals=args.deals)
    except VariantError as error:
        return _refused(str(error))
    closes = datetime.now(UTC) + timedelta(days=args.entry_days)
    terms = Terms(
        Format(args.format),
        args.size,
        args.rounds,
        args.double,
        variant,
        match,
        TimeControl(move_seconds=args.move_hours * 3600),
        not args.casual,
        closes,
        args.late_until,
        RoundEnd.ALL_OVER if args.round_days is None else RoundEnd.DEADLINE,
        args.round_days or 0,
    )
    wiring = _wiring()
    try:
        assert wiring.tournaments is not None
        tournament_id = wiring.tournaments.create(OPERATORS, terms, operator=True)
    except IllegalAction as refused:
        return _refused(refused.message)
    finally:
        wiring.close()
    print(f"created: tournament {tournament_id}, entries open until {closes:%Y-%m-%d %H:%M} UTC")
    return 0


def _show(args: argparse.Namespace) -> int:
    wiring = _wiring()
    try:
        assert wiring.tournaments is not None
        tournament = wiring.tournaments.tournament(TournamentId(args.tournament_id))
    except IllegalAction as refused:
        return _refused(refused.message)
    finally:
        wiring.close()
    shown = _json(tournament)
    if args.json:
        print(json.dumps(shown, ensure_ascii=False))
        return 0
    terms = tournament.terms
    state = "finished" if tournament.finished else f"{len(tournament.rounds)} rounds paired"
    print(f"Tournament {tournament.tournament_id}: {terms.format.value}, {state}")
    print(f"Players ({len(tournament.entrants)} of {terms.size}): " + ", ".join(shown["players"]))
    for one in shown["rounds"]:
        bye = f", bye {one['bye']}" if one["bye"] else ""
        matches = "; ".join(
            f"{m['first']}-{m['second']} {m['result'] or '…'}" for m in one["matches"]
        )
        print(f"Round {one['number']}{bye}: {matches}")
    rows: list[tuple[str, ...]] = [
        (str(n), r["player"], r["points"], r["buchholz"], r["sonneborn_berger"])
        for n, r in enumerate(shown["standings"], 1)
    ]
    print_table(STANDINGS, rows)
    return 0


def _json(tournament: Tournament) -> dict[str, Any]:
    """The tournament as ``show --json`` prints it: points in points (a half as .5)."""
    rounds = []
    for round_ in tournament.rounds:
        matches = [
            {
                "first": pairing.first,
                "second": pairing.second,
                "game": pairing.game,
                "result": None
                if result is None
                else f"{result.score / 2:g}-{1 - result.score / 2:g}",
                "ending": None if result is None else result.ending.value,
            }
            for pairing, result in zip(round_.pairings, round_.results, strict=True)
        ]
        rounds.append({"number": round_.number, "bye": round_.bye, "matches": matches})
    standings = [
        {
            "player": one.player,
            "points": f"{one.points / 2:g}",
            "buchholz": f"{one.buchholz / 2:g}",
            "sonneborn_berger": f"{one.sonneborn_berger / 4:g}",
            "withdrawn": one.player in tournament.withdrawn,
        }
        for one in ranked(tournament)
    ]
    return {
        "tournament_id": tournament.tournament_id,
        "format": tournament.terms.format.value,
        "finished": tournament.finished,
        "players": [one.player for one in tournament.entrants],
        "rounds": rounds,
        "standings": standings,
    }


def _export(args: argparse.Namespace) -> int:
    folder = Path(args.out)
    tournament_id = TournamentId(args.tournament_id)
    wiring = _wiring()
    left_out = []
    try:
        assert wiring.tournaments is not None
        stored = wiring.tournaments.log(tournament_id)
        files = {f"tournament-{tournament_id}.jsonl": export_lines(stored)}
        for round_ in wiring.tournaments.tournament(tournament_id).rounds:
            for pairing in round_.pairings:
                if pairing.game is None:
                    continue
                try:
                    log = wiring.service.transcript(pairing.game, args.operator)
                except GameNotOver:
                    left_out.append(pairing.game)
                    continue
                files[f"{pairing.game}.jsonl"] = game_lines(log)
    except IllegalAction as refused:
        return _refused(refused.message)
    finally:
        wiring.close()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for name, lines in files.items():
            (folder / name).write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    except OSError as error:
        return _refused(f"cannot write {folder}: {error.strerror}", 2)
    print(f"exported: {len(files)} files to {folder}")
    if left_out:
        print(f"left out, still running: {', '.join(left_out)} (--operator includes them)")
    return 0


def _refused(message: str, code: int = 1) -> int:
    print(f"conquian: {message}", file=sys.stderr)
    return code
