"""Typed requests of linking a player's addresses on two channels (``service.players.linking``),
handled once per inbox key by ``GameService.request`` like the lobby's.

A code made for a request is recorded as its reply (``LinkOffered``), so a request delivered
again after a crash shows the same code instead of making another; a confirmation is recorded
as ``Linked`` (a code works once, so a confirmation handled again would otherwise be refused).
"""

from __future__ import annotations

from dataclasses import dataclass

from service.app.replies import Linked, LinkOffered, Reply
from service.game.events import PlayerId
from service.players.linking import Linking
from service.ports.directory import Address


@dataclass(frozen=True, slots=True)
class OfferLink:
    """A code for ``player`` to show at their own address ``at`` and type (or mail) elsewhere."""

    player: PlayerId
    at: Address


@dataclass(frozen=True, slots=True)
class ConfirmLink:
    """``code`` typed from the address ``at``: link the code's address to its player."""

    code: str
    at: Address


LinkRequest = OfferLink | ConfirmLink


def link_reply(linking: Linking, request: LinkRequest) -> Reply:
    match request:
        case OfferLink(player, at):
            return LinkOffered(linking.offer(player, at).code)
        case ConfirmLink(code, at):
            return Linked(linking.confirm(code, at))
