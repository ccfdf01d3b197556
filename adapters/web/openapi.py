"""The OpenAPI 3.1 description of the JSON API (``api.py``), served at ``/api/v1/openapi.json``.

Written by hand beside the handlers; a test checks that every route of the API blueprint is
described here and every path described here is a route.
"""

from __future__ import annotations

from typing import Any

from service.language.names import NAME_LENGTH
from service.language.numbers import POSITIVE, Bounds
from service.words.grammar import LONGEST_COMMAND
from service.words.lobby import LARGEST

from .api_schemas import SCHEMAS, ref

VERSION = "1.0.0"


def _whole(bounds: Bounds) -> dict[str, Any]:
    return {"type": "integer", "minimum": bounds.least, "maximum": bounds.most}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _errors(*statuses: int) -> dict[str, Any]:
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
    }
    return {str(status): _json(ref("Error"), meaning[status]) for status in statuses}


_GAME_ID = {"name": "game_id", "in": "path", "required": True, "schema": {"type": "string"}}
_PLAYER = {
    "type": "object",
    "properties": {"player": {"type": "string"}, "token": {"type": "string"}},
}
_SECURED: list[dict[str, list[str]]] = [{"player": []}]


def _your_data() -> dict[str, Any]:
    """A player's data and their erasure (issue 25; ``service.app.your_data``)."""
    player = {"name": "player_id", "in": "path", "required": True, "schema": {"type": "string"}}
    confirm = {"name": "confirm", "in": "query", "required": False, "schema": {"type": "string"}}
    return {
        "/players/{player_id}/data": {
            "get": {
                "summary": "Everything held about you (your id, or me): profile, addresses, "
                "settings, games, finished games' logs, working rows.",
                "operationId": "exportPlayer",
                "security": _SECURED,
                "parameters": [player],
                "responses": {"200": _json({"type": "object"}, "Your data."), **_errors(403)},
            }
        },
        "/players/{player_id}": {
            "delete": {
                "summary": "Erase yourself for good, confirmed by ?confirm=CODE: without it, 409 "
                "erase_not_confirmed gives a new code, good for 30 minutes and 5 tries; a wrong "
                "one is 409 confirmation_code_wrong. Running games are resigned.",
                "operationId": "erasePlayer",
                "security": _SECURED,
                "parameters": [player, confirm],
                "responses": {"204": {"description": "Erased."}, **_errors(403, 409)},
            }
        },
    }


def _paths() -> dict[str, Any]:
    """Every path, with the operations several parts describe on one path put together."""
    paths: dict[str, Any] = {}
    for part in (PLAYER_PATHS, _your_data(), _api_paths()):
        for path, operations in part.items():
            paths[path] = {**paths.get(path, {}), **operations}
    return paths


def _api_paths() -> dict[str, Any]:
    return {
        "/players": {
            "post": {
                "summary": "Become a web player; the answer holds your token.",
                "operationId": "createPlayer",
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "required": ["name"],
                                "allOf": [ref("Settings")],
                                "properties": {
                                    "name": {"type": "string", "maxLength": NAME_LENGTH}
                                },
                            }
                        }
                    },
                },
                "responses": {
                    "201": _json(
                        ref("Player"),
                        "The new player, their token, language and card faces.",
                    ),
                    **_errors(400, 413, 429),
                },
            }
        },
        "/players/me": {
            "get": {
                "summary": "My language and card faces.",
                "operationId": "mySettings",
                "security": _SECURED,
                "responses": {"200": _json(ref("Player"), "My settings."), **_errors(403)},
            },
            "patch": {
                "summary": "Change my language or card faces; every channel, page and answer "
                "of the API speaks to me in them from now on.",
                "operationId": "changeSettings",
                "security": _SECURED,
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": ref("Settings")}},
                },
                "responses": {
                    "200": _json(ref("Player"), "My settings as changed."),
                    **_errors(400, 403, 413),
                },
            },
        },
        "/players/me/token": {
            "post": {
                "summary": "Get a new token: every earlier token and page link of yours stops "
                "working; your games stay yours, with new links.  Your Web Push browsers and "
                "notice address are forgotten: ask for them again.",
                "operationId": "newToken",
                "security": _SECURED,
                "responses": {
                    "201": _json(
                        _PLAYER,
                        "Your new token.",
                    ),
                    **_errors(403),
                },
            }
        },
        "/games": {
            "get": {
                "summary": "List my games, most recently changed first.",
                "operationId": "listGames",
                "security": _SECURED,
                "responses": {
                    "200": _json(
                        {
                            "type": "object",
                            "properties": {"games": {"type": "array", "items": ref("Summary")}},
                        },
                        "My games.",
                    ),
                    **_errors(403),
                },
            },
            "post": {
                "summary": "Open a game against a friend (pass the invitation on) or a bot.",
                "operationId": "createGame",
                "security": _SECURED,
                "parameters": [
                    {
                        "name": "Idempotency-Key",
                        "in": "header",
                        "required": False,
                        "description": "Names the request: sent again with the same key, it "
                        "answers with the game the first one opened instead of a second game.",
                        "schema": {"type": "string", "minLength": 1, "maxLength": 100},
                    }
                ],
                "requestBody": {
                    "required": False,
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "properties": {
                                    "opponent": {
                                        "type": "string",
                                        "enum": [
                                            "friend",
                                            "easy",
                                            "medium",
                                            "hard",
                                            "greedy",
                                            "random",
                                        ],
                                        "default": "friend",
                                    },
                                    **{name: _whole(bounds) for name, bounds in LARGEST.items()},
                                    "move_seconds": {"type": "integer", "minimum": 60},
                                    "rated": {
                                        "type": "boolean",
                                        "description": "true rated, false casual; left out: "
                                        "rated between people, casual against a bot.",
                                    },
                                    "variant": {
                                        "type": "object",
                                        "additionalProperties": {"type": "string"},
                                        "examples": [{"forcing": "disabled"}],
                                    },
                                },
                            }
                        }
                    },
                },
                "responses": {
                    "201": _json(ref("Game"), "The new game."),
                    **_errors(400, 403, 413, 422, 429),
                },
            },
        },
        "/invitations/{code}/join": {
            "post": {
                "summary": "Take the free seat of the game this invitation belongs to.",
                "operationId": "joinGame",
                "security": _SECURED,
                "parameters": [
                    {"name": "code", "in": "path", "required": True, "schema": {"type": "string"}}
                ],
                "responses": {
                    "200": _json(ref("Game"), "The game, now being played."),
                    **_errors(403, 404, 409, 410, 429),
                },
            }
        },
        "/games/{game_id}": {
            "get": {
                "summary": "The game as I may see it, with the version to send with a move.",
                "operationId": "viewGame",
                "security": _SECURED,
                "parameters": [_GAME_ID],
                "responses": {"200": _json(ref("Game"), "The game."), **_errors(403, 404)},
            }
        },
        "/games/{game_id}/cancel": {
            "post": {
                "summary": "Call off a game nobody has joined yet: its invitation stops working.",
                "operationId": "cancelGame",
                "security": _SECURED,
                "parameters": [_GAME_ID],
                "responses": {
                    "200": _json(ref("Game"), "The game, called off (again, if it was)."),
                    **_errors(403, 404, 409),
                },
            }
        },
        "/games/{game_id}/moves": {
            "post": {
                "summary": "Send a command of the shared grammar on the version I saw.",
                "operationId": "act",
                "security": _SECURED,
                "parameters": [
                    _GAME_ID,
                    {
                        "name": "Idempotency-Key",
                        "in": "header",
                        "required": False,
                        "description": "Names the request: sent again with the same key, it is "
                        "answered as the first time and moves or says nothing more.",
                        "schema": {"type": "string", "minLength": 1, "maxLength": 100},
                    },
                ],
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "required": ["command", "expected_version"],
                                "properties": {
                                    "command": {
                                        "type": "string",
                                        "maxLength": LONGEST_COMMAND,
                                        "examples": [
                                            "take 5c 5d discard ks",
                                            "pass",
                                            "say Good luck!",
                                            "offer draw",
                                            "accept",
                                        ],
                                    },
                                    "expected_version": _whole(POSITIVE),
                                },
                            }
                        }
                    },
                },
                "responses": {
                    "200": _json(ref("Game"), "The game after the command."),
                    **_errors(400, 403, 404, 409, 410, 413, 422, 429),
                },
            }
        },
        "/games/{game_id}/log": {
            "get": {
                "summary": "A finished game's log as JSON Lines (docs/log-format.md).",
                "description": (
                    "Anyone may have the public copy, the players' messages withheld; with the "
                    "token of one of its two players, that player's own copy, with them."
                ),
                "operationId": "exportLog",
                "parameters": [_GAME_ID],
                "security": [{}, *_SECURED],
                "responses": {
                    "200": {
                        "description": "The log: a header line, then one line per event.",
                        "content": {"application/x-ndjson": {"schema": {"type": "string"}}},
                    },
                    **_errors(403, 404, 409),
                },
            }
        },
        "/openapi.json": {
            "get": {
                "summary": "This document.",
                "operationId": "openapi",
                "responses": {"200": {"description": "The OpenAPI document."}},
            }
        },
    }


def document(base_url: str) -> dict[str, Any]:
    """The whole description, with the server's own address."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Conquian by message",
            "version": VERSION,
            "description": "Two-player Conquian, one move at a time. Errors are JSON objects "
            "with a stable code, a message to show, and parameters.",
        },
        "servers": [{"url": f"{base_url}/api/v1"}],
        "paths": _paths(),
        "components": {
            "schemas": SCHEMAS,
            "securitySchemes": {
                "player": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "The token from POST /players.",
                }
            },
        },
    }


_PLAYER_PROFILE = {"description": "The profile.", "content": {"application/json": {}}}
PLAYER_PATHS: dict[str, Any] = {
    "/players/{player_id}": {
        "get": {
            "summary": "A player's profile: rating, record, opponents, recent games. Public "
            "profiles to anyone, your own with your token; otherwise 404. An opponent whose "
            'profile is private is shown to others as "a player" with a null id, and their '
            "games with a null game, opponent and replay.",
            "operationId": "playerProfile",
            "responses": {
                "200": _PLAYER_PROFILE,
                "404": {"description": "No such public profile."},
            },
        }
    },
    "/players/me/profile": {
        "post": {
            "summary": "Make your profile public or private (public), join or leave the "
            "leaderboard (listed).",
            "operationId": "chooseProfile",
            "responses": {"200": {"description": "Your choices now."}},
        }
    },
    "/leaderboard": {
        "get": {
            "summary": "Public, listed profiles with at least five rated games, best first.",
            "operationId": "leaderboard",
            "responses": {"200": {"description": "The leaderboard."}},
        }
    },
}
