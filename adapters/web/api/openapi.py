"""The OpenAPI 3.1 description of the JSON API (``routes.py``), served at ``/api/v1/openapi.json``.

Written by hand beside the handlers; a test checks that every route of the API blueprint is
described here and every path described here is a route.
"""

from __future__ import annotations

from typing import Any

from adapters.web.api.describing import (
    GAME_ID,
    PLAYER,
    SECURED,
    errors,
    json_body,
    request_body,
    whole,
)
from adapters.web.api.player_paths import PLAYER_PATHS, your_data_paths
from adapters.web.api.practice_paths import PRACTICE_PATHS
from adapters.web.api.review_paths import REVIEW_PATHS
from adapters.web.api.schemas import SCHEMAS, ref
from adapters.web.api.seek_paths import SEEK_PATHS
from adapters.web.api.tournament_paths import TOURNAMENT_PATHS
from service.language.names import NAME_LENGTH
from service.language.numbers import POSITIVE
from service.words.grammar import LONGEST_COMMAND
from service.words.lobby import LARGEST

VERSION = "1.0.0"


def _paths() -> dict[str, Any]:
    """Every path, with the operations several parts describe on one path put together."""
    paths: dict[str, Any] = {}
    for part in (
        PLAYER_PATHS,
        your_data_paths(),
        _api_paths(),
        SEEK_PATHS,
        TOURNAMENT_PATHS,
        REVIEW_PATHS,
        PRACTICE_PATHS,
    ):
        for path, operations in part.items():
            paths[path] = {**paths.get(path, {}), **operations}
    return paths


def _api_paths() -> dict[str, Any]:
    return {
        "/players": {
            "post": {
                "summary": "Become a web player; the answer holds your token.",
                "operationId": "createPlayer",
                "requestBody": request_body(
                    {
                        "type": "object",
                        "required": ["name"],
                        "allOf": [ref("Settings")],
                        "properties": {"name": {"type": "string", "maxLength": NAME_LENGTH}},
                    }
                ),
                "responses": {
                    "201": json_body(
                        ref("Player"),
                        "The new player, their token, language and card faces.",
                    ),
                    **errors(400, 413, 429),
                },
            }
        },
        "/players/me": {
            "get": {
                "summary": "My language and card faces.",
                "operationId": "mySettings",
                "security": SECURED,
                "responses": {"200": json_body(ref("Player"), "My settings."), **errors(403)},
            },
            "patch": {
                "summary": "Change my language or card faces; every channel, page and answer "
                "of the API speaks to me in them from now on.",
                "operationId": "changeSettings",
                "security": SECURED,
                "requestBody": request_body(ref("Settings")),
                "responses": {
                    "200": json_body(ref("Player"), "My settings as changed."),
                    **errors(400, 403, 413),
                },
            },
        },
        "/players/me/token": {
            "post": {
                "summary": "Get a new token: every earlier token and page link of yours stops "
                "working; your games stay yours, with new links.  Your Web Push browsers and "
                "notice address are forgotten: ask for them again.",
                "operationId": "newToken",
                "security": SECURED,
                "responses": {
                    "201": json_body(
                        PLAYER,
                        "Your new token.",
                    ),
                    **errors(403),
                },
            }
        },
        "/games": {
            "get": {
                "summary": "List my games, most recently changed first.",
                "operationId": "listGames",
                "security": SECURED,
                "responses": {
                    "200": json_body(
                        {
                            "type": "object",
                            "properties": {"games": {"type": "array", "items": ref("Summary")}},
                        },
                        "My games.",
                    ),
                    **errors(403),
                },
            },
            "post": {
                "summary": "Open a game against a friend (pass the invitation on) or a bot.",
                "operationId": "createGame",
                "security": SECURED,
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
                "requestBody": request_body(
                    {
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
                            **{name: whole(bounds) for name, bounds in LARGEST.items()},
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
                    },
                    required=False,
                ),
                "responses": {
                    "201": json_body(ref("Game"), "The new game."),
                    **errors(400, 403, 413, 422, 429),
                },
            },
        },
        "/invitations/{code}/join": {
            "post": {
                "summary": "Take the free seat of the game this invitation belongs to.",
                "operationId": "joinGame",
                "security": SECURED,
                "parameters": [
                    {"name": "code", "in": "path", "required": True, "schema": {"type": "string"}}
                ],
                "responses": {
                    "200": json_body(ref("Game"), "The game, now being played."),
                    **errors(403, 404, 409, 410, 429),
                },
            }
        },
        "/games/{game_id}": {
            "get": {
                "summary": "The game as I may see it, with the version to send with a move.",
                "operationId": "viewGame",
                "security": SECURED,
                "parameters": [GAME_ID],
                "responses": {"200": json_body(ref("Game"), "The game."), **errors(403, 404)},
            }
        },
        "/games/{game_id}/cancel": {
            "post": {
                "summary": "Call off a game nobody has joined yet: its invitation stops working.",
                "operationId": "cancelGame",
                "security": SECURED,
                "parameters": [GAME_ID],
                "responses": {
                    "200": json_body(ref("Game"), "The game, called off (again, if it was)."),
                    **errors(403, 404, 409),
                },
            }
        },
        "/games/{game_id}/moves": {
            "post": {
                "summary": "Send a command of the shared grammar on the version I saw.",
                "operationId": "act",
                "security": SECURED,
                "parameters": [
                    GAME_ID,
                    {
                        "name": "Idempotency-Key",
                        "in": "header",
                        "required": False,
                        "description": "Names the request: sent again with the same key, it is "
                        "answered as the first time and moves or says nothing more.",
                        "schema": {"type": "string", "minLength": 1, "maxLength": 100},
                    },
                ],
                "requestBody": request_body(
                    {
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
                            "expected_version": whole(POSITIVE),
                        },
                    }
                ),
                "responses": {
                    "200": json_body(ref("Game"), "The game after the command."),
                    **errors(400, 403, 404, 409, 410, 413, 422, 429),
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
                "parameters": [GAME_ID],
                "security": [{}, *SECURED],
                "responses": {
                    "200": {
                        "description": "The log: a header line, then one line per event.",
                        "content": {"application/x-ndjson": {"schema": {"type": "string"}}},
                    },
                    **errors(403, 404, 409),
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
