"""The worker's rounds: time out overdue decisions, make the deliberate bots' decisions (the hard
bot's search, kept off the request path) and send due reminders.

Deadlines and reminder times live in the game summaries, derived from the log on every append;
a round claims the due games (so two workers never handle one at once) and acts through
``GameService`` under the version it claimed, so a repeated round, a restarted worker or a move
that lands first never makes a timeout count twice.  The games of a claimed batch, and their
players' clock settings, are read together before any is acted on, and the batch's timeouts are
appended together, in one transaction (``GameService.time_out_all``).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from service.app.games import GameService
from service.ports.protocols import LEASE, Due


class Sweeper:
    def __init__(self, service: GameService, batch: int = 500, lease: timedelta = LEASE) -> None:
        self.service = service
        self.batch = batch
        self.lease = lease

    def expire_overdue(self) -> int:
        """Time out every overdue decision, batch by batch; how many timed out."""
        count = 0
        while True:
            claimed, timed_out = self.expire_batch()
            count += timed_out
            if claimed < self.batch:
                return count

    def expire_batch(self) -> tuple[int, int]:
        """Claim a batch of due decisions and time out the overdue ones, in one append of the
        batch, then make the deliberate bots' decisions, one append each (a search takes a
        while: each move is kept as soon as it is made).  How many were claimed (a full batch
        means more may be waiting) and how many timed out.

        A search that outlasts the claim's lease is safe: its append is under the version claimed,
        so a second worker that claimed the game meanwhile makes the move at most once between
        them."""
        claimed = self.service.store.claim_due(self.service.clock.now(), self.batch, self.lease)
        self._read(claimed)
        decisions = [(due.game_id, due.version) for due in claimed]
        timed_out = self.service.time_out_all(decisions)
        for game_id, version in decisions:
            self.service.play_bot(game_id, version)
        return len(claimed), len(timed_out)

    def next_due(self) -> datetime | None:
        """When the earliest deadline no worker holds falls (perhaps already): when a sweep next
        has work."""
        return self.service.store.next_due(self.service.clock.now())

    def send_reminders(self, give_way: Callable[[], bool] = lambda: False) -> int:
        """Queue every due reminder, batch by batch, unless ``give_way`` says to stop before a
        batch (the rest wait for the next round); how many were queued."""
        count = 0
        while not give_way():
            now = self.service.clock.now()
            claimed = self.service.store.claim_reminders(now, self.batch, self.lease)
            self._read(claimed)
            count += sum(self._remind(due) for due in claimed)
            if len(claimed) < self.batch:
                break
        return count

    def _read(self, claimed: list[Due]) -> None:
        """Read the claimed games and their players' clock settings in a read each, not one per
        game: acting on a batch then takes an append per game and nothing more."""
        service = self.service
        service.folded.warm([due.game_id for due in claimed])
        seen = (service.folded.last_seen(due.game_id) for due in claimed)
        service.settings.warm([p for game in seen if game for p in game.players if p])

    def _remind(self, due: Due) -> bool:
        """Queue the next reminder of the decision claimed at ``due.version``, if it has come (a
        pause or an extension since its last reminder moves the times, and the claim comes
        early).  The game as last seen will do at that version: ``reminded`` queues nothing for
        a game that has moved on."""
        game = self.service.folded.last_seen(due.game_id)
        if game is None or game.version != due.version:
            game = self.service.game(due.game_id)
        deadline = self.service.deadline(game)
        if deadline is None or game.version != due.version:
            return False
        now, player = self.service.clock.now(), deadline.player
        return self.service.store.reminded(
            due.game_id, due.version, player, deadline.reminders, now
        )
