"""The JSON API's tournaments (issue 37): ``/api/v1/tournaments`` (list, create), one
tournament's standings, rounds and pairings, entering and withdrawing, and its log as JSON Lines.
Described in ``tournament_paths.py``.

Creating, entering and withdrawing go through the tournaments' one way in,
``Tournaments.request``, under a key of its own: the ``Idempotency-Key`` header (with the player
and the operation), else a fresh one; sent again with its key, a request is answered as the
first time and changes nothing more.  A refusal is the API's error shape with the tournament's
code.  A player is named only where the reader may see their name (``Tournaments.shown_as``): a
private player is "a player" with a null id.  The log is the verifiable export, as a finished
game's log is anyone's (docs/decisions/tournament-channels.md).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request

from adapters.view_fields import terms_fields
from adapters.web.api import bodies, routes, tournament_bodies
from adapters.web.api.asking import asked_once, wired
from adapters.web.api.callers import reader, token_player
from adapters.web.asked import log_response
from adapters.web.context import web
from adapters.web.errors import ApiError, not_found
from service.app.tournaments import Tournaments
from service.game.events import PlayerId
from service.language.codes import written_code
from service.log.file import format_time
from service.log.tournament_file import export_lines
from service.rules.errors import IllegalAction
from service.seeks.terms import SeekTerms
from service.tournaments import requests
from service.tournaments.decide import takes_entries
from service.tournaments.standings import ranked
from service.tournaments.state import Tournament
from service.words.tournament_replies import format_words, game_terms_words, tournament_code

blueprint = Blueprint("tournaments_api", __name__)
routes.blueprint.register_blueprint(blueprint)  # under /api/v1, its routes are the API's

SOURCE = "api-tournaments"


def _tournaments() -> Tournaments:
    return wired(web().tournaments, "There are no tournaments here.")


def _code(tournament_id: str) -> str:
    """A tournament's id from the path (or the six characters a listing shows as its code)."""
    code = written_code(tournament_id)
    if code is None:
        raise not_found("There is no such tournament.")
    return code


def _read(tournament_id: str) -> Tournament:
    try:
        return _tournaments().found(_code(tournament_id))
    except IllegalAction as error:
        raise ApiError.of(error) from None


@blueprint.get("/tournaments")
def listing() -> Response:
    """Every tournament, the newest first: its terms, how full it is, whether it takes entries."""
    tournaments = _tournaments()
    shown = [_summary(tournaments.tournament(row.tournament_id)) for row in tournaments.listed()]
    return jsonify({"tournaments": shown})


@blueprint.post("/tournaments")
def create() -> tuple[Response, int]:
    """Create a tournament on these terms (limited: ``may_not_create``, ``too_many_tournaments``)."""
    player = token_player()
    body = bodies.json_object()
    terms = tournament_bodies.tournament_terms(body, web().service.clock.now())
    reply = asked_once(
        _tournaments(), SOURCE, player, "create", requests.CreateTournament(player, terms)
    )
    assert isinstance(reply, requests.TournamentOpened)
    answer = {"tournament_id": reply.tournament_id, "code": tournament_code(reply.tournament_id)}
    return jsonify(answer), 201


@blueprint.get("/tournaments/<tournament_id>")
def show(tournament_id: str) -> Response:
    """Its terms, standings, rounds and pairings with their games, as the reader may see them."""
    viewer = token_player() if request.headers.get("Authorization") else None
    tournament = _read(tournament_id)
    return jsonify({**_summary(tournament), **_played(tournament, _tournaments(), viewer)})


@blueprint.post("/tournaments/<tournament_id>/join")
def join(tournament_id: str) -> tuple[Response, int]:
    """Enter the tournament (again: the same answer, nothing more)."""
    player = token_player()
    code = _code(tournament_id)
    reply = asked_once(
        _tournaments(), SOURCE, player, f"join {code}", requests.EnterTournament(player, code)
    )
    assert isinstance(reply, requests.TournamentEntered)
    return jsonify({"tournament_id": reply.tournament_id, "status": "entered"}), 201


@blueprint.post("/tournaments/<tournament_id>/withdraw")
def withdraw(tournament_id: str) -> Response:
    """Leave the tournament: paired no more, a running match resigned."""
    player = token_player()
    code = _code(tournament_id)
    reply = asked_once(
        _tournaments(),
        SOURCE,
        player,
        f"withdraw {code}",
        requests.WithdrawFromTournament(player, code),
    )
    assert isinstance(reply, requests.TournamentLeft)
    return jsonify({"tournament_id": reply.tournament_id, "status": "withdrawn"})


@blueprint.get("/tournaments/<tournament_id>/log")
def log(tournament_id: str) -> Response:
    """The tournament's log as JSON Lines, the file ``conquian verify`` checks."""
    tournament = _read(tournament_id)
    stored = _tournaments().log(tournament.tournament_id)
    return log_response(f"tournament-{tournament.tournament_id}", export_lines(stored))


def _summary(tournament: Tournament) -> dict[str, Any]:
    tr = reader()
    terms = tournament.terms
    game = SeekTerms.of(terms.variant, terms.match, terms.time_control, terms.rated)
    return {
        "tournament_id": tournament.tournament_id,
        "code": tournament_code(tournament.tournament_id),
        "format": terms.format.value,
        "format_text": format_words(terms, tr),
        "size": terms.size,
        "rounds": terms.rounds or None,
        "double": terms.double,
        "terms": terms_fields(game),
        "terms_text": game_terms_words(terms, tr),
        "players_entered": len(tournament.entrants),
        "entries_close_at": format_time(terms.join_closes),
        "open": takes_entries(tournament),
        "finished": tournament.finished,
    }


def _played(
    tournament: Tournament, tournaments: Tournaments, viewer: PlayerId | None
) -> dict[str, Any]:
    """Standings, rounds and pairings, every player as ``viewer`` may see them."""
    tr = reader()
    service = web().service

    def who(player: PlayerId | None) -> dict[str, Any]:
        shown = None if player is None else tournaments.shown_as(viewer, player)
        name = tr.gettext("a player") if shown is None else service.name_of(shown, tr)
        return {"player": shown, "name": name}

    standings = [
        {
            **who(one.player),
            "points": one.points / 2,
            "buchholz": one.buchholz / 2,
            "sonneborn_berger": one.sonneborn_berger / 4,
            "withdrawn": one.player in tournament.withdrawn,
        }
        for one in ranked(tournament)
    ]
    rounds = []
    for round_ in tournament.rounds:
        pairings = [
            {
                "first": who(pairing.first),
                "second": who(pairing.second),
                "game_id": pairing.game,
                "result": None if result is None else [result.score / 2, 1 - result.score / 2],
                "ending": None if result is None else result.ending.value,
            }
            for pairing, result in zip(round_.pairings, round_.results, strict=True)
        ]
        bye = None if round_.bye is None else who(round_.bye)
        rounds.append(
            {"number": round_.number, "pairings": pairings, "bye": bye, "ended": round_.ended}
        )
    return {"standings": standings, "rounds": rounds}
