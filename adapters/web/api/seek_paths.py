"""The OpenAPI description of the lobby's paths (``seeks.py``, issue 36): seeks and automatic
pairing, with the bodies they take and the shapes of their answers."""

from __future__ import annotations

from typing import Any

from adapters.web.api.describing import SECURED, errors, json_body, request_body, whole
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
SEEK_ID = {
    "name": "seek_id",
    "in": "path",
    "required": True,
    "description": "The seek's id, or the six-character code a listing shows.",
    "schema": {"type": "string", "maxLength": 32},
}
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
    """The usual meanings, with the lobby's own for 403 and 409."""
    described = errors(*statuses)
    lobby = {
        403: "No valid player token; not_wanted (the seek asks for another rating or a higher "
        "reliability); not_your_seek.",
        409: STATUS_409,
        404: "No such seek.",
    }
    for status, meaning in lobby.items():
        if str(status) in described:
            described[str(status)] = json_body(ref("Error"), meaning)
    return described


SEEK_PATHS: dict[str, Any] = {
    "/seeks": {
        "get": {
            "summary": "The open seeks for me (anyone without a token), oldest first, only "
            'those that admit me. A private player is named "a player", with a null id.',
            "operationId": "listSeeks",
            "security": [{}, *SECURED],
            "parameters": [
                {"name": "rated", "in": "query", "schema": {"type": "boolean"}},
                {"name": "shortest_move", "in": "query", "schema": {"type": "integer"}},
                {"name": "longest_move", "in": "query", "schema": {"type": "integer"}},
            ],
            "responses": {
                "200": json_body(
                    {
                        "type": "object",
                        "properties": {"seeks": {"type": "array", "items": ref("Seek")}},
                    },
                    "The open seeks.",
                ),
                **_errors(400, 403),
            },
        },
        "post": {
            "summary": "Publish an open challenge: listed until someone accepts it, I withdraw "
            "it, or it expires (a week unless days says otherwise).",
            "operationId": "publishSeek",
            "security": SECURED,
            "parameters": [KEY],
            "requestBody": request_body(_SEEK, required=False),
            "responses": {
                "201": json_body(ref("SeekPublished"), "The seek, listed."),
                **_errors(400, 403, 409, 413, 422),
            },
        },
    },
    "/seeks/{seek_id}/accept": {
        "post": {
            "summary": "Accept a seek: its game begins at once; both players are told. Of any "
            "number accepting at once exactly one gets it; the others hear 409 seek_gone.",
            "operationId": "acceptSeek",
            "security": SECURED,
            "parameters": [SEEK_ID, KEY],
            "responses": {
                "201": json_body(
                    ref("SeekAccepted"),
                    "The game begun (the same game again for the player who took the seek).",
                ),
                **_errors(403, 409),
            },
        }
    },
    "/seeks/{seek_id}": {
        "delete": {
            "summary": "Withdraw my seek from the lobby.",
            "operationId": "withdrawSeek",
            "security": SECURED,
            "parameters": [SEEK_ID, KEY],
            "responses": {
                "200": json_body(
                    {
                        "type": "object",
                        "properties": {
                            "seek_id": {"type": "string"},
                            "status": {"const": "withdrawn"},
                        },
                    },
                    "Withdrawn.",
                ),
                **_errors(403, 404, 409),
            },
        }
    },
    "/pairing": {
        "post": {
            "summary": "Wait to be paired with anyone whose terms fit (again: new terms, the "
            "same place). The game, once paired, is in GET /games; waiting survives restarts.",
            "operationId": "waitForPairing",
            "security": SECURED,
            "parameters": [KEY],
            "requestBody": request_body(_WAIT, required=False),
            "responses": {
                "201": json_body(
                    {
                        "type": "object",
                        "properties": {
                            "waiting": {"const": True},
                            "since": {"type": "string", "format": "date-time"},
                        },
                    },
                    "Waiting.",
                ),
                **_errors(400, 403, 409, 413, 422),
            },
        },
        "delete": {
            "summary": "Stop waiting to be paired.",
            "operationId": "leavePairing",
            "security": SECURED,
            "parameters": [KEY],
            "responses": {
                "200": json_body(
                    {
                        "type": "object",
                        "properties": {
                            "waiting": {"const": False},
                            "was_waiting": {"type": "boolean"},
                        },
                    },
                    "No longer waiting (was_waiting false: was not, or was just paired).",
                ),
                **_errors(403),
            },
        },
    },
}
