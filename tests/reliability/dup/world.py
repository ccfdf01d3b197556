"""One service with every channel, stepped by the test rather than by threads of its own.

The game service and its SQL stores come from the composition root (``bootstrap.build``) on a
SQLite file or a PostgreSQL database; Telegram talks HTTP to the fake Bot API
(``tests/telegram/fake_api.py``), the email channel reads what its handler is handed (as the IMAP
poller and the MTA pipe hand it) and sends through ``Mailbag``, which keeps each composed mail as
the bytes SMTP would carry; the web app is the Flask app of ``adapters.web``.  Ana plays on
Telegram, Ben by email, and both also hold the web player tokens their channels' links carry.

Nothing runs by itself: ``telegram_round`` fetches and answers what the fake holds,
``email_round`` handles the stored mail, ``drain`` sends the outbox — so a test decides what runs
concurrently and what in sequence.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path

from flask import Flask

from adapters.bootstrap import Wiring, build
from adapters.config import EmailSettings, Settings, WebSettings, WorkerSettings
from adapters.email.channel import EmailChannel, build_channel
from adapters.telegram.app import TelegramApp, build_telegram
from adapters.telegram.polling import Poller
from adapters.web.app import create_app, parts_for
from adapters.web.context import Web
from adapters.web.notices.page_sender import PageSender
from adapters.web.notices.vapid import KEY_FILE, vapid_key
from adapters.worker import Worker
from service.app.games import GameService
from service.delivery.dispatch import LogSender, Sender
from service.game.events import GameId, PlayerId
from service.ports.directory import Address
from service.ports.memory_directory import ManualClock, SeededChance
from service.ports.protocols import Chance
from tests.email.smtp_sink import Received
from tests.email.world import request
from tests.telegram.fake_api import FakeTelegram, Person
from tests.telegram.harness import telegram_settings

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
DOMAIN = "conquian.test"
SERVICE = f"reply@{DOMAIN}"
BEN = "ben@example.org"
WEB_KEY = "reliability-web-key-0123456789"
MAIL_KEYS = "k1:0123456789abcdef0123456789abcdef"


class Mailbag:
    """The email channel's transport: every mail it is given, as the bytes SMTP would carry."""

    def __init__(self) -> None:
        self.received: list[Received] = []
        self._lock = threading.Lock()

    def send(self, message: EmailMessage, envelope_from: str, to: list[str]) -> None:
        with self._lock:
            self.received.append(Received(envelope_from, tuple(to), message.as_bytes()))

    def to(self, address: str) -> list[Received]:
        with self._lock:
            return [mail for mail in self.received if address in mail.recipients]


def settings_for(
    data_dir: Path,
    database_url: str | None = None,
    port: int = 8000,
    vapid_from: Path | None = None,
) -> Settings:
    """Fixed keys (so two services on copies of one database sign alike), no rate limits; the
    Web Push key of the service whose data is in ``vapid_from`` (twins share every secret)."""
    vapid = None if vapid_from is None else vapid_from / KEY_FILE
    if vapid_from is not None:
        vapid_key(vapid_from)  # made there on first use
    web = WebSettings(
        vapid_key_file=vapid,
        port=port,
        keys=(WEB_KEY,),
        moves_per_minute=1_000_000,
        invitations_per_hour=1_000_000,
        threads=8,
    )
    email = EmailSettings(domain=DOMAIN, token_keys=MAIL_KEYS, service_address=SERVICE)
    return Settings(
        data_dir=data_dir,
        database_url=database_url,
        worker=WorkerSettings(batch_size=200),
        email=email,
        web=web,
    )


@dataclass
class Players:
    """Who plays: Ana (Telegram) and Ben (email), each with a web token."""

    ana: PlayerId
    ben: PlayerId
    ana_person: Person
    ana_token: str
    ben_token: str


class World:
    def __init__(
        self,
        fake: FakeTelegram,
        settings: Settings,
        chance: Chance | None = None,
        clock: ManualClock | None = None,
    ) -> None:
        self.fake = fake
        self.settings = settings
        self.clock = clock or ManualClock(START)
        self.chance = chance or SeededChance(1)
        self.wiring: Wiring = build(settings, self.clock, self.chance)
        self.mailbag = Mailbag()
        assert settings.email is not None
        wiring = self.wiring
        self.email: EmailChannel = build_channel(
            wiring.engine,
            wiring.service,
            wiring.directory,
            settings.email,
            self.clock,
            self.mailbag,
            secret=wiring.secret,
        )
        mail_address = self.email.handler.addresses.service
        self.telegram: TelegramApp = build_telegram(
            wiring, replace(telegram_settings(fake), mail_address=mail_address)
        )
        senders: dict[str, Sender] = {
            "log": LogSender(),
            "web": PageSender(wiring.directory),
            **self.email.senders,
            **self.telegram.senders,
        }
        # The dispatcher's retry jitter has a chance of its own: it must not draw from the game's.
        self.worker = Worker(wiring, settings, self.clock, senders, SeededChance(0))
        self.poller: Poller = self.telegram.poller()
        self.web: Web = parts_for(wiring, settings)
        self.app: Flask = create_app(self.web)

    @property
    def service(self) -> GameService:
        return self.wiring.service

    # -- people ---------------------------------------------------------------------------------

    def meet(self, ana: Person) -> Players:
        """Ana writes to the bot, Ben is registered by his address; both get web tokens."""
        self.fake.send(ana, "/start")
        self.telegram_round()
        found = self.wiring.directory.player_at(Address("telegram", str(ana.id)))
        assert found is not None, "Ana's /start did not register her"
        ben = self.wiring.directory.register("Ben", Address("email", BEN))
        capabilities = self.web.capabilities
        tokens = capabilities.player_token(found), capabilities.player_token(ben)
        return Players(found, ben, ana, *tokens)

    def start_game(self, players: Players) -> GameId:
        """Ana opens a game and Ben joins it by mail (``join CODE`` to the service's address,
        answered with his first table); Ana hears of it on Telegram."""
        game_id = self.service.open_game(players.ana)
        code = self.service.game(game_id).invitation
        self.receive_mail(request(BEN, f"join {code}"), SERVICE)
        assert list(self.email_round().values()) == [f"joined {game_id}"]
        self.drain()
        return game_id

    # -- running the channels -------------------------------------------------------------------

    def telegram_round(self) -> int:
        """Store what the fake Bot API holds, answer everything waiting; how many were new."""
        new = self.poller.fetch(0)
        self.telegram.processor.answer_waiting()
        return new

    def email_round(self) -> dict[str, str]:
        """Handle every stored mail not handled yet (what the IMAP poller calls after storing)."""
        return self.email.handler.handle_waiting()

    def receive_mail(self, raw: bytes, recipient: str) -> str:
        """Store a mail as the IMAP poller or the MTA pipe does (once per Message-ID); its key."""
        return self.email.handler.receive(raw, (recipient,))

    def drain(self) -> None:
        self.worker.drain()

    def close(self) -> None:
        self.web.readiness.pulse.close()
        self.telegram.close()
        self.wiring.close()


def reply_to(mail: Received, text: str, message_id: str, at: datetime = START) -> bytes:
    """Ben's reply to ``mail``: ``text`` on its first line, a fixed ``Message-ID`` and date."""
    original = mail.message
    message = EmailMessage()
    message["From"] = mail.to
    message["To"] = str(original["Reply-To"])
    message["Subject"] = "Re: " + str(original["Subject"])
    message["Date"] = format_datetime(at)
    message["Message-ID"] = message_id
    message["In-Reply-To"] = str(original["Message-ID"])
    message.set_content(text + "\n")
    return message.as_bytes()
