"""Entry point of the ``conquian`` command: parses arguments and runs one subcommand."""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Sequence

from adapters.cli import (
    arena_cmd,
    email_cmd,
    erasures,
    lobby_cmd,
    logs,
    operate,
    ratings_cmd,
    serve,
    telegram,
)
from adapters.cli.play import Setup, TerminalGame, chance_for
from adapters.cli.typed import typed
from adapters.config import Settings, SettingsError
from service.bots.levels import BOTS as POLICIES
from service.bots.policies import Policy
from service.bots.selfplay import selfplay
from service.language.notation import CardSpellingError, parse_card
from service.language.translation import LANGUAGES
from service.rules.cards import Card, is_deck_order
from service.rules.seats import Seat
from service.rules.variants import MatchTerms, Variant, VariantError, parse_assignments
from service.words.lobby import OPPONENTS

BOTS: dict[str, Policy] = {word: POLICIES[p] for word, p in OPPONENTS.items() if p is not None}
"""The bots by the lobby's words: the levels (easy, medium, hard) and the older bot, greedy, random."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``conquian`` with ``argv`` (default: the process arguments); returns the exit code."""
    args = _parser().parse_args(argv)
    try:
        if "run" in args:  # export, verify, replay, import (logs.py); worker, games (operate.py)
            return logs.run(args)
    except SettingsError as error:
        print(f"conquian: {error}", file=sys.stderr)
        return 2
    command_parser: argparse.ArgumentParser = args.parser
    try:
        variant = Variant().with_flags(parse_assignments(args.variant))
    except VariantError as error:
        command_parser.error(str(error))
    try:
        if args.command == "selfplay":
            return _selfplay(args, variant)
        if args.command == "arena":
            return arena_cmd.run(args, variant)
        return _play(args, variant, command_parser)
    except BrokenPipeError:  # the reader went away (e.g. `| head`): stop quietly
        sys.stderr.close()
        return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="conquian", description="Conquian, two-player rummy.")
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("play", help="play in the terminal, against a bot or hot-seat")
    play.add_argument(
        "--bot", choices=sorted(BOTS), default="bot", help="your opponent: easy, medium or hard"
    )
    play.add_argument("--hotseat", action="store_true", help="two people at one keyboard")
    play.add_argument("--deck", help='the first deal\'s 40 cards, top first: "AH 2H …"')
    play.add_argument("--dealer", type=int, choices=(1, 2), help="who deals first")
    play.add_argument("--seed", type=int, help="seed for shuffles, the first dealer and the bot")
    play.add_argument("--deals", type=_positive, help="number of deals in the match (default 1)")
    play.add_argument("--target", type=_positive, help="play until a score reaches this")
    play.add_argument("--stake", type=_positive, default=1, help="base stake per deal (default 1)")
    play.add_argument("--json", action="store_true", help="one JSON object per response")
    play.add_argument(
        "--lang", choices=LANGUAGES, default="en", help="the language to write in (default en)"
    )
    selfplay_ = commands.add_parser("selfplay", help="bots play each other; prints statistics")
    selfplay_.add_argument("--games", type=_positive, default=1000, help="number of deals to play")
    selfplay_.add_argument("--seed", type=int, default=1)
    selfplay_.add_argument("--bot", choices=sorted(BOTS), default="random")
    selfplay_.add_argument("--json", action="store_true")
    arena = commands.add_parser("arena", help="two bots over duplicate deals; who is stronger")
    arena.add_argument(
        "--bots", type=arena_cmd.bots_argument, required=True, help="A,B e.g. hard,medium"
    )
    arena.add_argument(
        "--games", type=_positive, default=200, help="number of deals (each deck twice)"
    )
    arena.add_argument("--seed", type=int, default=1)
    arena.add_argument("--json", action="store_true")
    for sub in (play, selfplay_, arena):
        sub.set_defaults(parser=sub)
        sub.add_argument(
            "--variant",
            action="append",
            default=[],
            metavar="FLAG=VALUE",
            help="a variant flag of the rules, e.g. forcing=disabled (repeatable)",
        )
    logs.add_commands(commands)
    operate.add_commands(commands)
    erasures.add_commands(commands)
    telegram.add_commands(commands)
    email_cmd.add_commands(commands)
    ratings_cmd.add_commands(commands)
    lobby_cmd.add_commands(commands)
    serve.add_commands(commands)
    return parser


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _play(args: argparse.Namespace, variant: Variant, parser: argparse.ArgumentParser) -> int:
    try:
        deck = _deck(args.deck, variant) if args.deck else None
        terms = _terms(args, variant)
    except (ValueError, VariantError) as error:
        parser.error(str(error))
    from adapters.bootstrap import build  # only play needs the database

    opponent = None if args.hotseat else OPPONENTS[args.bot]
    dealer = None if args.dealer is None else Seat(args.dealer - 1)
    setup = Setup(variant, terms, deck, dealer, args.seed, opponent, args.json, args.lang)
    wiring = build(Settings.from_env(os.environ), chance=chance_for(setup))
    try:
        game = TerminalGame(setup, wiring.service, lambda text: print(text, flush=True))
        return game.run(typed("> "))
    finally:
        wiring.close()


def _deck(text: str, variant: Variant) -> tuple[Card, ...]:
    try:
        order = tuple(
            parse_card(word, variant.deck_faces) for word in text.replace(",", " ").split()
        )
    except CardSpellingError as error:
        raise ValueError(f"--deck: {error.text!r} is not a card") from None
    if not is_deck_order(order):
        raise ValueError(f"--deck needs each of the 40 cards exactly once (got {len(order)} cards)")
    return order


def _terms(args: argparse.Namespace, variant: Variant) -> MatchTerms:
    if args.deals is None and args.target is None:
        default = MatchTerms.default_for(variant)
        return MatchTerms(default.deals, default.target, args.stake)
    return MatchTerms(args.deals, args.target, args.stake)


def _selfplay(args: argparse.Namespace, variant: Variant) -> int:
    bot = BOTS[args.bot]
    started = time.perf_counter()
    tally = selfplay(args.games, random.Random(args.seed), (bot, bot), variant)
    seconds = time.perf_counter() - started
    report = {
        "games": tally.deals,
        "bot": args.bot,
        "seed": args.seed,
        "variant": variant.changed_flags(),
        "wins": tally.wins,
        "draws": tally.draws,
        "mean_turns": tally.turns / max(tally.deals, 1),
        "decisions": tally.decisions,
        "seconds": seconds,
        "deals_per_second": tally.deals / seconds,
        "decisions_per_second": tally.decisions / seconds,
    }
    if args.json:
        print(json.dumps(report))
    else:
        print(
            f"{tally.deals} deals, {args.bot} bots, seed {args.seed}: "
            f"player 1 won {tally.wins[0]}, player 2 won {tally.wins[1]}, {tally.draws} drawn; "
            f"{report['mean_turns']:.1f} turns per deal; "
            f"{report['deals_per_second']:.0f} deals/s, {report['decisions_per_second']:.0f} decisions/s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
