"""The OpenAPI description of the review after a game (``reviews.py``, issue 38)."""

from __future__ import annotations

from typing import Any

from adapters.web.api.describing import SECURED, errors, json_body

_STEP = {
    "type": "object",
    "properties": {
        "seq": {"type": "integer", "description": "The number of the move's first event."},
        "chosen": {"type": "string", "description": "The move made (an English command)."},
        "best": {"type": "string", "description": "The hard bot's move there."},
        "loss": {"type": "integer", "description": "Percent of the deal the move gave away."},
        "mistake": {"type": "boolean", "description": "Marked: a loss of 25 or more."},
        "text": {"type": "string", "description": "A marked step in the player's words."},
    },
}
REVIEW_PATHS: dict[str, Any] = {
    "/games/{game_id}/review": {
        "get": {
            "summary": "Your own review of a finished game: each of your decisions judged by the "
            "hard bot's search from what you could see, the much worse ones marked with the "
            "better move. 409 review_not_yet while the game is played; ready is false until "
            "the worker has made it.",
            "operationId": "getReview",
            "security": SECURED,
            "parameters": [
                {"name": "game_id", "in": "path", "required": True, "schema": {"type": "string"}}
            ],
            "responses": {
                "200": json_body(
                    {
                        "type": "object",
                        "properties": {
                            "game_id": {"type": "string"},
                            "ready": {"type": "boolean"},
                            "steps": {"type": "array", "items": _STEP},
                            "summary": {"type": "string"},
                        },
                    },
                    "The review.",
                ),
                **errors(403, 404, 409),
            },
        }
    }
}
