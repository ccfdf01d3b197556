"""The email channel's composition: the one place in this package that knows every concrete part
(the composition root, ``adapters/bootstrap.py``, stays channel-neutral)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from adapters.config import EmailSettings
from adapters.email.addressing import Addresses
from adapters.email.choices import MailChoices
from adapters.email.compose import Composer
from adapters.email.digests import Digests
from adapters.email.handling import Handler
from adapters.email.sender import EmailSender, GameMail, Transport
from adapters.email.tokens import TokenKeys
from adapters.mail.smtp import SmtpTransport
from adapters.sql.consent import SqlConsent
from adapters.sql.email_contacts import EmailContacts
from adapters.sql.email_digests import DigestClaims
from adapters.sql.email_records import EmailRecords
from adapters.sql.engine import Engine
from adapters.sql.quotas import SqlQuotas
from service.app.games import GameService
from service.app.lobby import Lobby
from service.app.ratings import Ratings
from service.app.tournaments import Tournaments
from service.delivery.dispatch import Sender
from service.players.invitations import InvitationLimits
from service.players.unsubscribe import Unsubscribe
from service.ports.directory import Directory
from service.ports.protocols import Clock


@dataclass(frozen=True)
class EmailChannel:
    store: EmailRecords
    contacts: EmailContacts
    mail: GameMail
    sender: EmailSender
    handler: Handler
    digests: Digests
    """The worker's ``digest`` job (``mail digest``)."""

    @property
    def senders(self) -> dict[str, Sender]:
        """The dispatcher's senders this channel adds."""
        return {"email": self.sender}


def build_channel(
    engine: Engine,
    service: GameService,
    directory: Directory,
    settings: EmailSettings,
    clock: Clock,
    transport: Transport | None = None,
    ratings: Ratings | None = None,
    *,
    lobby: Lobby | None = None,
    tournaments: Tournaments | None = None,
    secret: Callable[[], bytes],
) -> EmailChannel:
    """Wire the channel; ``transport`` defaults to SMTP as configured (``ValueError`` without);
    ``secret`` is the service's (``Wiring.secret``), the key of the never-mail list."""
    if transport is None:
        if settings.smtp is None:
            raise ValueError("email needs CONQUIAN_SMTP_HOST to send mail")
        transport = SmtpTransport(settings.smtp)
    store = EmailRecords(engine)
    contacts = EmailContacts(engine)
    addresses = Addresses(settings.domain, settings.service_address)
    keys = TokenKeys.parse(settings.token_keys)
    unsubscribe = Unsubscribe.from_keys(settings.token_keys)
    composer = Composer(addresses, unsubscribe, settings.unsubscribe_url)
    consent = SqlConsent(engine, secret)
    choices = MailChoices(contacts)
    mail = GameMail(
        service, directory, store, keys, composer, transport, clock, consent, choices, contacts
    )
    limits = InvitationLimits(
        per_sender_day=settings.invitations_per_day, per_hour=settings.invitations_per_hour
    )
    quotas = SqlQuotas(engine)
    handler = Handler(
        service, directory, store, keys, mail, clock, quotas, limits, ratings, lobby, tournaments
    )
    digests = Digests(mail, DigestClaims(engine))
    return EmailChannel(store, contacts, mail, EmailSender(mail), handler, digests)
