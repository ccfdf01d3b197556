"""The JSON API's guided first deal (issue 38): ``POST /api/v1/practice`` starts it (the game's
answer, as ``POST /games`` gives; its view's ``prompt`` says what each new kind of decision
offers), ``POST /api/v1/practice/skip`` declines it for good.  Described in
``practice_paths.py``.

Both are requests of the one intake (``GameService.request``, as every channel asks them),
handled once under the ``Idempotency-Key`` header with the player and the operation, else a
fresh key: sent again with its key, a start answers with the game the first one opened.  A start
opens a game, so it counts against the new games per client as ``POST /games`` does.
"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify

from adapters.web.api import routes
from adapters.web.api.asking import asked_once
from adapters.web.api.callers import token_player
from adapters.web.context import web
from service.app.practising import Practise, SkipPractice
from service.app.replies import Opened

blueprint = Blueprint("practice_api", __name__)
routes.blueprint.register_blueprint(blueprint)  # under /api/v1, its routes are the API's


@blueprint.post("/practice")
def practise() -> tuple[Response, int]:
    """Start a practice deal against the easy bot; it starts at once."""
    player = token_player()
    routes.limit_invitations()
    reply = asked_once(web().service, routes.API_SOURCE, player, "practice", Practise(player))
    assert isinstance(reply, Opened)
    return jsonify(routes.game_answer(reply.game_id, player)), 201


@blueprint.post("/practice/skip")
def skip() -> Response:
    """The guided first deal is offered to this player no more, on any channel."""
    player = token_player()
    asked_once(web().service, routes.API_SOURCE, player, "skip practice", SkipPractice(player))
    return jsonify({"player": player, "practice_skipped": True})
