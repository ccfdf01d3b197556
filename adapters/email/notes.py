"""Answers outside any game — refusals, help, link codes, confirmations: from the service's
address with a null return path (RFC 3834: nothing bounces back at an automatic answer).

Error replies go out at most once an hour to a proven address and once a day to an unproven one,
whose ``From`` may be forged (every answer to it is backscatter), so a responder that does not
mark its mail automatic cannot start a ping-pong either.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from adapters.email.compose import Heading, reply_subject
from adapters.email.inbound import Inbound
from adapters.email.letters import Letter
from adapters.email.sender import GameMail
from adapters.mail.headers import SERVICE_NAME
from service.language.translation import Translator
from service.ports.protocols import Clock

ERROR_INTERVAL = timedelta(hours=1)
STRANGER_ERROR_INTERVAL = timedelta(days=1)
"""Between error replies to an address that never answered our mail with its token."""


class Notes:
    def __init__(
        self,
        mail: GameMail,
        clock: Clock,
        tr_for: Callable[[Inbound], Translator],
    ) -> None:
        self.mail, self.clock, self.tr_for = mail, clock, tr_for

    def may_answer_error(self, sender: str) -> bool:
        proven = self.mail.consent.proven(sender)
        interval = ERROR_INTERVAL if proven else STRANGER_ERROR_INTERVAL
        return self.mail.contacts.claim_error_reply(sender, self.clock.now(), interval)

    def refuse(self, inbound: Inbound, why: str, reply_to: str | None = None) -> str:
        """Tell the sender why their mail moved nothing (within the error replies' limit), with
        ``reply_to`` as its reply address if given."""
        if not self.may_answer_error(inbound.sender):
            return f"refused: {why[:40]}… (not answered: an error reply went out within the hour)"
        letter = Letter((why,), replies=False, tr=self.tr_for(inbound))
        self.note_to(inbound, letter, reply_to=reply_to)
        return f"refused: {why[:40]}…"

    def note(self, inbound: Inbound, letter: Letter) -> None:
        """A mail answering ``inbound`` outside any game."""
        self.note_to(inbound, letter)

    def farewell(self, inbound: Inbound, letter: Letter) -> None:
        """The answer to an erasure: the one mail that still goes to the address the erasure has
        just put on the never-mail list, so the person knows it is done."""
        self.note_to(inbound, letter, farewell=True)

    def note_to(
        self,
        inbound: Inbound,
        letter: Letter,
        subject: str = "",
        reply_to: str | None = None,
        farewell: bool = False,
    ) -> None:
        """``note`` with a ``subject`` of ours and a ``reply_to`` address.  Without a subject, the
        mail's own is answered ("Re: …") only for a proven sender: an unproven ``From`` may be
        forged, and the subject is then a stranger's text in a mail to someone else."""
        if not subject:
            proven = self.mail.consent.proven(inbound.sender)
            subject = reply_subject(inbound.subject if proven and inbound.subject else SERVICE_NAME)
        references = (inbound.message_id,) if inbound.message_id else ()
        heading = Heading(
            inbound.sender,
            subject,
            self.mail.composer.answer_id(inbound.key),
            reply_to=reply_to,
            in_reply_to=inbound.message_id,
            references=references,
        )
        text_only = self.mail.choices.of(inbound.sender)[1]
        message = self.mail.composer.mail(heading, letter, self.clock.now(), text_only)
        self.mail.post(message, "", inbound.sender, farewell)
