"""What a player's command did, as the use cases answer it (``GameService``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from service.game.events import GameId, PlayerId
from service.game.state import Game
from service.game.stored import StoredEvent
from service.ports.directory import Profile
from service.rules.view import PlayerView, view_for
from service.words.grammar import Query


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a player's command did: the game after it and the events it appended (none for a query)."""

    game: Game
    player: PlayerId
    appended: tuple[StoredEvent, ...] = ()
    query: Query | None = None
    vacation: tuple[datetime, tuple[GameId, ...]] | None = None
    """For ``vacation``: when it ends and the games it paused."""
    profile: Profile | None = None
    """For ``settings`` and a change of one: the player's settings (after the change)."""

    @property
    def view(self) -> PlayerView:
        seat = self.game.seat_of(self.player)
        assert seat is not None
        return view_for(self.game.rules, seat)
