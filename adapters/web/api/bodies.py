"""What a JSON request body says, field by field: each reader names the field it refuses (400),
so a client learns exactly what to fix; a variant or a time the rules do not allow are 422."""

from __future__ import annotations

import json
from collections.abc import Collection
from typing import Any

from flask import request

from adapters.web.errors import ApiError, bad_request
from service.language.numbers import Bounds, NotWithin, whole_number
from service.language.translation import LANGUAGES, supported
from service.rules.errors import IllegalAction
from service.words.lobby import LARGEST, BadNumber, GameOptions, read_fields


def json_object() -> dict[str, Any]:
    """The request's JSON object (an empty body is an empty object)."""
    raw = request.get_data(cache=True)
    if not raw.strip():
        return {}
    if request.mimetype != "application/json":
        raise bad_request("Send the body as JSON with Content-Type: application/json.")
    try:
        body = json.loads(raw, parse_int=_whole_number)
    except UnicodeDecodeError:
        raise bad_request("The body is not UTF-8 text.", "malformed_json") from None
    except json.JSONDecodeError as error:
        where = f"line {error.lineno}, column {error.colno}"
        message = f"The body is not valid JSON: {error.msg} at {where}."
        raise bad_request(message, "malformed_json") from None
    except RecursionError:
        raise bad_request("The body is nested too deeply.", "malformed_json") from None
    if not isinstance(body, dict):
        raise bad_request("The body must be a JSON object.")
    try:  # "\ud800" is valid JSON, yet no text: it could be neither stored nor answered
        json.dumps(body, ensure_ascii=False).encode()
    except UnicodeEncodeError:
        raise bad_request(
            "The body holds a lone surrogate (\\ud800–\\udfff).", "malformed_json"
        ) from None
    try:
        if _holds_nul(body):  # PostgreSQL stores no NUL in text
            raise bad_request("The body holds a NUL character (\\u0000).", "malformed_json")
    except RecursionError:
        raise bad_request("The body is nested too deeply.", "malformed_json") from None
    return body


class Digits(str):
    """A JSON whole number longer than any field takes (``int`` stops at 4,300 digits with a
    message about Python), kept as its digits so that the field's reader refuses it by its own
    name and bounds, in its own words."""


def _whole_number(digits: str) -> int | str:
    return int(digits) if len(digits) <= 100 else Digits(digits)


def _holds_nul(value: Any) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_holds_nul(key) or _holds_nul(one) for key, one in value.items())
    if isinstance(value, list):
        return any(_holds_nul(one) for one in value)
    return False


def text(body: dict[str, Any], name: str, longest: int, required: bool = False) -> str:
    value = body.get(name)
    if value is None and not required:
        return ""
    if not isinstance(value, str) or not value.strip():
        raise bad_request(f"'{name}' must be a non-empty string.", "bad_field")
    if len(value) > longest:
        raise bad_request(f"'{name}' must be at most {longest} characters.", "bad_field")
    return value.strip()


def whole(body: dict[str, Any], name: str, bounds: Bounds, required: bool = False) -> int | None:
    value = body.get(name)
    if value is None and not required:
        return None
    try:
        if isinstance(value, str):  # a JSON number, not text of digits
            raise NotWithin(bounds)
        return whole_number(value, bounds)
    except NotWithin as refusal:
        raise bad_request(f"'{name}' must be {refusal}.", "bad_field") from None


def choice(body: dict[str, Any], name: str, choices: Collection[str], default: str) -> str:
    value = body.get(name, default)
    if not isinstance(value, str) or value not in choices:
        raise bad_request(f"'{name}' must be one of {', '.join(choices)}.", "bad_field")
    return value


FACES = {"french": "french", "spanish": "spanish", "game": ""}
"""The API's names for the card faces a player reads (``faces …`` in a game): the French deck,
the Spanish one, or each game's own (stored as empty)."""


def language(body: dict[str, Any]) -> str | None:
    """The ``language`` field as a catalog's code (``es-MX`` is ``es``), or None when absent."""
    value = body.get("language")
    if value is None:
        return None
    code = supported(value) if isinstance(value, str) else None
    if code is None:
        raise bad_request(f"'language' must be one of {', '.join(LANGUAGES)}.", "bad_field")
    return code


def card_faces(body: dict[str, Any]) -> str | None:
    """The ``card_faces`` field as stored (``french``, ``spanish``, empty), or None when absent."""
    if body.get("card_faces") is None:
        return None
    return FACES[choice(body, "card_faces", FACES, "game")]


def game_options(body: dict[str, Any], opponents: Collection[str]) -> GameOptions:
    """The new game's options: the body's types are checked here (400), what they say by the
    lobby every channel shares (its refusals answered as the service's)."""
    opponent = choice(body, "opponent", opponents, "friend")
    flags = body.get("variant", {})
    if not isinstance(flags, dict) or not all(isinstance(v, str) for v in flags.values()):
        raise bad_request(
            "'variant' must be an object of flag names to string values.", "bad_field"
        )
    fields = {name: body.get(name) for name in (*LARGEST, "move_seconds")}
    rated = body.get("rated")
    if rated is not None and not isinstance(rated, bool):
        raise bad_request("'rated' must be true (rated) or false (casual).", "bad_field")
    try:
        for name, value in fields.items():
            if isinstance(value, bool) or not isinstance(value, int | Digits | None):
                raise BadNumber(name=name, value=str(value))
        return read_fields({**fields, "opponent": opponent, "variant": flags, "rated": rated})
    except IllegalAction as error:
        raise ApiError.of(error) from None
