"""The email channel's composition: the one place in this package that knows every concrete part
(the composition root, ``adapters/bootstrap.py``, stays channel-neutral)."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from sqlalchemy import Engine

from service.dispatch import LogSender, Sender
from service.games import GameService
from service.linking import Linking
from service.ports import Chance, Clock, Directory

from ..config import EmailSettings, Settings
from ..sql.link_codes import SqlLinkCodes
from .addressing import Addresses
from .compose import Composer
from .handling import Handler
from .sender import EmailSender, GameMail, Transport
from .smtp import SmtpTransport
from .store import EmailStore
from .tokens import TokenKeys

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class EmailChannel:
    store: EmailStore
    mail: GameMail
    sender: EmailSender
    handler: Handler

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
    chance: Chance,
    transport: Transport | None = None,
) -> EmailChannel:
    """Wire the channel; ``transport`` defaults to SMTP as configured (``ValueError`` without)."""
    if transport is None:
        if settings.smtp is None:
            raise ValueError("email needs CONQUIAN_SMTP_HOST to send mail")
        transport = SmtpTransport(settings.smtp)
    store = EmailStore(engine)
    addresses = Addresses(settings.domain, settings.service_address)
    keys = TokenKeys.parse(settings.token_keys)
    mail = GameMail(service, directory, store, keys, Composer(addresses), transport, clock)
    linking = Linking(directory, SqlLinkCodes(engine), clock, chance)
    handler = Handler(service, directory, store, keys, mail, clock, linking)
    return EmailChannel(store, mail, EmailSender(mail), handler)


def senders_for(
    engine: Engine,
    service: GameService,
    directory: Directory,
    settings: Settings,
    clock: Clock,
    chance: Chance,
) -> dict[str, Sender]:
    """The worker's senders: the ``log`` channel, and ``email`` when it is configured (a clear
    log line says why it is off otherwise)."""
    senders: dict[str, Sender] = {"log": LogSender()}
    email = settings.email
    if email is None or email.smtp is None:
        log.info(
            "email channel off: set CONQUIAN_MAIL_DOMAIN, CONQUIAN_MAIL_TOKEN_KEYS and "
            "CONQUIAN_SMTP_HOST to send mail"
        )
        return senders
    channel = build_channel(engine, service, directory, email, clock, chance)
    return {**senders, **channel.senders}
