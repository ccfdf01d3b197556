"""The ``web`` channel's sender: nothing to push.

A player who plays only on the web sees what happened when their page next asks for the game
(every few seconds while it is open, or when they open it), so their notifications are delivered
as soon as they are written.  A player with another channel registered first (Telegram, email)
is told there, because the dispatcher uses a player's first address that has a sender.
"""

from __future__ import annotations

from service.game.events import PlayerId
from service.ports.protocols import Address, Notification


class PageSender:
    def send(self, player: PlayerId, address: Address, notification: Notification) -> None:
        """The page is the delivery: nothing to send."""
