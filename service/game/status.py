"""Where a game stands: open for a second player, being played, over, or called off.

A ``StrEnum``, so a status compares equal to the word it is stored and shown as ("playing"):
the game lists keep the word in their rows, and code not yet moved to the members still works.
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
