"""``AskingMail``: a kind of mail whose commands are requests of one of the service's ways in
(``Lobby.request``, ``Tournaments.request``): the lobby's seeks, the tournaments.

The ``From`` of a mail proves nothing, so such a request is acted on only for a proven address
(one that answered our mail with its token); anyone else is mailed a confirmation, as a ``new
game with`` is (``invitations``), and the request is done, once under the asking mail's key,
when it is answered ``yes``.  A listing goes out once a day to an unproven address (it may be
forged: backscatter), with a confirmation token in its reply address, so replying to it with a
request proves the address and does it at once.  That rule is the same for every such kind of
mail, so it is written here once; a kind says how its words are read and its replies worded.
"""

from __future__ import annotations

from typing import Generic, TypeVar

from adapters.email.desk import SOURCE, Desk
from adapters.email.inbound import Inbound
from adapters.email.invitations import CONFIRMING, Invitations
from adapters.email.letters import Letter
from adapters.mail.headers import SERVICE_NAME
from service.app.lobby_requests import WayIn
from service.app.replies import Reply
from service.game.events import PlayerId
from service.language.vocabulary import word
from service.players.invitations import DAY, within

Asked = TypeVar("Asked")


class AskingMail(Generic[Asked]):
    confirm: str
    """The confirmation's question (``N_``), with ``{what}`` was asked and the ``{yes}`` to
    reply."""
    quota: str
    """The name of the once-a-day limit on its listings to unproven addresses."""

    def __init__(self, desk: Desk, invitations: Invitations) -> None:
        self.desk = desk
        self.invitations = invitations

    def way_in(self) -> WayIn[Asked] | None:
        raise NotImplementedError

    def request_of(self, player: PlayerId, command: str) -> Asked | None:
        """The request a mail's first line asks of ``player``; None for one that only shows."""
        raise NotImplementedError

    def answer(self, inbound: Inbound, player: PlayerId, reply: Reply) -> str:
        """The reply, mailed with what the player can write next; what was done, for the log."""
        raise NotImplementedError

    def asked(self, inbound: Inbound, earlier: str | None, what: str) -> str:
        """Done now for a proven sender; anyone else is asked to confirm ``what`` (the
        request in the service's words, never the sender's text)."""
        desk = self.desk
        if not desk.consent.proven(inbound.sender):
            tr = desk.tr_for(inbound)
            question = tr.gettext(self.confirm, what=what, yes=word(tr, "yes"))
            subject = tr.gettext("{service}: confirm your request", service=SERVICE_NAME)
            return self.invitations.ask(inbound, "", earlier, question, subject)
        return self.confirmed(inbound, inbound)

    def confirmed(self, asked: Inbound, answering: Inbound) -> str:
        """Do what the proven ``asked`` mail asked, once under its key, and answer
        ``answering`` (the mail itself, or the ``yes`` to its confirmation)."""
        desk, way_in = self.desk, self.way_in()
        assert way_in is not None  # its words are read only with it
        player = desk.player_for(asked.sender, asked.sender_name, asked.language)
        request = self.request_of(player, asked.command)
        if request is None:
            return "ignored: a listing is not confirmed"  # a "yes" to a listing
        reply = way_in.request(SOURCE, asked.key, asked.command, request)
        if answering is not asked:
            desk.record(answering, reply)
        return self.answer(answering, player, reply)

    def may_show(self, inbound: Inbound) -> bool:
        """Whether a listing may go out: always to a proven address, once a day to another."""
        desk = self.desk
        if desk.consent.proven(inbound.sender):
            return True
        key = f"{self.quota}:{inbound.sender.lower()}"
        return within(desk.quotas, key, 1, DAY, desk.clock.now())

    def send_listing(self, inbound: Inbound, letter: Letter, subject: str) -> None:
        """A listing, with a reply address that proves the sender, so a reply acts at once."""
        desk = self.desk
        stored = desk.store.message(inbound.key)
        assert stored is not None  # handled from the store
        token = desk.keys.issue(stored.number, CONFIRMING, inbound.sender.lower(), 0)
        desk.notes.note_to(inbound, letter, subject, desk.addresses.confirm(token))
