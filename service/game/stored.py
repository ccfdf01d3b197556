"""An event as the log holds it, and the one way a store says a game is not there.

They belong to the log itself, not to the ports that read and write it, so that the folded game,
its checks and the exported logs can use them without depending on the application's ports.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from service.game.codec import LogEvent
from service.game.events import GameId


class UnknownGame(LookupError):
    """No game has this id."""


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """An event as the log holds it: its place in its game (``seq``, from 1), its place in the whole
    log (``position``, increasing across games, for followers) and when it was appended."""

    game_id: GameId
    seq: int
    position: int
    event: LogEvent
    at: datetime
