"""The OpenAPI description of the tournaments' paths (``tournament_routes.py``, issue 37), with
the body a new tournament takes and the shapes of the answers."""

from __future__ import annotations

from typing import Any

from adapters.web.api import describing
from adapters.web.api.schemas import SCHEMAS, ref
from adapters.web.api.seek_paths import KEY
from adapters.web.api.tournament_bodies import ENTRY_DAYS, FORMATS, ROUND_DAYS, ROUNDS, SIZE
from service.words.lobby import LARGEST

TOURNAMENT_ID = describing.listed_id("tournament_id", "The tournament's")
_NEW = {
    "type": "object",
    "required": ["format", "size"],
    "properties": {
        "format": {"enum": list(FORMATS)},
        "size": {**describing.whole(SIZE), "description": "The most players (seats)."},
        "rounds": {**describing.whole(ROUNDS), "description": "Swiss only, and required there."},
        "double": {
            "type": "boolean",
            "default": False,
            "description": "Round-robin only: each pair meets twice, the first dealer swapped.",
        },
        **{name: describing.whole(bounds) for name, bounds in LARGEST.items()},
        "move_seconds": {"type": "integer", "minimum": 60},
        "rated": {"type": "boolean", "default": True},
        "variant": {"type": "object", "additionalProperties": {"type": "string"}},
        "entry_days": {
            **describing.whole(ENTRY_DAYS),
            "default": 7,
            "description": "The join window.",
        },
        "late_until": {
            **describing.whole(ROUNDS),
            "default": 1,
            "description": "Swiss: a player may enter until this round is paired.",
        },
        "round_days": {
            **describing.whole(ROUND_DAYS),
            "description": "A deadline per round, after which a running match is adjudicated "
            "by its score; without it a round ends when its matches do.",
        },
    },
    "description": "The tournament, and the terms of its games as POST /games takes them.",
}
_PLAYER = {
    "type": "object",
    "properties": {
        "player": {"type": ["string", "null"], "description": "Null for a private player."},
        "name": {"type": "string", "description": 'The name, or "a player".'},
    },
}
SCHEMAS["Tournament"] = {
    "type": "object",
    "required": ["tournament_id", "code", "format", "size", "open", "finished"],
    "properties": {
        "tournament_id": {"type": "string"},
        "code": {"type": "string", "description": "Its six characters, as chats list it."},
        "format": {"enum": list(FORMATS)},
        "format_text": {"type": "string"},
        "size": {"type": "integer"},
        "rounds": {"type": ["integer", "null"]},
        "double": {"type": "boolean"},
        "terms": {"type": "object"},
        "terms_text": {"type": "string"},
        "players_entered": {"type": "integer"},
        "entries_close_at": {"type": "string", "format": "date-time"},
        "open": {"type": "boolean", "description": "Whether it takes entries now."},
        "finished": {"type": "boolean"},
    },
}
SCHEMAS["TournamentPlayed"] = {
    "allOf": [
        ref("Tournament"),
        {
            "type": "object",
            "properties": {
                "standings": {
                    "type": "array",
                    "items": {
                        "allOf": [
                            _PLAYER,
                            {
                                "type": "object",
                                "properties": {
                                    "points": {"type": "number"},
                                    "buchholz": {"type": "number"},
                                    "sonneborn_berger": {"type": "number"},
                                    "withdrawn": {"type": "boolean"},
                                },
                            },
                        ]
                    },
                },
                "rounds": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {
                            "number": {"type": "integer"},
                            "bye": {"oneOf": [_PLAYER, {"type": "null"}]},
                            "ended": {"type": "boolean"},
                            "pairings": {
                                "type": "array",
                                "items": {
                                    "type": "object",
                                    "properties": {
                                        "first": _PLAYER,
                                        "second": _PLAYER,
                                        "game_id": {"type": ["string", "null"]},
                                        "result": {
                                            "type": ["array", "null"],
                                            "items": {"type": "number"},
                                            "description": "Points of first and second.",
                                        },
                                        "ending": {"type": ["string", "null"]},
                                    },
                                },
                            },
                        },
                    },
                },
            },
        },
    ]
}


def _errors(*statuses: int) -> dict[str, Any]:
    """The usual meanings, with the tournaments' own for 403, 404 and 409."""
    own = {
        403: "No valid player token; may_not_create (too few finished games).",
        404: "unknown_tournament: no such tournament (a code names only one not finished).",
        409: "entries_closed, tournament_full, not_entered, tournament_over, too_many_tournaments.",
    }
    return describing.errors(*statuses, own=own)


TOURNAMENT_PATHS: dict[str, Any] = {
    "/tournaments": {
        "get": describing.operation(
            "Every tournament, the newest first.",
            "listTournaments",
            {
                "200": describing.json_body(
                    describing.an_object(tournaments={"type": "array", "items": ref("Tournament")}),
                    "The tournaments.",
                )
            },
            public=True,
        ),
        "post": describing.operation(
            "Create a tournament, open for entries until entry_days have passed or it is full. "
            "Only a player with enough finished games, and few at a time.",
            "createTournament",
            {
                "201": describing.json_body(
                    describing.an_object(tournament_id={"type": "string"}, code={"type": "string"}),
                    "Created.",
                ),
                **_errors(400, 403, 409, 413, 422),
            },
            [KEY],
            describing.request_body(_NEW),
        ),
    },
    "/tournaments/{tournament_id}": {
        "get": describing.operation(
            'Its standings, rounds and pairings with their games; a private player is "a player" '
            "with a null id.",
            "showTournament",
            {
                "200": describing.json_body(ref("TournamentPlayed"), "The tournament."),
                **_errors(404),
            },
            [TOURNAMENT_ID],
            public=True,
        )
    },
    "/tournaments/{tournament_id}/join": {
        "post": describing.operation(
            "Enter the tournament; each round's game begins when it is paired.",
            "joinTournament",
            {
                "201": describing.json_body(
                    describing.done("tournament_id", "entered"), "Entered."
                ),
                **_errors(403, 404, 409),
            },
            [TOURNAMENT_ID, KEY],
        )
    },
    "/tournaments/{tournament_id}/withdraw": {
        "post": describing.operation(
            "Withdraw: paired no more, a running match resigned.",
            "withdrawFromTournament",
            {
                "200": describing.json_body(
                    describing.done("tournament_id", "withdrawn"), "Withdrawn."
                ),
                **_errors(403, 404, 409),
            },
            [TOURNAMENT_ID, KEY],
        )
    },
    "/tournaments/{tournament_id}/log": {
        "get": describing.operation(
            "The tournament's log as JSON Lines, which conquian verify checks with its games' "
            "logs (GET /games/{game_id}/log).",
            "exportTournament",
            {
                "200": {
                    "description": "The log.",
                    "content": {"application/x-ndjson": {"schema": {"type": "string"}}},
                },
                **_errors(404),
            },
            [TOURNAMENT_ID],
            public=True,
        )
    },
}
