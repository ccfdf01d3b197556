"""Where a game stands: open for a second player, being played, over, or called off.

A ``StrEnum``: the stores keep the word ("playing") in their rows and hand the member back, and
the JSON of the API and the exports writes the word.  Code compares members, never words.
"""

from __future__ import annotations

from enum import StrEnum


class GameStatus(StrEnum):
    OPEN = "open"
    """Waiting for a second player to accept the invitation."""
    PLAYING = "playing"
    OVER = "over"
    CANCELLED = "cancelled"
    """The host called it off before anyone joined."""
