"""The worker's rounds: time out overdue decisions and send due reminders.

Deadlines and reminder times live in the game summaries, derived from the log on every append;
a round claims the due games (so two workers never handle one at once) and acts through
``GameService`` under the version it claimed, so a repeated round, a restarted worker or a move
that lands first never makes a timeout count twice.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from .games import GameService
from .ports import Due

LEASE = timedelta(seconds=30)
"""How long a claim holds before another worker may take the game up (a crashed worker's)."""


class Sweeper:
    def __init__(self, service: GameService, batch: int = 500, lease: timedelta = LEASE) -> None:
        self.service = service
        self.batch = batch
        self.lease = lease

    def expire_overdue(self) -> int:
        """Time out every overdue decision, batch by batch; how many timed out."""
        count = 0
        while True:
            claimed = self.service.store.claim_due(self.service.clock.now(), self.batch, self.lease)
            count += sum(self.service.time_out(d.game_id, d.version) is not None for d in claimed)
            if len(claimed) < self.batch:
                return count

    def next_due(self) -> datetime | None:
        """When the earliest deadline no worker holds falls (perhaps already): when a sweep next
        has work."""
        return self.service.store.next_due(self.service.clock.now())

    def send_reminders(self) -> int:
        """Queue every due reminder; how many were queued."""
        count = 0
        while True:
            now = self.service.clock.now()
            claimed = self.service.store.claim_reminders(now, self.batch, self.lease)
            count += sum(self._remind(due) for due in claimed)
            if len(claimed) < self.batch:
                return count

    def _remind(self, due: Due) -> bool:
        game = self.service.game(due.game_id)
        deadline = self.service.deadline(game)
        if deadline is None or game.version != due.version:
            return False
        later = [at for at in deadline.reminders if at > due.at]
        upcoming = later[0] if later else None
        return self.service.store.reminded(due.game_id, due.version, deadline.player, upcoming)
