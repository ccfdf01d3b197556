"""Who may have the service mail an invitation, and how often (issue 24: mail cannot be turned
into a spam relay).

The ``From`` of a mail proves nothing, so ``new game with …`` from an address that never answered
our mail with its token is not acted on: the sender is mailed a confirmation (at most one a day,
``service.invitations``) whose reply address carries a token naming the stored request, and the
invitation goes only when the sender answers it ``yes`` — which proves the address is theirs.
Then the limits on invitations apply (per sender a day, per stranger a week, per hour in all) and
the invited address must not be on the never-mail list; a refusal is told to its sender once a
day.  The configured receiving MTA's ``Authentication-Results`` is not trusted instead: one
confirmation per new sender costs a real player one reply, and trusting a header depends on how
the mail reached us, which the service cannot see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from service.invitations import first_telling, invitation_refusal, may_confirm
from service.rules.errors import N_
from service.words import word

from .compose import confirmation_subject
from .inbound import Inbound, read
from .letters import Letter
from .requests import answer_word
from .tokens import TokenError, parse_token

if TYPE_CHECKING:
    from .handling import Handler

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


class Invitations:
    def __init__(self, handler: Handler) -> None:
        self.handler = handler

    def refusal(self, inbound: Inbound, guest: str) -> str | None:
        """None when ``inbound``'s sender may invite ``guest`` now (the invitation is counted),
        else the outcome; the sender is told why once a day."""
        handler = self.handler
        now = handler.clock.now()
        why = (
            "stopped"
            if handler.consent.stopped(guest)
            else invitation_refusal(
                handler.quotas,
                handler.limits,
                inbound.sender,
                guest,
                not handler.consent.proven(guest),
                now,
            )
        )
        if why is None:
            return None
        if not first_telling(handler.quotas, inbound.sender, why, now):
            return f"refused: {why} (told already today)"
        tr = handler.tr_for(inbound)
        text = tr.gettext(REFUSALS[why], address=guest, limit=handler.limits.per_sender_day)
        handler.notes.note(inbound, Letter((text,), replies=False, tr=tr))
        return f"refused: {why}"

    def ask(self, inbound: Inbound, guest: str, earlier: str | None) -> str:
        """An unproven sender's request: mail them a confirmation, within its limits.  It is
        counted (and that noted) before it is sent, so a mail handled again after the mail
        server refused it sends it then, instead of finding it counted."""
        handler = self.handler
        stored = handler.store.message(inbound.key)
        assert stored is not None  # handled from the store
        if handler.consent.stopped(inbound.sender):
            return "ignored: an unproven sender on the never-mail list"
        if earlier != COUNTED:
            now = handler.clock.now()
            if not may_confirm(handler.quotas, handler.limits, inbound.sender, now):
                return "ignored: an unproven sender, confirmed at most once a day"
            handler.store.note(inbound.key, COUNTED)
        token = handler.keys.issue(stored.number, CONFIRMING, inbound.sender.lower(), 0)
        tr = handler.tr_for(inbound)
        text = tr.gettext(CONFIRM, address=guest, yes=word(tr, "yes"))
        letter = Letter((text,), replies=False, tr=tr)
        handler.notes.note_to(
            inbound, letter, confirmation_subject(tr), handler.addresses.confirm(token)
        )
        return "confirmation asked"

    def confirmed(self, inbound: Inbound, text: str, earlier: str | None) -> str:
        """A reply to a confirmation: it proves the sender's address; ``yes`` sends the
        invitation asked for (once, however often it is confirmed), ``stop`` stops all mail."""
        handler = self.handler
        try:
            token = parse_token(text)
            handler.keys.verify(token, CONFIRMING, inbound.sender.lower())
            request = handler.store.numbered(token.thread)
            if request is None:
                raise TokenError("no such request")
        except TokenError:
            return "ignored: a confirmation with an invalid token"  # never answered: backscatter
        handler.consent.prove(inbound.sender, handler.clock.now())
        answer = answer_word(inbound.command)
        if answer == "stop":
            return handler.stop(inbound.sender)
        if answer != "yes":
            return "ignored: the confirmation was not answered yes"
        if earlier is None and (request.outcome or "").startswith("opened "):
            return f"ignored: confirmed already ({request.outcome})"
        asked = read(request.raw, handler.addresses, request.envelope)
        return handler.requests.new_game(asked, inbound, earlier)
