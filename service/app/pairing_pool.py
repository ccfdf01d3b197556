"""Automatic pairing: a player waits with their terms, and the worker's pairing step pairs the
waiting (``service.seeks.pairing``) and opens their games.

The pool is stored, so waiting survives restarts; it ends when the player leaves or is paired.  A
pair is first marked in the store (both must still wait: a player who left in the meantime is
not paired), then its game is opened under the pair's key and the pair settled; a step that
stopped in between is finished by the next, and opens the same game (``Seating.open_game``).
Both players are told: the game is joined for the second as nobody's move (``tell_player``).
"""

from __future__ import annotations

from service.app.seating import Seating
from service.app.seekers import Seekers, check_wanted
from service.clock.timeouts import check_time_control
from service.game.events import GameId, PlayerId
from service.game.status import GameStatus
from service.ports.seeks import Seeks
from service.seeks.pairing import pairs
from service.seeks.seeks import Pair, Waiting
from service.seeks.terms import SeekTerms, Wanted


class PairingPool:
    def __init__(self, seeks: Seeks, seekers: Seekers, seating: Seating) -> None:
        self.seeks = seeks
        self.seekers = seekers
        self.seating = seating
        self.clock = seating.journal.clock

    def wait(self, player: PlayerId, terms: SeekTerms, wanted: Wanted) -> Waiting:
        """Wait to be paired (again: with these terms, since the first time); the entry."""
        check_time_control(terms.time_control)
        check_wanted(wanted)
        now = self.clock.now()
        earlier = next((one for one in self.seeks.waiting() if one.player == player), None)
        if earlier is None:
            self.seekers.check_room(player, now)
        waiting = Waiting(
            player,
            terms,
            wanted,
            self.seekers.rating(player),
            self.seekers.reliabilities.of(player).percent,
            now if earlier is None else earlier.since,
        )
        self.seeks.wait(waiting)  # False: paired meanwhile, and the game is on its way
        return waiting

    def leave(self, player: PlayerId) -> bool:
        """Stop waiting; False if the player was not waiting (or has just been paired)."""
        return self.seeks.leave(player)

    def waiting(self) -> list[Waiting]:
        """The players waiting to be paired, longest waiting first."""
        return self.seeks.waiting()

    def pair_waiting(self) -> list[GameId]:
        """The worker's step: finish the pairs a stopped step left, pair the waiting who fit, and
        open their games; the games opened."""
        opened = [self._opened(pair) for pair in self.seeks.paired()]
        for pair in pairs(self.seeks.waiting(), self.clock.now()):
            if self.seeks.pair(pair):
                opened.append(self._opened(pair))
        return opened

    def _opened(self, pair: Pair) -> GameId:
        terms = pair.first.terms
        game_id = self.seating.open_game(
            pair.first.player,
            terms.variant,
            terms.match,
            terms.time_control,
            None,
            pair.key,
            terms.rated,
        )
        game = self.seating.journal.game(game_id)
        if game.status is GameStatus.OPEN:
            self.seating.join(game.invitation, pair.second.player, tell_player=True)
        self.seeks.settle(pair)
        return game_id
