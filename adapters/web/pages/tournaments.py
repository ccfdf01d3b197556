"""The tournaments' pages (issue 37): the list, ``/tournaments``, and a tournament's page,
``/tournaments/<id>`` — its standings with the tiebreaks in the order they break ties, the
crosstable, and the rounds with their pairings and results, each game linked to its watch page
while it is played (``watch.py``) and to its replay once it is over.

A tournament is public, its players are not: a name is shown as ``naming.may_see`` allows the
reader, else "a player"; no player's id is written on these pages.  While a tournament takes
entries the page holds a Join form (a Withdraw for one of its players), answered here with what
it did (``tournament_entry.py``); so the page is the reader's own, kept by no cache.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass

from flask import Blueprint, Response, abort, make_response, render_template

from adapters.web.browser import browser_player
from adapters.web.context import web
from adapters.web.languages import page_translator
from adapters.web.security import csrf_token, keep_private
from service.app.tournaments import Tournaments
from service.game.events import GameId, PlayerId
from service.game.status import GameStatus
from service.game.stored import UnknownGame
from service.language.translation import Translator
from service.tournaments.crosstable import Row, crosstable
from service.tournaments.decide import takes_entries, total_rounds
from service.tournaments.errors import UnknownTournament
from service.tournaments.events import DRAW, WIN, Ending, Format, TournamentId
from service.tournaments.state import Result, Round, Tournament
from service.words.cast import player_name
from service.words.naming import A_PLAYER, may_see

blueprint = Blueprint("tournaments", __name__)
keep_private(blueprint)

Namer = Callable[[PlayerId], str]

LISTED = 50
"""The newest tournaments the list shows."""


@dataclass(frozen=True, slots=True)
class Board:
    """One pairing of a round as the page shows it."""

    first: str
    second: str
    result: str
    link: str
    """The game's watch page or replay; empty for a forfeit without a game."""
    watching: bool


@dataclass(frozen=True, slots=True)
class ShownRound:
    number: int
    boards: tuple[Board, ...]
    bye: str
    ended: bool


def _tournaments() -> Tournaments:
    tournaments = web().tournaments
    if tournaments is None:
        abort(404)
    return tournaments


@blueprint.get("/tournaments")
def listing() -> str:
    tournaments = _tournaments()
    tr = page_translator()
    rows = [
        (one.tournament_id, describe(tournaments.tournament(one.tournament_id), tr))
        for one in tournaments.listed()[:LISTED]
    ]
    return render_template("tournaments.html", rows=rows)


@blueprint.get("/tournaments/<tournament_id>")
def page(tournament_id: str) -> Response:
    return drawn(TournamentId(tournament_id))


def drawn(
    tournament_id: TournamentId,
    error: str = "",
    status: int = 200,
    said: str = "",
    reader: PlayerId | None = None,
) -> Response:
    """The tournament's page for ``reader`` (else this browser's player, or a visitor), with
    what a form of it did or why it was refused."""
    tournaments = _tournaments()
    tr = page_translator()
    try:
        tournament = tournaments.tournament(tournament_id)
    except UnknownTournament as refused:
        message = tr.gettext(refused.template)
        return make_response(render_template("error.html", status=404, message=message), 404)
    reader = reader or browser_player()
    name = _namer(tr, reader)
    table = crosstable(tournament)
    shown = render_template(
        "tournament.html",
        tournament=tournament,
        summary=describe(tournament, tr),
        standings=[(row, name(row.record.player)) for row in table],
        crosstable=[(row, name(row.record.player), _cells(row)) for row in table],
        rounds=[_round(one, tournament, name, tr) for one in reversed(tournament.rounds)],
        half=half_points,
        quarter=quarter_points,
        entry=_entry(tournament, reader),
        known=reader,
        csrf=csrf_token(web().capabilities),
        nonce=uuid.uuid4().hex,
        error=error,
        said=said,
    )
    return make_response(shown, status)


def _entry(tournament: Tournament, reader: PlayerId | None) -> str:
    """The form the page holds for its reader: ``withdraw`` for one of its players until it
    ends, ``join`` while it takes entries for anyone else, else none."""
    if tournament.finished or (reader is not None and reader in tournament.withdrawn):
        return ""
    if reader is not None and reader in tournament.players:
        return "withdraw"
    return "join" if takes_entries(tournament) else ""


def describe(tournament: Tournament, tr: Translator) -> str:
    """The format, players and state of a tournament in a line."""
    terms = tournament.terms
    if terms.format is Format.SWISS:
        kind = tr.ngettext("Swiss, {n} round", "Swiss, {n} rounds", terms.rounds)
    elif terms.double:
        kind = tr.gettext("Double round-robin")
    else:
        kind = tr.gettext("Round-robin")
    players = tr.ngettext(
        "{n} of {size} player",
        "{n} of {size} players",
        len(tournament.active),
        size=terms.size,
    )
    if tournament.finished:
        state = tr.gettext("finished")
    elif tournament.rounds:
        state = tr.gettext(
            "round {number} of {rounds}",
            number=len(tournament.rounds),
            rounds=total_rounds(tournament),
        )
    else:
        state = tr.gettext("taking entries")
    return f"{kind} · {players} · {state}"


def half_points(value: int) -> str:
    """Half points as a person writes points: ``2½``."""
    whole, half = divmod(value, 2)
    return _fraction(whole, "½" if half else "")


def quarter_points(value: int) -> str:
    """Quarter points (Sonneborn–Berger) as a person writes them: ``3¾``."""
    whole, quarters = divmod(value, 4)
    return _fraction(whole, ("", "¼", "½", "¾")[quarters])


def _fraction(whole: int, part: str) -> str:
    return f"{whole}{part}" if whole or not part else part


def _cells(row: Row) -> list[str]:
    """The crosstable's cells of ``row``: ``×`` for the player themselves, their scores against
    the others (a space between two matches), empty for players not met."""
    return [
        "×" if index == row.rank - 1 else " ".join(half_points(one) for one in scores)
        for index, scores in enumerate(row.cells)
    ]


def _namer(tr: Translator, reader: PlayerId | None) -> Namer:
    """A player's name for this page's reader, or "a player" (``naming.may_see``)."""
    directory, public = web().service.directory, web().is_public

    def name(player: PlayerId) -> str:
        if may_see(reader, player, public):
            return player_name(player, directory, tr)
        return tr.gettext(A_PLAYER)

    return name


def _round(one: Round, tournament: Tournament, name: Namer, tr: Translator) -> ShownRound:
    boards = tuple(
        Board(
            name(pairing.first),
            name(pairing.second),
            _result(result, tr),
            *_link(pairing.game, tournament),
        )
        for pairing, result in zip(one.pairings, one.results, strict=True)
    )
    return ShownRound(one.number, boards, "" if one.bye is None else name(one.bye), one.ended)


def _result(result: Result | None, tr: Translator) -> str:
    """A match's result from the first player's side, and how it came about if not played."""
    if result is None:
        return tr.gettext("playing")
    shown = {WIN: "1–0", DRAW: "½–½"}.get(result.score, "0–1")
    ending = result.ending
    if ending is Ending.FORFEIT:
        return tr.gettext("{score} by forfeit", score=shown)
    if ending is Ending.ADJUDICATED:
        return tr.gettext("{score} adjudicated", score=shown)
    return shown


def _link(game_id: GameId | None, tournament: Tournament) -> tuple[str, bool]:
    """Where a board's game is seen, and whether that is its watch page (it is being played)."""
    if game_id is None:
        return "", False
    try:
        over = web().service.game(game_id).status is not GameStatus.PLAYING
    except UnknownGame:
        return "", False
    if over or tournament.finished:
        return f"/games/{game_id}/replay", False
    return f"/watch/{game_id}", True
