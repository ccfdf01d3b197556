"""The OpenAPI description of the players' paths (``players.py``: profiles, the leaderboard) and
of a player's data (``routes.py``: the export and the erasure)."""

from __future__ import annotations

from typing import Any

from adapters.web.api.describing import SECURED, errors, json_body


def your_data_paths() -> dict[str, Any]:
    """A player's data and their erasure (issue 25; ``service.app.your_data``)."""
    player = {"name": "player_id", "in": "path", "required": True, "schema": {"type": "string"}}
    confirm = {"name": "confirm", "in": "query", "required": False, "schema": {"type": "string"}}
    return {
        "/players/{player_id}/data": {
            "get": {
                "summary": "Everything held about you (your id, or me): profile, addresses, "
                "settings, games, finished games' logs, working rows.",
                "operationId": "exportPlayer",
                "security": SECURED,
                "parameters": [player],
                "responses": {"200": json_body({"type": "object"}, "Your data."), **errors(403)},
            }
        },
        "/players/{player_id}": {
            "delete": {
                "summary": "Erase yourself for good, confirmed by ?confirm=CODE: without it, 409 "
                "erase_not_confirmed gives a new code, good for 30 minutes and 5 tries; a wrong "
                "one is 409 confirmation_code_wrong. Running games are resigned.",
                "operationId": "erasePlayer",
                "security": SECURED,
                "parameters": [player, confirm],
                "responses": {"204": {"description": "Erased."}, **errors(403, 409)},
            }
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
