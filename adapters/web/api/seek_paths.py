"""The OpenAPI description of the lobby's paths (``seeks.py``, issue 36): seeks and automatic
pairing, with the bodies they take and the shapes of their answers."""

from __future__ import annotations

from typing import Any

from adapters.web.api.describing import (
    an_object,
    done,
    errors,
    json_body,
    listed_id,
    operation,
    request_body,
    whole,
)
from adapters.web.api.schemas import ref
from adapters.web.api.seek_bodies import DAYS, PERCENT, RATING
from service.words.lobby import LARGEST

KEY = {
    "name": "Idempotency-Key",
    "in": "header",
    "required": False,
    "description": "Names the request: sent again with the same key, it is answered as the "
    "first time and changes nothing more (one seek, one acceptance).",
    "schema": {"type": "string", "minLength": 1, "maxLength": 100},
}
SEEK_ID = listed_id("seek_id", "The seek's")
_TERMS: dict[str, Any] = {
    **{name: whole(bounds) for name, bounds in LARGEST.items()},
    "move_seconds": {"type": "integer", "minimum": 60},
    "rated": {"type": "boolean", "default": True, "description": "true rated, false casual."},
    "variant": {
        "type": "object",
        "additionalProperties": {"type": "string"},
        "examples": [{"forcing": "disabled"}],
    },
    "rating_range": {
        "type": "array",
        "minItems": 2,
        "maxItems": 2,
        "items": {"oneOf": [whole(RATING), {"type": "null"}]},
        "description": "[low, high]: the ratings admitted; null leaves that end open.",
        "examples": [[1400, 1800], [None, 1600]],
    },
    "min_reliability": {
        **whole(PERCENT),
        "description": "The least share of finished games not abandoned, in per cent; a new "
        "player has none, so any number above 0 leaves them out.",
    },
}
_WAIT = {
    "type": "object",
    "properties": _TERMS,
    "description": "The terms, as POST /games "
    "takes them (no opponent), and whom the player admits.",
}
_SEEK = {
    "type": "object",
    "properties": {
        **_TERMS,
        "days": {**whole(DAYS), "default": 7, "description": "How long it stays listed."},
    },
    "description": _WAIT["description"],
}
STATUS_409 = "seek_gone (taken first, withdrawn or expired), own_seek, too_many_games, "
STATUS_409 += "too_many_seeks, too_many_accepts."


def _errors(*statuses: int) -> dict[str, Any]:
    """The usual meanings, with the lobby's own for 403, 404 and 409."""
    lobby = {
        403: "No valid player token; not_wanted (the seek asks for another rating or a higher "
        "reliability); not_your_seek.",
        409: STATUS_409,
        404: "No such seek.",
    }
    return errors(*statuses, own=lobby)


SEEK_PATHS: dict[str, Any] = {
    "/seeks": {
        "get": operation(
            "The open seeks for me (anyone without a token), oldest first, only those that "
            'admit me. A private player is named "a player", with a null id.',
            "listSeeks",
            {
                "200": json_body(
                    an_object(seeks={"type": "array", "items": ref("Seek")}), "The open seeks."
                ),
                **_errors(400, 403),
            },
            [
                {"name": "rated", "in": "query", "schema": {"type": "boolean"}},
                {"name": "shortest_move", "in": "query", "schema": {"type": "integer"}},
                {"name": "longest_move", "in": "query", "schema": {"type": "integer"}},
            ],
            public=True,
        ),
        "post": operation(
            "Publish an open challenge: listed until someone accepts it, I withdraw it, or it "
            "expires (a week unless days says otherwise).",
            "publishSeek",
            {
                "201": json_body(ref("SeekPublished"), "The seek, listed."),
                **_errors(400, 403, 409, 413, 422),
            },
            [KEY],
            request_body(_SEEK, required=False),
        ),
    },
    "/seeks/{seek_id}/accept": {
        "post": operation(
            "Accept a seek: its game begins at once; both players are told. Of any number "
            "accepting at once exactly one gets it; the others hear 409 seek_gone.",
            "acceptSeek",
            {
                "201": json_body(
                    ref("SeekAccepted"),
                    "The game begun (the same game again for the player who took the seek).",
                ),
                **_errors(403, 409),
            },
            [SEEK_ID, KEY],
        )
    },
    "/seeks/{seek_id}": {
        "delete": operation(
            "Withdraw my seek from the lobby.",
            "withdrawSeek",
            {
                "200": json_body(done("seek_id", "withdrawn"), "Withdrawn."),
                **_errors(403, 404, 409),
            },
            [SEEK_ID, KEY],
        )
    },
    "/pairing": {
        "post": operation(
            "Wait to be paired with anyone whose terms fit (again: new terms, the same place). "
            "The game, once paired, is in GET /games; waiting survives restarts.",
            "waitForPairing",
            {
                "201": json_body(
                    an_object(
                        waiting={"const": True}, since={"type": "string", "format": "date-time"}
                    ),
                    "Waiting.",
                ),
                **_errors(400, 403, 409, 413, 422),
            },
            [KEY],
            request_body(_WAIT, required=False),
        ),
        "delete": operation(
            "Stop waiting to be paired.",
            "leavePairing",
            {
                "200": json_body(
                    an_object(waiting={"const": False}, was_waiting={"type": "boolean"}),
                    "No longer waiting (was_waiting false: was not, or was just paired).",
                ),
                **_errors(403),
            },
            [KEY],
        ),
    },
}
