"""The ``web`` channel's sender: nothing to push, so it delivers only to the page's own players.

A player who plays on the web sees what happened when their page next asks for the game (every
few seconds while it is open, or when they open it), so their notifications are delivered as
soon as they are written.  That holds only for a player whose page is their channel: one who
came by the web (their first address is a web one).  A Telegram or email player also gets a web
address as soon as a message links their page; if the worker could not reach their own channel
(Telegram off in its process), counting the page as delivery would mark a notification
delivered that reached nobody.  For them the page refuses (``Undeliverable``, naming their
channel), so the dispatcher tries their other addresses, and records the notification as failed
with that reason when none takes it.
"""

from __future__ import annotations

from service.delivery.dispatch import Telling, Undeliverable
from service.ports.directory import Address, Directory


class PageSender:
    def __init__(self, directory: Directory) -> None:
        self.directory = directory

    def send(self, address: Address, telling: Telling) -> None:
        """The page is the delivery of a web player; for anyone else it is no delivery."""
        first = next(iter(self.directory.addresses(telling.player)), address)
        if first.channel != address.channel:
            raise Undeliverable(f"their channel is {first.channel}, not the page")
