"""Every configured channel, put together once per process: the dispatcher's senders, and the
channels themselves for the processes that also read from them (``conquian telegram``'s poller,
an email poller).

``log`` always sends; ``web`` delivers to web players on their page and sends the turn
notices they asked for (Web Push, and mail with email on: ``adapters/web/notices/sender.py``);
``telegram`` when ``CONQUIAN_TELEGRAM_TOKEN`` is set; ``email`` when the
mail domain, token keys and SMTP server are.  A channel left off says so in one log line, and its
players' notifications go to their next address, or are recorded as failed.  So any process that
drains the outbox — ``conquian worker``, ``conquian telegram`` — tells every player on their own
channel.  With email on, the bot learns the service's mail address, which its invitations and
``/link`` name.  Channels never import each other; this module and ``bootstrap`` are where they
meet.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, replace

from adapters.bootstrap import Wiring
from adapters.config import Settings
from adapters.email.channel import EmailChannel, build_channel
from adapters.email.digests import Digests
from adapters.telegram.app import TelegramApp, build_telegram
from adapters.telegram.settings import TelegramSettings
from adapters.web.capabilities import Capabilities
from adapters.web.notices.sender import web_sender
from service.delivery.dispatch import LogSender, Sender
from service.game.events import GameId, PlayerId

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Channels:
    senders: dict[str, Sender]
    """Every configured channel's sender, by channel name, for the dispatcher."""
    telegram: TelegramApp | None
    email: EmailChannel | None

    @property
    def digests(self) -> Digests | None:
        """The worker's daily mail digests, with email on."""
        return self.email.digests if self.email is not None else None

    def close(self) -> None:
        """Let go of the Bot API client (the email channel holds no connection)."""
        if self.telegram is not None:
            self.telegram.close()


def build_channels(
    wiring: Wiring, settings: Settings, telegram: TelegramSettings | None
) -> Channels:
    """The channels ``settings`` and ``telegram`` configure, over ``wiring``; Telegram's is
    connected (``getMe``), so a wrong token fails here, at start-up."""
    senders: dict[str, Sender] = {"log": LogSender()}
    email = _email(wiring, settings)
    if email is not None:
        senders.update(email.senders)
    senders["web"] = web_sender(wiring, settings, email.mail.transport if email else None)
    app = None
    if telegram is None:
        log.info("telegram channel off: set CONQUIAN_TELEGRAM_TOKEN to reach Telegram players")
    else:
        if email is not None:
            telegram = replace(telegram, mail_address=email.handler.addresses.service)
        app = build_telegram(
            wiring,
            telegram,
            wiring.ratings,
            _page_url(wiring, settings),
            wiring.lobby,
            wiring.tournaments,
        )
        senders.update(app.senders)
    return Channels(senders, app, email)


def _page_url(wiring: Wiring, settings: Settings) -> Callable[[GameId, PlayerId], str] | None:
    """How a Telegram board links its player's private page (issue 34 item 6): only when the
    service has a public address (``CONQUIAN_PUBLIC_URL``), since Telegram refuses a button to
    an address no phone can open, like the default ``http://127.0.0.1:8000``."""
    if settings.web.public_url is None:
        return None
    return Capabilities.from_settings(settings, wiring.directory).page_url


def _email(wiring: Wiring, settings: Settings) -> EmailChannel | None:
    email = settings.email
    if email is None or email.smtp is None:
        log.info(
            "email channel off: set CONQUIAN_MAIL_DOMAIN, CONQUIAN_MAIL_TOKEN_KEYS and "
            "CONQUIAN_SMTP_HOST to send mail"
        )
        return None
    service = wiring.service
    return build_channel(
        wiring.engine,
        service,
        wiring.directory,
        email,
        service.clock,
        ratings=wiring.ratings,
        secret=wiring.secret,
        lobby=wiring.lobby,
        tournaments=wiring.tournaments,
    )
