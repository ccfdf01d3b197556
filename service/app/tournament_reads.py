"""What the channels read of tournaments (issue 37): a tournament by its id or by its code as
listed, the ones open for entries, the round a game is played in, and how a reader may see a
player; ``Tournaments`` is these reads with the use cases, as ``GameService`` is ``GameReads``
with its own."""

from __future__ import annotations

from typing import Any

from service.app.games import GameService
from service.app.seating import requested_game
from service.game.events import GameId, PlayerId
from service.ports.tournaments import Listed, TournamentStore
from service.tournaments.decide import takes_entries
from service.tournaments.errors import UnknownTournament
from service.tournaments.events import PlayerEntered, Stored, TournamentId
from service.tournaments.requests import CODE_LENGTH
from service.tournaments.state import Tournament, fold
from service.words.naming import Public, may_see


class TournamentReads:
    """What every channel may read; ``Tournaments`` sets these parts up."""

    service: GameService
    store: TournamentStore
    public: Public

    # -- reads --------------------------------------------------------------------------------

    def log(self, tournament_id: TournamentId) -> list[Stored]:
        stored = self.store.load(tournament_id)
        if not stored:
            raise UnknownTournament()
        return stored

    def tournament(self, tournament_id: TournamentId) -> Tournament:
        return fold(self.log(tournament_id))

    def listed(self) -> list[Listed]:
        return self.store.listed()

    def resolve(self, code: str) -> TournamentId:
        """The tournament a player names by its code as listed (or its whole id), among those
        not finished; ``UnknownTournament`` if it names none or more than one."""
        code = code.lower()
        if len(code) < CODE_LENGTH:
            raise UnknownTournament()
        found = [
            row.tournament_id
            for row in self.store.listed()
            if not row.finished and row.tournament_id.startswith(code)
        ]
        if len(found) != 1:
            raise UnknownTournament()
        return found[0]

    def found(self, code: str) -> Tournament:
        """The tournament named by its whole id (finished too) or by its code as listed."""
        if len(code) > CODE_LENGTH and self.store.load(TournamentId(code)):
            return self.tournament(TournamentId(code))
        return self.tournament(self.resolve(code))

    def open_ones(self) -> list[Tournament]:
        """The tournaments a player may still enter (not full, entries not closed), newest
        first."""
        shown = []
        for row in self.store.listed():
            if row.finished:
                continue
            tournament = self.tournament(row.tournament_id)
            if takes_entries(tournament):
                shown.append(tournament)
        return shown

    def round_of(self, game_id: GameId) -> tuple[TournamentId, int] | None:
        """The running tournament and round ``game_id`` is played in, if any: what the news
        of a game's start adds (``GameReads.round_of``).  Its host's games of the round being
        paired or played are named by their requests (``_open_games``), so this holds while
        the round is being paired too, before ``RoundPaired`` is appended; read only at a
        game's start, the look through the running tournaments is cheap enough."""
        host = self.service.game(game_id).players[0]
        for tournament_id in self.store.running():
            tournament = self.tournament(tournament_id)
            if host not in tournament.players:
                continue
            number = len(tournament.rounds) + (tournament.current is None)
            for board in range(tournament.terms.size // 2):
                if requested_game(host, board_request(tournament_id, number, board)) == game_id:
                    return tournament_id, number
        return None

    def entries_of(self, player: PlayerId) -> list[dict[str, Any]]:
        """The tournaments ``player`` entered or created, as their export lists them: their own
        part only (their entry, its rating and time, whether they withdrew), not who else played
        (``app/your_data.py``).  Every tournament is read: an export is rare."""
        held = []
        for row in self.store.listed():
            log = self.log(row.tournament_id)
            tournament = fold(log)
            if player not in tournament.players and tournament.creator != player:
                continue
            entered = [
                one.at
                for one in log
                if isinstance(one.event, PlayerEntered) and one.event.player == player
            ]
            held.append(
                {
                    "tournament_id": tournament.tournament_id,
                    "created_by_you": tournament.creator == player,
                    "entered": entered[0].isoformat() if entered else None,
                    "rating_at_entry": next(
                        (one.rating for one in tournament.entrants if one.player == player), None
                    ),
                    "withdrawn": player in tournament.withdrawn,
                    "finished": tournament.finished,
                }
            )
        return held

    def shown_as(self, reader: PlayerId | None, player: PlayerId) -> PlayerId | None:
        """``player`` as ``reader`` may see them in a tournament's lists: None ("a player")
        for a private player (``words.naming.may_see``; a tournament is no one game)."""
        return player if may_see(reader, player, self.public) else None


def board_request(tournament_id: TournamentId, number: int, board: int) -> str:
    """The request a round's board's game is opened under: the same game when asked again."""
    return f"tournament {tournament_id} round {number} board {board}"
