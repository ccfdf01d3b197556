"""Tournaments in words, for every channel that writes text: a tournament's line in a listing,
its standings, the line that tells a player their next round is paired, and the answer to each
tournament request (``service.tournaments.requests``).

A line names players only as the reader may see them (``Tournaments.shown_as``: None is "a
player"), and holds terms and counts: nothing a player typed.  The answers say what happened;
each channel adds its own commands, since only it knows how they are written there.
"""

from __future__ import annotations

from collections.abc import Callable

from service.game.events import PlayerId
from service.language.translation import Translator
from service.seeks.terms import SeekTerms
from service.tournaments import requests
from service.tournaments.events import Format, Terms
from service.tournaments.standings import ranked
from service.tournaments.state import Tournament
from service.words.naming import A_PLAYER
from service.words.seek_replies import terms_words


def tournament_code(tournament_id: str) -> str:
    """How a listing shows a tournament and a player names it (``join tournament 3f9a2c``)."""
    return tournament_id[: requests.CODE_LENGTH]


def format_words(terms: Terms, tr: Translator) -> str:
    """``Swiss, 4 rounds`` or ``double round-robin``."""
    if terms.format is Format.SWISS:
        return tr.ngettext("Swiss, {n} round", "Swiss, {n} rounds", terms.rounds)
    return tr.gettext("double round-robin") if terms.double else tr.gettext("round-robin")


def game_terms_words(terms: Terms, tr: Translator) -> str:
    """What each of its games is: deals, time per move, rated or casual, changed rules."""
    return terms_words(
        SeekTerms.of(terms.variant, terms.match, terms.time_control, terms.rated), tr
    )


def listed_line(tournament: Tournament, tr: Translator) -> str:
    """One open tournament: its code, format, how full it is, its games' terms and when the
    first round is paired at the latest."""
    terms = tournament.terms
    return tr.gettext(
        "{code} · {format} · {players} of {size} players · {terms} · starts by {when} (UTC)",
        code=tournament_code(tournament.tournament_id),
        format=format_words(terms, tr),
        players=len(tournament.entrants),
        size=terms.size,
        terms=game_terms_words(terms, tr),
        when=tr.when(terms.join_closes),
    )


def standings_lines(
    tournament: Tournament,
    shown: Callable[[PlayerId], PlayerId | None],
    name_of: Callable[[PlayerId], str],
    tr: Translator,
) -> list[str]:
    """The standings under their heading (``1. Ana — 3 points``), a private player as "a
    player"."""
    lines = [
        tr.gettext(
            "Standings of tournament {code} ({format}), in points:",
            code=tournament_code(tournament.tournament_id),
            format=format_words(tournament.terms, tr),
        )
    ]
    for place, record in enumerate(ranked(tournament), start=1):
        player = shown(record.player)
        who = tr.gettext(A_PLAYER) if player is None else name_of(player)
        points = f"{record.points / 2:g}"
        lines.append(tr.gettext("{place}. {who} — {points}", place=place, who=who, points=points))
    return lines


def round_paired_line(number: int, tournament_id: str, tr: Translator) -> str:
    """What a player is told with the game of their next round."""
    return tr.gettext(
        "This is round {number} of tournament {code}.",
        number=number,
        code=tournament_code(tournament_id),
    )


def tournament_said(reply: requests.TournamentReply, tr: Translator) -> str:
    """What a tournament request did, to the player who asked."""
    code = tournament_code(reply.tournament_id)
    match reply:
        case requests.TournamentOpened():
            return tr.gettext("Your tournament {code} is open for entries.", code=code)
        case requests.TournamentEntered():
            return tr.gettext(
                "You are in tournament {code}. When a round is paired, your game begins and I "
                "tell you.",
                code=code,
            )
        case requests.TournamentLeft():
            return tr.gettext(
                "You withdrew from tournament {code}: you are paired no more.", code=code
            )


def asked_words(asked: requests.TournamentRequest, tr: Translator) -> str:
    """What a request asks, in the service's words (never the sender's text): for a channel
    that asks its sender to confirm it (mail from an unproven address)."""
    match asked:
        case requests.CreateTournament(terms=terms):
            return tr.gettext("create a tournament ({format})", format=format_words(terms, tr))
        case requests.EnterTournament(code=code):
            return tr.gettext("enter tournament {code}", code=tournament_code(code))
        case _:
            return tr.gettext("withdraw from tournament {code}", code=tournament_code(asked.code))
