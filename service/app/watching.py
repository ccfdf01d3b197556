"""Watching a tournament's game while it is played (issue 37, docs/decisions/spectators.md).

Who may watch: any game of a running tournament — tournaments are public by design, their pages
list every pairing.  An ordinary game cannot be watched: its two players agreed to play each
other, not to be watched, and a public profile only makes a name public.  A finished game of
either kind has its replay for anyone (``GameService.transcript``), so a watch page of a finished
game sends its reader there.

What is watched is ``spectator.spectator_view``: the table, never a hidden card.  Which
tournament a game belongs to is looked up among the running tournaments only (a finished
tournament's games are over, and replayed): their number is bounded by the creators' limits.
"""

from __future__ import annotations

from dataclasses import dataclass

from service.app.tournaments import Tournaments
from service.game.events import GameId
from service.game.state import Game
from service.rules.errors import N_, IllegalAction
from service.rules.spectator import SpectatorView, spectator_view
from service.tournaments.events import TournamentId


class NotWatchable(IllegalAction):
    code = "not_watchable"
    template = N_("Only the games of a running tournament can be watched.")


@dataclass(frozen=True, slots=True)
class Watched:
    """A game as a spectator sees it now, with the tournament it belongs to."""

    game: Game
    view: SpectatorView
    tournament_id: TournamentId


class Watching:
    def __init__(self, tournaments: Tournaments) -> None:
        self.tournaments = tournaments

    def watch(self, game_id: GameId) -> Watched:
        """``game_id`` as a spectator sees it; ``NotWatchable`` unless it is a running
        tournament's game (``UnknownGame`` for no game at all)."""
        game = self.tournaments.service.game(game_id)
        tournament_id = self.tournament_of(game_id)
        if tournament_id is None:
            raise NotWatchable()
        return Watched(game, spectator_view(game.rules), tournament_id)

    def tournament_of(self, game_id: GameId) -> TournamentId | None:
        """The running tournament ``game_id`` was paired in, if any."""
        for tournament_id in self.tournaments.store.running():
            tournament = self.tournaments.tournament(tournament_id)
            for round_ in tournament.rounds:
                if any(pairing.game == game_id for pairing in round_.pairings):
                    return tournament_id
        return None
