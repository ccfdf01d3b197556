"""Use cases of a player's clock across their games: a vacation pauses it in each game being
played, and the vacation follows the clock events it causes — when the player's own move resumes
their clock in one game, they are back, so the vacation ends and their other games resume.

Each pause or resume is the game decider's (``Pause``, ``Resume``), appended like any decision
(``Journal``); a pause or resume that does not apply to a game leaves it alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from service.app.journal import Journal
from service.app.outcome import Applied
from service.clock.vacations import start_vacation
from service.game.codec import LogEvent
from service.game.commands import Pause, Resume
from service.game.decide import decide_game
from service.game.errors import ClockNotPaused, NoProfile, OnVacation
from service.game.events import ClockResumed, GameId, PlayerId
from service.game.state import Game
from service.game.status import GameStatus
from service.ports.directory import Directory
from service.ports.protocols import GameSummary
from service.rules.errors import MatchOver


class Pauses:
    def __init__(self, journal: Journal, directory: Directory | None) -> None:
        self.journal = journal
        self.directory = directory

    def take_vacation(self, player: PlayerId, days: int) -> tuple[datetime, list[Applied]]:
        """Record the vacation and pause the player's clock in each game they are playing: when
        it ends, and the outcome in each game it paused."""
        if self.directory is None:
            raise NoProfile()
        until = start_vacation(self.directory, player, days, self.journal.clock.now())
        paused = (self.pause(s.game_id, player, until) for s in self._playing(player))
        return until, [outcome for outcome in paused if outcome is not None]

    def followed(
        self, player: PlayerId, game_id: GameId, events: Sequence[LogEvent], now: datetime
    ) -> None:
        """Follow the events ``player``'s own move appended in ``game_id``: if the move resumed
        their clock first, they are back — cut the vacation short and resume their other games."""
        if not events or not isinstance(events[0], ClockResumed):
            return
        if self.directory is not None:
            self.directory.end_vacation(player, now)
        for summary in self._playing(player):
            if summary.game_id != game_id:
                self.resume(summary.game_id, player)

    def pause(self, game_id: GameId, player: PlayerId, until: datetime) -> Applied | None:
        """Stop ``player``'s clock in one game until ``until``; None if the game is not played
        (or the clock is paused already)."""
        return self._change(game_id, player, Pause(player, until))

    def resume(self, game_id: GameId, player: PlayerId) -> Applied | None:
        """Restart ``player``'s paused clock in one game; None if it is not paused."""
        return self._change(game_id, player, Resume(player))

    def _change(self, game_id: GameId, player: PlayerId, command: Pause | Resume) -> Applied | None:
        def attempt(game: Game) -> Applied | None:
            try:
                events = decide_game(game, command, self.journal.clock.now())
            except (MatchOver, OnVacation, ClockNotPaused):
                return None
            after, stored = self.journal.append(game, events, actor=player)
            return Applied(after, player, tuple(stored))

        return self.journal.retried(game_id, attempt)

    def _playing(self, player: PlayerId) -> list[GameSummary]:
        summaries = self.journal.store.summaries(player)
        return [s for s in summaries if s.status == GameStatus.PLAYING]
