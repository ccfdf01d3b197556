"""The OpenAPI description of the guided first deal (``practice.py``, issue 38)."""

from __future__ import annotations

from typing import Any

from adapters.web.api.describing import an_object, errors, json_body, operation
from adapters.web.api.schemas import ref

_KEY = {
    "name": "Idempotency-Key",
    "in": "header",
    "required": False,
    "description": "Names the request: sent again with the same key, it is answered as the first "
    "time (the same game) and changes nothing more.",
    "schema": {"type": "string", "minLength": 1, "maxLength": 100},
}
PRACTICE_PATHS: dict[str, Any] = {
    "/practice": {
        "post": operation(
            "Start the guided first deal: one casual deal against the easy bot, with a short "
            "prompt (the view's prompt) at the first decision of each new kind.",
            "startPractice",
            {"201": json_body(ref("Game"), "The practice game."), **errors(400, 403, 429)},
            [_KEY],
        )
    },
    "/practice/skip": {
        "post": operation(
            "Decline the guided first deal: no channel offers it to you again.",
            "skipPractice",
            {
                "200": json_body(
                    an_object(player={"type": "string"}, practice_skipped={"type": "boolean"}),
                    "Declined.",
                ),
                **errors(400, 403),
            },
            [_KEY],
        )
    },
}
