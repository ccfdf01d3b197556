"""Typed requests of tournaments — create one, enter one, withdraw from one — and the typed
replies they are answered with (``Tournaments.request``), as ``service.seeks.requests`` are the
lobby's: a channel parses its input into one of these (typed words through
``service.words.tournament_words``) and lays out the reply; a refusal is the house's ``Refused``.

A tournament is named by its code (the start of its id, as listings show it) or its whole id,
never by a place in a listing, which shifts (docs/decisions/lobby-a-seek-named-by-its-code.md);
``Tournaments.resolve`` finds it.  Each request is idempotent: a creation under its request key
is one tournament, entering and withdrawing twice append nothing more.
"""

from __future__ import annotations

from dataclasses import dataclass

from service.game.events import PlayerId
from service.tournaments.events import Terms, TournamentId

CODE_LENGTH = 6
"""How much of a tournament's id a listing shows and a player types (``join tournament 3f9a2c``)."""


@dataclass(frozen=True, slots=True)
class CreateTournament:
    player: PlayerId
    terms: Terms


@dataclass(frozen=True, slots=True)
class EnterTournament:
    player: PlayerId
    code: str
    """The tournament's code as listed, or its id."""


@dataclass(frozen=True, slots=True)
class WithdrawFromTournament:
    player: PlayerId
    code: str


TournamentRequest = CreateTournament | EnterTournament | WithdrawFromTournament


@dataclass(frozen=True, slots=True)
class TournamentOpened:
    tournament_id: TournamentId


@dataclass(frozen=True, slots=True)
class TournamentEntered:
    tournament_id: TournamentId


@dataclass(frozen=True, slots=True)
class TournamentLeft:
    """The player withdrew (again: nothing more); a running match of theirs is resigned."""

    tournament_id: TournamentId


TournamentReply = TournamentOpened | TournamentEntered | TournamentLeft
"""What the tournaments answer a request, a refusal aside."""
