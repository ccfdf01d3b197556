"""The pieces every path of the OpenAPI document (``openapi.py``) is described with: bodies,
errors with what each status means here, the path's game id, the player token's security."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adapters.web.api.schemas import ref
from service.language.numbers import Bounds


def whole(bounds: Bounds) -> dict[str, Any]:
    return {"type": "integer", "minimum": bounds.least, "maximum": bounds.most}


def json_body(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def request_body(schema: dict[str, Any], required: bool = True) -> dict[str, Any]:
    """A JSON body of ``schema``."""
    return {"required": required, "content": {"application/json": {"schema": schema}}}


def errors(*statuses: int, own: Mapping[int, str] | None = None) -> dict[str, Any]:
    """The error answers of these statuses, with what each means; ``own``, what some mean on a
    family of paths (the lobby's, the tournaments') instead of the usual."""
    meaning = {
        400: "The body is not JSON, not an object, or a field is missing, of the wrong type or "
        "out of its bounds.",
        403: "No valid player token, or the player does not sit at this game.",
        404: "No such game or invitation.",
        409: "The game moved on since the version sent (stale_version), or the request does "
        "not fit the game's state (invitation_used, own_invitation, game_not_over, "
        "game_started).",
        410: "The host called the game off: its invitation (invitation_withdrawn) and the "
        "game (game_called_off) are gone.",
        413: "The body is larger than the limit.",
        422: "The command is not understood or not legal now; the message says what to do.",
        429: "Too many requests; Retry-After says when to try again.",
        **(own or {}),
    }
    return {str(status): json_body(ref("Error"), meaning[status]) for status in statuses}


GAME_ID = {"name": "game_id", "in": "path", "required": True, "schema": {"type": "string"}}
PLAYER = {
    "type": "object",
    "properties": {"player": {"type": "string"}, "token": {"type": "string"}},
}
SECURED: list[dict[str, list[str]]] = [{"player": []}]


def an_object(**properties: Any) -> dict[str, Any]:
    """A JSON object of these properties: an answer's shape."""
    return {"type": "object", "properties": properties}


def listed_id(name: str, whose: str) -> dict[str, Any]:
    """A path's parameter naming a listed thing: ``whose`` id, or the code a listing shows."""
    return {
        "name": name,
        "in": "path",
        "required": True,
        "description": f"{whose} id, or the six-character code a listing shows.",
        "schema": {"type": "string", "maxLength": 32},
    }


def done(id_name: str, status: str) -> dict[str, Any]:
    """The answer of a request that changed a thing's status: its id (``id_name``) and the
    status it has now."""
    return an_object(**{id_name: {"type": "string"}, "status": {"const": status}})


def operation(
    summary: str,
    operation_id: str,
    responses: dict[str, Any],
    parameters: list[dict[str, Any]] | None = None,
    body: dict[str, Any] | None = None,
    public: bool = False,
) -> dict[str, Any]:
    """One operation of a path: for a player's token, or ``public`` (anyone without one too),
    with its parameters and request body if it takes them."""
    described: dict[str, Any] = {
        "summary": summary,
        "operationId": operation_id,
        "security": [{}, *SECURED] if public else SECURED,
    }
    if parameters is not None:
        described["parameters"] = parameters
    if body is not None:
        described["requestBody"] = body
    return {**described, "responses": responses}
