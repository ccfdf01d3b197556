"""The two mails of a web player's turn notices, in plain text and the reader's language: the
confirmation of a notice address (nothing else is sent to it before its link is used) and the
turn notice itself.  Sent through the shared mail package (``adapters/mail``: the SMTP
transport, handed in by the process that builds the channels, and the headers every mail of ours
carries), so the web's notices and the email channel write them alike without importing each
other.

Every notice mail carries ``List-Unsubscribe`` with the one-click link of the never-mail list
when the service has one, and none goes to an address on that list (``Consent.stopped``).
"""

from __future__ import annotations

import email.utils
from dataclasses import dataclass
from datetime import datetime
from email.message import EmailMessage

from adapters.config import Settings
from adapters.keys import service_secret
from adapters.mail.headers import SERVICE_NAME, ours, unsubscribe_links
from adapters.mail.smtp import MailTransport
from adapters.sql.consent import SqlConsent
from adapters.sql.engine import Engine
from service.language.translation import Translator
from service.players.unsubscribe import Unsubscribe
from service.ports.consent import Consent


@dataclass(frozen=True)
class NoticeMail:
    transport: MailTransport
    sender: str
    """The service's own address: the ``From`` and the return path."""
    consent: Consent
    unsubscribe: Unsubscribe | None = None
    unsubscribe_url: str | None = None

    def stopped(self, to: str) -> bool:
        return self.consent.stopped(to)

    def confirmation(self, to: str, asker: str, link: str, tr: Translator, at: datetime) -> None:
        """Ask ``to`` to confirm it wants turn notices for ``asker`` (the player whose page
        asked): the mail names who asked, and says what happens if it was not them."""
        lines = (
            tr.gettext(
                "On the page of {name}, a player of {service}, someone asked to be told at this "
                "address when it is their turn.",
                name=asker,
                service=SERVICE_NAME,
            ),
            tr.gettext("If that was you, confirm with this link (it works for 3 days):"),
            link,
            tr.gettext(
                "If it was not you, ignore this mail: nothing more will be sent to this address."
            ),
        )
        subject = tr.gettext("{service}: confirm your turn notices", service=SERVICE_NAME)
        self.send(to, subject, lines, at)

    def notice(
        self,
        to: str,
        subject: str,
        headline: str,
        lines: tuple[str, ...],
        tr: Translator,
        at: datetime,
    ) -> None:
        """A turn notice: ``subject`` names nobody (``service.words.subjects``); the headline, which
        names the opponent, stays in the body."""
        why = tr.gettext(
            "You get this mail because you asked for turn notices on your game's page; "
            "switch them off there."
        )
        self.send(to, subject, (headline, *lines, "", why), at)

    def send(self, to: str, subject: str, lines: tuple[str, ...], at: datetime) -> None:
        """Send unless ``to`` is on the never-mail list (checked here, so nothing escapes it)."""
        if self.consent.stopped(to):
            return
        message = EmailMessage()
        message_id = email.utils.make_msgid(domain=self.sender.rpartition("@")[2])
        ours(message, self.sender, to, message_id, at)
        message["Subject"] = subject
        unsubscribe_links(message, to, self.unsubscribe, self.unsubscribe_url)
        message.set_content("\n".join(lines) + "\n")
        self.transport.send(message, self.sender, [to])


def notice_mail_for(
    engine: Engine, settings: Settings, transport: MailTransport | None
) -> NoticeMail | None:
    """The notice mail of a service whose email side is configured and can send; else None."""
    email = settings.email
    if transport is None or email is None:
        return None
    unsubscribe = Unsubscribe.from_keys(email.token_keys)
    consent = SqlConsent(engine, service_secret(settings))
    return NoticeMail(transport, email.service_address, consent, unsubscribe, email.unsubscribe_url)
