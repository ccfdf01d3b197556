"""The games this process has folded, kept so that reading a game folds only what is new.

The log stays the only truth: a kept game is a prefix of its log, and every read asks the store
for the events after it (``load(after=version)``), appended by this process or any other.
"""

from __future__ import annotations

import threading
from collections.abc import Collection

from service.game.errors import NoSuchGame
from service.game.events import GameId
from service.game.state import Game, apply_all, fold
from service.game.stored import StoredEvent
from service.ports.protocols import EventStore

KEPT_GAMES = 4096


class FoldedGames:
    """A bounded, thread-safe map from game id to the game as last folded (least recently used
    dropped first)."""

    def __init__(self, store: EventStore, size: int = KEPT_GAMES) -> None:
        self.store = store
        self.size = size
        self._games: dict[GameId, Game] = {}
        self._lock = threading.Lock()

    def last_seen(self, game_id: GameId) -> Game | None:
        """The game as this process last folded it, without reading the log (may be behind)."""
        return self._games.get(game_id)

    def current(self, game_id: GameId) -> Game:
        """The game as its log stands now; ``NoSuchGame`` if it has no events."""
        known = self._games.get(game_id)
        newer = self.store.load(game_id, after=0 if known is None else known.version)
        if known is None:
            if not newer:
                raise NoSuchGame()
            return self.keep(fold(newer))
        return self.keep(apply_all(known, newer) if newer else known)

    def moment(self, game_id: GameId, since: int) -> tuple[Game, list[StoredEvent]]:
        """The game as its log stands now and its events from version ``since`` on, in one
        read (``NoSuchGame`` if it has none): what a channel lays out a reader's news from."""
        known = self._games.get(game_id)
        loaded = self.store.load(
            game_id, after=0 if known is None else min(known.version, since - 1)
        )
        if known is None:
            if not loaded:
                raise NoSuchGame()
            game = fold(loaded)
        else:
            game = apply_all(known, [one for one in loaded if one.seq > known.version])
        self.keep(game)  # a later game another thread kept stays; this moment is this read's
        return game, [one for one in loaded if one.seq >= since]

    def warm(self, game_ids: Collection[GameId]) -> None:
        """Fold those of the games this process does not know, in one read (the worker does,
        for each batch it claims)."""
        unknown = [game_id for game_id in game_ids if game_id not in self._games]
        for log in self.store.load_many(unknown).values():
            self.keep(fold(log))

    def keep(self, game: Game) -> Game:
        """Remember ``game`` unless a later version of it is known; the later one either way."""
        with self._lock:
            known = self._games.pop(game.id, None)
            if known is not None and known.version > game.version:
                game = known
            elif len(self._games) >= self.size:
                del self._games[next(iter(self._games))]
            self._games[game.id] = game
        return game
