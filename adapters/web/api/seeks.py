"""The JSON API's lobby (issue 36): ``/api/v1/seeks`` (publish, list, accept, withdraw) and
``/api/v1/pairing`` (wait to be paired, stop waiting).  Described in ``seek_paths.py``.

Every request but the listing goes through the lobby's one way in, ``Lobby.request``, under a
key of its own: the ``Idempotency-Key`` header (with the player and the operation), else a fresh
one.  So a request sent again with its key publishes one seek, accepts once, and is answered as
the first time.  A refusal is the API's error shape with the lobby's code (409 ``seek_gone`` to
all but the one who took a seek).  A listing names an owner only where the reader may see their
name (``Listed.owner``): a private player is "a player" with a null id, and no answer here holds
a player's address.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request

from adapters.view_fields import terms_fields
from adapters.web.api import bodies, routes, seek_bodies
from adapters.web.api.asking import asked_once, wired
from adapters.web.api.callers import reader, token_player
from adapters.web.context import web
from adapters.web.errors import bad_request, not_found
from service.app.lobby import Lobby
from service.language.codes import LONGEST, written_code
from service.language.numbers import Bounds
from service.log.file import format_time
from service.seeks import requests
from service.seeks.listing import Listed, SeekFilter
from service.seeks.seeks import SeekId
from service.words.seek_replies import seek_code, terms_words

blueprint = Blueprint("seeks", __name__)
routes.blueprint.register_blueprint(blueprint)  # under /api/v1, its routes are the API's

SOURCE = "api-lobby"
MOVE = Bounds(60, 365 * 86_400)


def _lobby() -> Lobby:
    return wired(web().lobby, "There is no lobby here.")


def _seek_id(seek_id: str) -> SeekId:
    """A seek's id from the path (or the six characters a listing shows as its code)."""
    code = written_code(seek_id)
    if code is None:
        raise not_found("There is no such seek.")
    return SeekId(code)


@blueprint.post("/seeks")
def publish() -> tuple[Response, int]:
    """Put an open challenge in the lobby, on these terms, for whom it admits."""
    player = token_player()
    body = bodies.json_object()
    asked = requests.PublishSeek(
        player,
        seek_bodies.seek_terms(body),
        seek_bodies.wanted(body),
        seek_bodies.lasts(body),
    )
    reply = asked_once(_lobby(), SOURCE, player, "seek", asked)
    assert isinstance(reply, requests.SeekPublished)
    answer = {"seek_id": reply.seek_id, "code": seek_code(reply.seek_id)}
    return jsonify({**answer, "expires_at": format_time(reply.expires)}), 201


@blueprint.get("/seeks")
def listing() -> Response:
    """The open seeks for the caller (anyone without a token): filtered by ``rated`` and the
    time per move (``shortest_move``, ``longest_move``, in seconds)."""
    viewer = token_player() if request.headers.get("Authorization") else None
    wanted = SeekFilter(
        rated=_rated(request.args.get("rated")),
        shortest_move=_seconds("shortest_move"),
        longest_move=_seconds("longest_move"),
    )
    return jsonify({"seeks": [_listed(one) for one in _lobby().listing(viewer, wanted)]})


@blueprint.post("/seeks/<seek_id>/accept")
def accept(seek_id: str) -> tuple[Response, int]:
    """Take the seek: its game begins at once (the same game again for its taker)."""
    player = token_player()
    asked = requests.AcceptSeek(player, _seek_id(seek_id))
    reply = asked_once(_lobby(), SOURCE, player, f"accept {seek_id[:LONGEST]}", asked)
    assert isinstance(reply, requests.SeekAccepted)
    page = web().capabilities.page_url(reply.game_id, player)
    return jsonify({"seek_id": reply.seek_id, "game_id": reply.game_id, "page_url": page}), 201


@blueprint.delete("/seeks/<seek_id>")
def withdraw(seek_id: str) -> Response:
    """Take one's own seek out of the lobby."""
    player = token_player()
    asked = requests.WithdrawSeek(player, _seek_id(seek_id))
    reply = asked_once(_lobby(), SOURCE, player, f"withdraw {seek_id[:LONGEST]}", asked)
    assert isinstance(reply, requests.SeekWithdrawn)
    return jsonify({"seek_id": reply.seek_id, "status": "withdrawn"})


@blueprint.post("/pairing")
def wait() -> tuple[Response, int]:
    """Wait to be paired with anyone whose terms fit; the game, once paired, is in GET /games."""
    player = token_player()
    body = bodies.json_object()
    seek_bodies.no_days(body)
    asked = requests.WaitForPairing(player, seek_bodies.seek_terms(body), seek_bodies.wanted(body))
    reply = asked_once(_lobby(), SOURCE, player, "pair", asked)
    assert isinstance(reply, requests.PairingWaited)
    return jsonify({"waiting": True, "since": format_time(reply.since)}), 201


@blueprint.delete("/pairing")
def leave() -> Response:
    """Stop waiting to be paired."""
    player = token_player()
    reply = asked_once(_lobby(), SOURCE, player, "unpair", requests.LeavePairing(player))
    assert isinstance(reply, requests.PairingLeft)
    return jsonify({"waiting": False, "was_waiting": reply.was_waiting})


def _rated(value: str | None) -> bool | None:
    if value is None:
        return None
    if value not in ("true", "false"):
        raise bad_request("'rated' must be true or false.", "bad_query")
    return value == "true"


def _seconds(name: str) -> int | None:
    value = request.args.get(name)
    if value is None:
        return None
    if not (value.isascii() and value.isdigit()) or not MOVE.least <= int(value) <= MOVE.most:
        raise bad_request(
            f"'{name}' must be a whole number of seconds from {MOVE.least} to {MOVE.most}.",
            "bad_query",
        )
    return int(value)


def _listed(listed: Listed) -> dict[str, Any]:
    """A seek as the reader may see it: a private owner has a null id and is "a player"."""
    tr = reader()
    owner = listed.owner
    terms = listed.terms
    return {
        "seek_id": listed.seek_id,
        "code": seek_code(listed.seek_id),
        "player": owner,
        "name": tr.gettext("a player") if owner is None else web().service.name_of(owner, tr),
        "own": listed.own,
        "rating": listed.rating,
        "reliability": listed.reliability,
        "terms": terms_fields(terms),
        "terms_text": terms_words(terms, tr),
        "expires_at": format_time(listed.expires),
    }
