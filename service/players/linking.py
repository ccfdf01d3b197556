"""Linking a player's addresses on two channels, so one player can play from either (for example
email and Telegram) and receive each game on the channel they choose first.

Control of both addresses is proven with a one-time code, whichever side starts:

* ``offer(player, at)``: the code is shown at the player's own address ``at``; typed from another
  address (``confirm(code, other)``), that address joins the player.
* ``send_to(player, target)``: the code is delivered to ``target`` by its channel; typed back from
  ``target`` or from one of the player's addresses, ``target`` joins the player.

A code is used once and lapses after ``valid_for`` (30 minutes).  An address that belongs to
another player is never taken over.  Channel-agnostic: channels deliver and read the codes.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Protocol

from service.game.events import PlayerId
from service.language.translation import ENGLISH, Translator
from service.ports.directory import Address, Directory
from service.ports.protocols import Chance, Clock
from service.rules.errors import N_, IllegalAction

VALID_FOR = timedelta(minutes=30)


class LinkError(IllegalAction):
    code = "link_error"


class UnknownLinkCode(LinkError):
    code = "unknown_link_code"
    template = N_("That link code is not valid: it was used already, has expired or was mistyped.")


class AddressTaken(LinkError):
    code = "address_taken"
    template = N_("That address already belongs to another player, so it cannot be linked.")


class LinkedAlready(LinkError):
    code = "linked_already"
    template = N_("That address is yours already.")


@dataclass(frozen=True, slots=True)
class LinkCode:
    code: str
    player: PlayerId
    target: Address | None
    """The address to link, when the code was sent there; None when the code was shown to the
    player and the address it is typed from is the one to link."""
    expires_at: datetime


def valid_for_text(tr: Translator = ENGLISH) -> str:
    """How long a code works, in ``tr``'s language: ``30 minutes``."""
    minutes = int(VALID_FOR.total_seconds() // 60)
    return tr.ngettext("{n} minute", "{n} minutes", minutes)


class LinkCodes(Protocol):
    """Pending link codes."""

    def put(self, link: LinkCode) -> None: ...

    def take(self, code: str) -> LinkCode | None:
        """The pending link with ``code``, removed (a code is used once); None if there is none."""
        ...


@dataclass
class InMemoryLinkCodes:
    pending: dict[str, LinkCode] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def put(self, link: LinkCode) -> None:
        with self.lock:
            self.pending[link.code] = link

    def take(self, code: str) -> LinkCode | None:
        with self.lock:
            return self.pending.pop(code, None)


@dataclass(frozen=True, slots=True)
class Linking:
    """The use cases of linking, over the directory and the pending codes."""

    directory: Directory
    codes: LinkCodes
    clock: Clock
    chance: Chance
    valid_for: timedelta = VALID_FOR

    def offer(self, player: PlayerId, at: Address) -> LinkCode:
        """A code to show ``player`` at ``at`` (one of their addresses), to type elsewhere."""
        if self.directory.player_at(at) != player:
            raise AddressTaken()
        return self._new(player, None)

    def send_to(self, player: PlayerId, target: Address) -> LinkCode:
        """A code for ``target``'s channel to deliver there; typed back, it links ``target``."""
        owner = self.directory.player_at(target)
        if owner == player:
            raise LinkedAlready()
        if owner is not None:
            raise AddressTaken()
        return self._new(player, target)

    def confirm(self, code: str, at: Address) -> PlayerId:
        """Link the code's address to its player; the player."""
        link = self.codes.take(code.strip().lower())
        if link is None or self.clock.now() >= link.expires_at:
            raise UnknownLinkCode()
        mine = self.directory.player_at(at) == link.player
        if link.target is None:
            if mine:
                raise LinkedAlready()
            return self._link(link.player, at)
        if at != link.target and not mine:
            raise UnknownLinkCode()
        return self._link(link.player, link.target)

    def _new(self, player: PlayerId, target: Address | None) -> LinkCode:
        link = LinkCode(
            self.chance.token().lower(), player, target, self.clock.now() + self.valid_for
        )
        self.codes.put(link)
        return link

    def _link(self, player: PlayerId, address: Address) -> PlayerId:
        try:
            self.directory.link(player, address)
        except ValueError:
            raise AddressTaken() from None
        return player
