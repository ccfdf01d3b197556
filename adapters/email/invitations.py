"""Who may have the service mail an invitation, and how often (issue 24: mail cannot be turned
into a spam relay).

The ``From`` of a mail proves nothing, so ``new game with …`` from an address that never answered
our mail with its token is not acted on: the sender is mailed a confirmation (at most one a day,
``service.players.invitations``) whose reply address carries a token naming the stored request, and the
invitation goes only when the sender answers it ``yes`` — which proves the address is theirs.
Then the limits on invitations apply (per sender a day, per stranger a week, per hour in all) and
the invited address must not be on the never-mail list; a refusal is told to its sender once a
day.  The configured receiving MTA's ``Authentication-Results`` is not trusted instead: one
confirmation per new sender costs a real player one reply, and trusting a header depends on how
the mail reached us, which the service cannot see.
"""

from __future__ import annotations

from typing import Protocol

from adapters.email.compose import confirmation_subject
from adapters.email.desk import Desk
from adapters.email.inbound import Inbound, answer_word, read
from adapters.email.letters import Letter
from adapters.email.tokens import TokenError, parse_token
from service.app.replies import Opened
from service.language.vocabulary import word
from service.players.invitations import first_telling, invitation_refusal, may_confirm
from service.rules.errors import N_

COUNTED = "confirmation counted"
"""A request's outcome between counting its confirmation and sending it."""
CONFIRMING = "confirm"
"""The "game" a confirmation token is signed for (its "player" is the sender's address)."""
REFUSALS = {
    "sender_daily": N_(
        "You have sent as many invitations today as one player may ({limit}), so nothing was "
        "sent. You can invite again tomorrow."
    ),
    "stranger_weekly": N_(
        "{address} was invited in the past week already and has not answered; someone who does "
        "not know this service gets at most one invitation a week, so nothing was sent. Ask "
        "them to write to this address instead."
    ),
    "hourly": N_(
        "Too many invitations are going out from this service right now, so nothing was sent. "
        "Try again in an hour."
    ),
    "stopped": N_("{address} asked this service for no more mail, so nothing was sent."),
}
CONFIRM = N_(
    "You asked to invite {address} to a game of Conquian by email. Reply {yes} to this mail to "
    "send the invitation. If you did not ask, ignore this mail: nothing will be sent."
)


class Opener(Protocol):
    """Does what a confirmed request asked for (``requests.ServiceRequests``): opens its game,
    or does what it asked of the lobby."""

    def confirmed(self, asked: Inbound, answering: Inbound) -> str: ...

    def in_reply(self, inbound: Inbound) -> str | None:
        """A reply to a confirmation that is a request of its own (``accept CODE`` to a
        listing), done now that its sender is proven; None if it is none."""
        ...


class Invitations:
    def __init__(self, desk: Desk) -> None:
        self.desk = desk

    def refusal(self, inbound: Inbound, guest: str) -> str | None:
        """None when ``inbound``'s sender may invite ``guest`` now (the invitation is counted),
        else the outcome; the sender is told why once a day."""
        desk = self.desk
        now = desk.clock.now()
        why = (
            "stopped"
            if desk.consent.stopped(guest)
            else invitation_refusal(
                desk.quotas,
                desk.limits,
                inbound.sender,
                guest,
                not desk.consent.proven(guest),
                now,
            )
        )
        if why is None:
            return None
        if not first_telling(desk.quotas, inbound.sender, why, now):
            return f"refused: {why} (told already today)"
        tr = desk.tr_for(inbound)
        text = tr.gettext(REFUSALS[why], address=guest, limit=desk.limits.per_sender_day)
        desk.notes.note(inbound, Letter((text,), replies=False, tr=tr))
        return f"refused: {why}"

    def ask(
        self,
        inbound: Inbound,
        guest: str,
        earlier: str | None,
        question: str | None = None,
        subject: str | None = None,
    ) -> str:
        """An unproven sender's request: mail them a confirmation, within its limits.  It is
        counted (and that noted) before it is sent, so a mail handled again after the mail
        server refused it sends it then, instead of finding it counted.  ``question`` and
        ``subject``: the confirmation's words for another request than an invitation (the
        lobby's, ``seeking``)."""
        desk = self.desk
        stored = desk.store.message(inbound.key)
        assert stored is not None  # handled from the store
        if desk.consent.stopped(inbound.sender):
            return "ignored: an unproven sender on the never-mail list"
        if earlier != COUNTED:
            now = desk.clock.now()
            if not may_confirm(desk.quotas, desk.limits, inbound.sender, now):
                return "ignored: an unproven sender, confirmed at most once a day"
            desk.store.note(inbound.key, COUNTED)
        token = desk.keys.issue(stored.number, CONFIRMING, inbound.sender.lower(), 0)
        tr = desk.tr_for(inbound)
        text = question or tr.gettext(CONFIRM, address=guest, yes=word(tr, "yes"))
        letter = Letter((text,), replies=False, tr=tr)
        subject = subject or confirmation_subject(tr)
        desk.notes.note_to(inbound, letter, subject, desk.addresses.confirm(token))
        return "confirmation asked"

    def confirmed(self, inbound: Inbound, text: str, opener: Opener) -> str:
        """A reply to a confirmation: it proves the sender's address; ``yes`` sends the
        invitation asked for (once, however often it is confirmed), ``stop`` stops all mail."""
        desk = self.desk
        try:
            token = parse_token(text)
            desk.keys.verify(token, CONFIRMING, inbound.sender.lower())
            request = desk.store.numbered(token.thread)
            if request is None:
                raise TokenError("no such request")
        except TokenError:
            return "ignored: a confirmation with an invalid token"  # never answered: backscatter
        desk.consent.prove(inbound.sender, desk.clock.now())
        answer = answer_word(inbound.command)
        if answer == "stop":
            return desk.stop(inbound.sender)
        if answer != "yes":
            done = opener.in_reply(inbound)
            return done or "ignored: the confirmation was not answered yes"
        asked = read(request.raw, desk.addresses, request.envelope)
        opened = desk.earlier(asked)
        if isinstance(opened, Opened) and desk.earlier(inbound) is None:
            return f"ignored: confirmed already (opened {opened.game_id})"
        return opener.confirmed(asked, inbound)
