"""Use cases of a rematch: offering one, accepting one, and starting the new game.

Offers and acceptances are the game decider's (``OfferRematch``, ``AcceptRematch``); a bot
accepts an offer at once.  The new game is opened and joined after the acceptance is recorded,
idempotently, so a crash between the two is repaired by the next offer or acceptance.

Nothing offers a game with a player who erased themselves (issue 31): an offer to them, or an
acceptance of an offer they made before leaving, is refused (``OpponentLeft``) — such a game
could never start — and every channel asks ``may_rematch`` before it shows a Rematch button or
line.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass

from service.app.journal import Journal
from service.app.seating import Seating
from service.bots.levels import BOTS
from service.game.commands import AcceptRematch, OfferRematch
from service.game.decide import answers_offer, checked_seat, decide_game
from service.game.errors import InvitationUsed, NoFinishedGame
from service.game.events import GameId, PlayerId
from service.game.state import Game
from service.game.status import GameStatus
from service.ports.directory import Directory
from service.ports.protocols import Chance, ConcurrencyError
from service.rules.errors import N_, IllegalAction


class OpponentLeft(IllegalAction):
    code = "opponent_left"
    template = N_("Your opponent has left the service, so there can be no rematch with them.")


def has_left(directory: Directory | None, player: PlayerId | None) -> bool:
    """Whether ``player`` erased themselves (a bot, or an id nobody knows, has not)."""
    if directory is None or player is None:
        return False
    try:
        return directory.profile(player).former
    except KeyError:
        return False


@dataclass(frozen=True, slots=True)
class Rematches:
    journal: Journal
    chance: Chance
    seating: Seating
    left: Callable[[PlayerId | None], bool] = lambda player: False
    """Whether a player erased themselves (``has_left`` over the directory)."""

    def may_rematch(self, game: Game, player: PlayerId) -> bool:
        """Whether ``player`` may be offered a rematch of ``game``: its opponent is still here."""
        seat = game.seat_of(player)
        return seat is not None and not self.left(game.players[seat.other])

    def check_opponent(self, game: Game, player: PlayerId) -> None:
        """Refuse (``OpponentLeft``) a rematch of ``game`` with a player who erased themselves."""
        if game.seat_of(player) is not None and not self.may_rematch(game, player):
            raise OpponentLeft()

    def offer(self, game_id: GameId, player: PlayerId) -> GameId | None:
        """Offer a new game with the same settings; a bot, or an earlier offer, accepts at once."""

        def attempt(game: Game) -> GameId | None:
            self.check_opponent(game, player)
            command = OfferRematch(player, self._new_game(game, player))
            events = decide_game(game, command, self.journal.clock.now())
            if events:
                game, _ = self.journal.append(game, events, actor=player)
            if game.rematch is not None:
                return self.started(game)
            opponent = game.players[checked_seat(game, player).other]
            return self.accept(game.id, opponent) if opponent in BOTS else None

        return self.journal.retried(game_id, attempt)

    def accept(self, game_id: GameId, player: PlayerId | None) -> GameId:
        """Accept the opponent's offer and start the rematch (started once however often)."""
        assert player is not None, "a finished game has both players"

        def attempt(game: Game) -> GameId:
            self.check_opponent(game, player)
            command = AcceptRematch(player, self._new_game(game, player))
            events = decide_game(game, command, self.journal.clock.now())
            if events:
                game, _ = self.journal.append(game, events, actor=player)
            return self.started(game)

        return self.journal.retried(game_id, attempt)  # after a lost race: start what it recorded

    def last_finished(self, player: PlayerId) -> GameId:
        """The player's most recently finished game, the one a rematch without a game is of."""
        for summary in self.journal.store.summaries(player):
            if summary.status == GameStatus.OVER:
                return summary.game_id
        raise NoFinishedGame()

    def started(self, game: Game) -> GameId:
        """Open and join the recorded rematch unless that is done already."""
        assert game.rematch is not None
        offerer = game.rematch_offer or game.host
        accepter = game.players[1] if game.players[0] == offerer else game.players[0]
        assert accepter is not None
        if not self.journal.store.load(game.rematch):
            with suppress(ConcurrencyError):  # opened by a racing request
                self.seating.opened(
                    offerer,
                    game.variant,
                    game.terms,
                    game.time_control,
                    game.id,
                    game.rematch,
                    game.rated,
                )
        rematch = self.journal.game(game.rematch)
        if rematch.status is GameStatus.OPEN:
            with suppress(InvitationUsed):  # joined by a racing request
                self.seating.join(rematch.invitation, accepter)
        return game.rematch

    def _new_game(self, game: Game, player: PlayerId) -> GameId | None:
        """The rematch's id, drawn only when this request records the rematch."""
        if game.seat_of(player) is None or not answers_offer(game, player):
            return None
        return GameId(self.chance.token())
