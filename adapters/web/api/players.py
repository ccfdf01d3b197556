"""The JSON API's players: ``GET /api/v1/players/<id>`` (a profile), ``GET /api/v1/leaderboard``
and ``POST /api/v1/players/me/profile`` (public or private, on the leaderboard or not).

A profile is answered to anyone if public and to its own player (by their token) always; any
other ask is the 404 an unknown player gets.  In a profile shown to someone else, an opponent the
reader may not see (``words.naming``) has no id, no name but "a player", and their games no id
or replay (``Ratings.stats``).  Addresses are never in an answer: only the names of
the channels a player plays on.  Described in ``openapi.py`` (``PLAYER_PATHS``).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request

from adapters.web.api import bodies, routes
from adapters.web.api.callers import token_player
from adapters.web.asked import channels_of
from adapters.web.capabilities import Forbidden
from adapters.web.context import web
from adapters.web.errors import ApiError, bad_request, not_found
from service.app.ratings import Ratings
from service.game.events import PlayerId
from service.language.translation import ENGLISH
from service.log.file import format_time
from service.ratings.standing import Standing
from service.ratings.store import Stats
from service.words.naming import listed_name

blueprint = Blueprint("players", __name__)
routes.blueprint.register_blueprint(blueprint)  # under /api/v1, its routes are the API's


def _ratings() -> Ratings:
    ratings = web().ratings
    if ratings is None:
        raise not_found("There is no such player.")
    return ratings


def _reader() -> PlayerId | None:
    """The player whose token came with the request, if one did (a profile needs none)."""
    if not request.headers.get("Authorization"):
        return None
    try:
        return token_player()
    except (ApiError, Forbidden):
        return None


@blueprint.get("/players/<player_id>")
def profile(player_id: str) -> Response:
    player = PlayerId(player_id)
    stats = _ratings().stats(_reader(), player)
    if stats is None:
        raise not_found("There is no such player.")
    return jsonify(profile_json(stats))


@blueprint.get("/leaderboard")
def leaderboard() -> Response:
    return jsonify({"players": [_line(one) for one in _ratings().leaderboard()]})


@blueprint.post("/players/me/profile")
def choose() -> Response:
    player = token_player()
    body = bodies.json_object()
    chosen: dict[str, bool | None] = {}
    for field in ("public", "listed"):
        value = body.get(field)
        if value is not None and not isinstance(value, bool):
            raise bad_request(f"'{field}' must be true or false.", "bad_field")
        chosen[field] = value
    visibility = _ratings().choose(player, chosen["public"], chosen["listed"])
    return jsonify({"public": visibility.public, "listed": visibility.listed})


def _line(standing: Standing) -> dict[str, Any]:
    service = web().service
    return {
        "id": standing.player,
        "name": service.name_of(standing.player),
        "rating": standing.rating.shown,
        "rd": round(standing.rating.rd, 1),
        "provisional": standing.provisional,
        "rated_games": standing.rated_games,
    }


def profile_json(stats: Stats) -> dict[str, Any]:
    standing, service = stats.standing, web().service
    record = standing.record
    channels = channels_of(service.directory, standing.player)
    return {
        **_line(standing),
        "public": stats.visibility.public,
        "listed": stats.visibility.listed,
        "record": {"wins": record.wins, "losses": record.losses, "draws": record.draws},
        "opponents": [
            {
                "id": who,
                "name": listed_name(who, service.directory, ENGLISH),
                "wins": tally.wins,
                "losses": tally.losses,
                "draws": tally.draws,
            }
            for who, tally in standing.opponents
        ],
        "history": [{"at": format_time(p.at), "rating": p.rating} for p in standing.history],
        "recent": [
            {
                "game": one.game_id,
                "opponent": one.opponent,
                "score": one.score,
                "ending": one.ending.value,
                "rated": one.rated,
                "at": format_time(one.at),
                "replay": f"/games/{one.game_id}/replay" if one.game_id else None,
            }
            for one in standing.recent
        ],
        "channels": channels,
    }
