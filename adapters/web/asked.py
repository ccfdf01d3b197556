"""What the API and the pages take and give alike: the opponents a client may ask for, the
length of a command, a game's log as a download, the channels a profile names.  Here, in the web shell, so that neither the
API nor the pages import the other for them."""

from __future__ import annotations

from flask import Response

from service.game.events import PlayerId
from service.ports.directory import Directory
from service.words.grammar import LONGEST_COMMAND

OPPONENTS = ("friend", "easy", "medium", "hard", "greedy", "random")
"""The opponents a client may ask for (the lobby's words: the bot's levels, and the older
``greedy`` and ``random`` the API published first; ``bot`` is Telegram's)."""
COMMAND_LENGTH = LONGEST_COMMAND
"""The shared grammar's limit: a page, the API and every other channel take the same commands."""


def log_response(game_id: str, lines: list[str]) -> Response:
    """A log as a download."""
    response = Response("\n".join(lines) + "\n", mimetype="application/x-ndjson")
    response.headers["Content-Disposition"] = f'attachment; filename="conquian-{game_id}.jsonl"'
    return response


def channels_of(directory: Directory | None, player: PlayerId) -> list[str]:
    """The names of the channels a player is reached on (never the addresses): what a profile
    shows, on its page and in the API."""
    if directory is None:
        return []
    return sorted({address.channel for address in directory.addresses(player)} - {"log"})
