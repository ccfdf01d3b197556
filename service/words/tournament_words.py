"""Tournaments' commands in words: one grammar for every channel that reads what a player types
(Telegram's ``/tournaments``, ``/join_tournament CODE``, ``/withdraw_tournament CODE``; mail's
``tournaments``, ``join tournament CODE``, ``withdraw tournament CODE``)::

    tournaments                  the tournaments open for entries
    tournament CODE              one tournament's standings
    join tournament CODE         enter one (its code as listed, or its whole id)
    withdraw tournament CODE     leave one: no more pairings, a running match resigned

A tournament is named by its code, never by its place in a listing, which shifts as others fill
up or close (docs/decisions/lobby-a-seek-named-by-its-code.md).  ``withdraw`` alone is the
lobby's (``seek_words``): a channel asks this grammar first.
"""

from __future__ import annotations

from dataclasses import dataclass

from service.game.events import PlayerId
from service.rules.errors import N_, IllegalAction
from service.tournaments.requests import (
    EnterTournament,
    TournamentRequest,
    WithdrawFromTournament,
)

LOOK, SHOW = "tournaments", "tournament"
JOIN, WITHDRAW = "join_tournament", "withdraw_tournament"
"""The verbs as one word (Telegram's commands); ``join tournament`` reads as ``join_tournament``."""


@dataclass(frozen=True, slots=True)
class LookAtTournaments:
    """``tournaments``: the ones open for entries."""


@dataclass(frozen=True, slots=True)
class ShowStandings:
    """``tournament CODE``: its standings."""

    code: str


class NoTournamentCode(IllegalAction):
    code = "no_tournament_code"
    template = N_("Write the tournament's code as the list shows it, e.g. {verb} 3f9a2c.")


def read_tournament_command(
    player: PlayerId, text: str
) -> TournamentRequest | LookAtTournaments | ShowStandings | None:
    """The tournament request ``text`` asks for; None when it is not one.  A verb without one
    code after it is refused (``NoTournamentCode``)."""
    words = text.replace(",", " ").split()
    if not words:
        return None
    verb, rest = words[0].lower().lstrip("/").partition("@")[0], words[1:]
    if verb in ("join", "withdraw") and rest and rest[0].lower() == "tournament":
        verb, rest = f"{verb}_tournament", rest[1:]
    if verb == LOOK:
        return LookAtTournaments()
    if verb not in (JOIN, WITHDRAW, SHOW):
        return None
    if len(rest) != 1:
        raise NoTournamentCode(verb=verb.replace("_", " "))
    code = rest[0].lower()
    if verb == SHOW:
        return ShowStandings(code)
    if verb == JOIN:
        return EnterTournament(player, code)
    return WithdrawFromTournament(player, code)
