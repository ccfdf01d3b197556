"""The shapes of the JSON API's answers: the component schemas of its OpenAPI document
(``openapi.py``), which the paths refer to with ``ref``."""

from __future__ import annotations

from typing import Any

from service.language.translation import LANGUAGES


def ref(name: str) -> dict[str, str]:
    """A reference to the component schema ``name``."""
    return {"$ref": f"#/components/schemas/{name}"}


_WORDS = {
    "language": {
        "type": "string",
        "enum": list(LANGUAGES),
        "description": "The language of the player's pages, messages and mails, of the "
        "legal moves and options in their views and of the game's refusals in error "
        "messages. A regional code (es-MX, uk-UA, tl-PH) is read as its language.",
    },
    "card_faces": {
        "type": "string",
        "enum": ["french", "spanish", "game"],
        "description": "The deck the player reads and writes cards in: French (A-7, J, Q, K "
        "of clubs, diamonds, hearts, spades), Spanish (1-7, 10-12 of oros, copas, espadas, "
        "bastos), or each game's own.",
    },
}

SCHEMAS: dict[str, Any] = {
    "Settings": {
        "type": "object",
        "description": "What a player chose to read: sent when they are created, changed "
        "later with PATCH /players/me (as lang and faces do in a game). Both are optional.",
        "properties": _WORDS,
    },
    "Player": {
        "type": "object",
        "required": ["player", "language", "card_faces"],
        "properties": {"player": {"type": "string"}, "token": {"type": "string"}, **_WORDS},
    },
    "Error": {
        "type": "object",
        "required": ["error"],
        "properties": {
            "error": {
                "type": "object",
                "required": ["code", "message", "params"],
                "properties": {
                    "code": {"type": "string", "examples": ["stale_version"]},
                    "message": {
                        "type": "string",
                        "description": "For people: a refusal of the game (an illegal move, a "
                        "used invitation) in the player's language (else Accept-Language's); "
                        "a request's own faults (bad JSON, a field) in English.",
                    },
                    "params": {"type": "object", "additionalProperties": {"type": "string"}},
                },
            }
        },
    },
    "View": {
        "type": "object",
        "description": "The game as one player may see it: their own hand only.",
        "properties": {
            "seat": {"type": "integer", "enum": [1, 2]},
            "phase": {"type": "string"},
            "to_act": {"type": ["integer", "null"]},
            "your_turn": {"type": "boolean"},
            "dealer": {"type": "integer"},
            "deal": {"type": "integer"},
            "hand": {"type": "array", "items": {"type": "string"}, "examples": [["5C", "5D"]]},
            "hand_sizes": {"type": "array", "items": {"type": "integer"}},
            "tables": {
                "type": "array",
                "items": {"type": "array", "items": {"type": "array", "items": {"type": "string"}}},
            },
            "center": {"type": ["string", "null"]},
            "center_source": {"type": ["string", "null"]},
            "stock": {"type": "integer"},
            "dead": {"type": "integer"},
            "dead_cards": {"type": "array", "items": {"type": "string"}},
            "revealed": {"type": ["array", "null"], "items": {"type": "string"}},
            "scores": {"type": "array", "items": {"type": "integer"}},
            "multiplier": {"type": "integer"},
            "match_winner": {"type": ["integer", "null"]},
            "variant": {"type": "object", "additionalProperties": {"type": "string"}},
            "legal": {
                "type": "array",
                "items": {"type": "string"},
                "description": "Every legal move, written as the command that makes it.",
            },
            "options": {"type": "string"},
            "over": {"type": "boolean"},
            "prompt": {
                "type": ["string", "null"],
                "description": "In the guided first deal (POST /practice): a short prompt at "
                "the first decision of each new kind, in the player's language; else null.",
            },
        },
    },
    "Game": {
        "type": "object",
        "required": ["game_id", "status", "version", "page_url", "view"],
        "properties": {
            "game_id": {"type": "string"},
            "status": {"type": "string", "enum": ["open", "playing", "over", "cancelled"]},
            "version": {
                "type": "integer",
                "description": "Send it back as expected_version with the next move.",
            },
            "players": {"type": "array", "items": {"type": ["string", "null"]}},
            "to_act": {"type": ["string", "null"]},
            "since": {"type": "string", "format": "date-time"},
            "due_at": {"type": ["string", "null"], "format": "date-time"},
            "commitment": {
                "type": ["object", "null"],
                "description": "SHA-256 of the current deal's deck order and a secret salt, "
                "published before the deal; the salt is revealed in the log once it is over.",
                "properties": {"deal": {"type": "integer"}, "sha256": {"type": "string"}},
            },
            "page_url": {"type": "string", "description": "The player's private page."},
            "invitation": {"type": "string", "description": "While the game is open."},
            "invitation_url": {"type": "string"},
            "view": {"oneOf": [ref("View"), {"type": "null"}]},
            "moved": {
                "type": "array",
                "items": {"type": "integer"},
                "description": "After a move: the first and last event it appended.",
            },
            "query": {"type": "string", "description": "After a look (hand, help …)."},
            "hint": {
                "type": "object",
                "description": "After hint (a casual game against a bot): what the hard bot "
                "would play (move, an English command), the meld it makes, the card it keeps "
                "back, the percentage of sampled deal endings it won, and all of it in words.",
                "properties": {
                    "move": {"type": "string"},
                    "melds": {"type": "array", "items": {"type": "string"}},
                    "fears": {"type": ["string", "null"]},
                    "rate": {"type": "integer"},
                    "text": {"type": "string"},
                },
            },
        },
    },
    "Summary": {
        "type": "object",
        "properties": {
            "game_id": {"type": "string"},
            "status": {"type": "string"},
            "players": {"type": "array", "items": {"type": ["string", "null"]}},
            "to_act": {"type": ["string", "null"]},
            "since": {"type": "string", "format": "date-time"},
            "due_at": {"type": ["string", "null"], "format": "date-time"},
            "version": {"type": "integer"},
            "invitation": {"type": ["string", "null"]},
        },
    },
}

SCHEMAS["Seek"] = {
    "type": "object",
    "description": "An open seek as the reader may see it: terms, a rating and a reliability, "
    "never an address or words a player typed.",
    "required": ["seek_id", "code", "player", "name", "rating", "reliability", "terms"],
    "properties": {
        "seek_id": {"type": "string"},
        "code": {"type": "string", "description": "Its six characters, as chats list it."},
        "player": {
            "type": ["string", "null"],
            "description": "The owner's id; null for a private player.",
        },
        "name": {"type": "string", "description": 'The owner\'s name, or "a player".'},
        "own": {"type": "boolean", "description": "The reader's own seek."},
        "rating": {"type": "integer"},
        "reliability": {
            "type": ["integer", "null"],
            "description": "Per cent of finished games not abandoned; null for a new player.",
        },
        "terms": {
            "type": "object",
            "properties": {
                "deals": {"type": ["integer", "null"]},
                "target": {"type": ["integer", "null"]},
                "stake": {"type": "integer"},
                "move_seconds": {"type": "integer"},
                "rated": {"type": "boolean"},
                "variant": {"type": "object", "additionalProperties": {"type": "string"}},
            },
        },
        "terms_text": {"type": "string", "description": "The terms in the reader's words."},
        "expires_at": {"type": "string", "format": "date-time"},
    },
}
SCHEMAS["SeekPublished"] = {
    "type": "object",
    "required": ["seek_id", "code", "expires_at"],
    "properties": {
        "seek_id": {"type": "string"},
        "code": {"type": "string"},
        "expires_at": {"type": "string", "format": "date-time"},
    },
}
SCHEMAS["SeekAccepted"] = {
    "type": "object",
    "required": ["seek_id", "game_id", "page_url"],
    "properties": {
        "seek_id": {"type": "string"},
        "game_id": {"type": "string"},
        "page_url": {"type": "string", "description": "My private page of the game."},
    },
}
