"""The JSON API's review after a game (issue 38): ``GET /api/v1/games/{id}/review``.

A player's own review only: the token must be one of the game's players, and the review is of
that player's decisions (the opponent's review is theirs).  Until the match ends it is 409
``review_not_yet``; once ended, ``ready`` is false until the worker has made it.
"""

from __future__ import annotations

from dataclasses import asdict

from flask import Blueprint, Response, jsonify

from adapters.web.api import routes
from adapters.web.api.callers import token_player
from adapters.web.context import web
from adapters.web.errors import ApiError, not_found
from service.game.events import GameId
from service.game.stored import UnknownGame
from service.rules.errors import IllegalAction
from service.words.reviews import review_summary, step_line

blueprint = Blueprint("reviews", __name__)
routes.blueprint.register_blueprint(blueprint)  # under /api/v1, its routes are the API's


@blueprint.get("/games/<game_id>/review")
def review(game_id: str) -> Response:
    """The player's own review of a finished game: each decision reviewed, the marked ones with
    the better move, and a summary in the player's language."""
    player = token_player()
    service = web().service
    try:
        steps = service.reviewing.of(GameId(game_id), player)
        faces = service.game(GameId(game_id)).variant.deck_faces
    except UnknownGame:
        raise not_found() from None
    except IllegalAction as error:
        raise ApiError.of(error) from None
    tr = service.translator_of(player)
    shown = [
        asdict(step) | ({"text": step_line(step, faces, tr)} if step.mistake else {})
        for step in steps or ()
    ]
    summary = review_summary(steps, faces, tr)
    return jsonify(
        {"game_id": game_id, "ready": steps is not None, "steps": shown, "summary": summary}
    )
