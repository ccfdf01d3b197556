"""A whole email set-up for the tests: a real SQLite database through the composition root, the
email channel sending to a real SMTP server (``SmtpSink``), a worker that drains the outbox through
it, and players who answer the mails they get.  The tests move the clock."""

from __future__ import annotations

import random
import shutil
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

from adapters.bootstrap import Wiring, build
from adapters.config import EmailSettings, MailServer, Settings, WorkerSettings
from adapters.email.channel import EmailChannel, build_channel
from adapters.email.imap import ImapPoller
from adapters.email.quotes import MARKER
from adapters.worker import Worker
from service.app.games import GameService
from service.bots.policies import greedy_bot
from service.game.events import GameId, PlayerId
from service.ports.directory import Address
from service.ports.memory_directory import ManualClock, SeededChance
from service.ports.protocols import Chance
from service.words.prompts import action_text
from tests.email.dovecot import Dovecot
from tests.email.smtp_sink import Received, SmtpSink

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
DOMAIN = "conquian.test"
SERVICE = f"reply@{DOMAIN}"
KEYS = "k1:0123456789abcdef0123456789abcdef"
ANA = "ana@example.org"
BEN = "ben@example.org"
UNSUBSCRIBE = f"https://{DOMAIN}/unsubscribe"


def email_settings(sink: SmtpSink, keys: str = KEYS) -> EmailSettings:
    return EmailSettings(
        domain=DOMAIN,
        token_keys=keys,
        service_address=SERVICE,
        smtp=MailServer("127.0.0.1", sink.port, "none", timeout=5),
        unsubscribe_url=UNSUBSCRIBE,
    )


class World:
    def __init__(
        self,
        tmp_path: Path,
        sink: SmtpSink,
        seed: int = 3,
        template: Path | None = None,
        database_url: str | None = None,
        chance: Chance | None = None,
    ) -> None:
        """``chance``: another than ``SeededChance(seed)``; ``template``: a migrated database to start from (migrating each test's costs more);
        ``database_url``: another database than the SQLite file (PostgreSQL)."""
        self.sink = sink
        self.clock = ManualClock(START)
        self.chance = chance or SeededChance(seed)
        self.settings = Settings(
            data_dir=tmp_path / "data",
            database_url=database_url,
            worker=WorkerSettings(batch_size=20),
        )
        if template is not None:
            self.settings.data_dir.mkdir(parents=True)
            shutil.copyfile(template, self.settings.data_dir / "conquian.db")
        self.wiring: Wiring = build(self.settings, self.clock, self.chance)
        self.channel = self.connect()
        self.worker = self.new_worker()
        self.players: dict[str, PlayerId] = {}
        self.dovecot: Dovecot | None = None
        self.sent_count = 0

    def new_worker(self) -> Worker:
        """A worker of this world, as a (re)started process makes it: its own dispatcher and
        digests over the same database."""
        return Worker(
            self.wiring,
            self.settings,
            self.clock,
            self.channel.senders,
            self.chance,
            digests=self.channel.digests,
        )

    def connect(self, keys: str = KEYS) -> EmailChannel:
        wiring = self.wiring
        return build_channel(
            wiring.engine,
            wiring.service,
            wiring.directory,
            email_settings(self.sink, keys),
            self.clock,
            ratings=wiring.ratings,
            secret=wiring.secret,
            lobby=wiring.lobby,
            tournaments=wiring.tournaments,
        )

    @property
    def service(self) -> GameService:
        return self.wiring.service

    def register(self, name: str, address: str) -> PlayerId:
        """A player who has played by mail before: their address is proven (it answered our
        mail with its token), so their invitations need no confirmation."""
        player = self.wiring.directory.register(name, Address("email", address))
        self.channel.handler.consent.prove(address, self.clock.now())
        self.players[address] = player
        return player

    def start_game(self, host: str = ANA, guest: str = BEN, settings: str = "") -> GameId:
        """A game started by mail: ``host`` asks the service for it, ``guest`` replies ``join``
        to the invitation; the first mails are sent."""
        done = self.send(request(host, f"new game with {guest} {settings}"), SERVICE)
        (outcome,) = done.values()
        assert outcome.startswith("opened "), outcome
        invitation = self.latest(guest)
        assert "invites you" in invitation.text()
        assert list(self.answer(invitation, "join").values()) == ["joined"]
        return GameId(outcome.split()[1])

    def play(self, game_id: GameId) -> None:
        """Play the game to its end by replies to the latest mails, the greedy bot's moves."""
        for step in range(200):
            game = self.service.game(game_id)
            if game.status == "over":
                return
            address = ANA if game.to_act == self.players[ANA] else BEN
            command = greedy_command(self, game_id, address, seed=step)
            assert list(self.answer(self.latest(address), command).values()) == ["moved"]

    def drain(self) -> None:
        self.worker.drain()

    def use_imap(self, dovecot: Dovecot) -> None:
        """Replies go to the Dovecot mailbox over LMTP; a poller reads them."""
        self.dovecot = dovecot
        self.poller = ImapPoller(dovecot.server(), self.channel.handler)

    def send(self, raw: bytes, recipient: str) -> dict[str, str]:
        """Deliver ``raw`` to ``recipient`` as the mail server would (into Dovecot when there is
        one, else straight to the channel), poll, and send the outbox."""
        if self.dovecot is None:
            return self.deliver(raw, (recipient,))
        self.dovecot.deliver(raw, recipient)
        done = self.poller.poll_once()
        self.drain()
        return done

    def answer(self, mail: Received, text: str, **options: object) -> dict[str, str]:
        """The player ``mail`` went to replies ``text`` to it (``reply``'s options)."""
        raw = reply(mail, text, **options)  # type: ignore[arg-type]
        return self.send(raw, str(mail.message["Reply-To"]))

    def deliver(self, raw: bytes, envelope: tuple[str, ...] = ()) -> dict[str, str]:
        """Hand ``raw`` to the channel as the MTA pipe would, and handle what is waiting."""
        self.channel.handler.receive(raw, envelope)
        done = self.channel.handler.handle_waiting()
        self.drain()
        return done

    def latest(self, address: str) -> Received:
        mails = self.sink.to(address)
        assert mails, f"no mail to {address}"
        return mails[-1]

    def close(self) -> None:
        self.wiring.close()


def reply(
    to: Received,
    text: str,
    sender: str | None = None,
    quote: bool = True,
    headers: dict[str, str] | None = None,
) -> bytes:
    """A person's reply to ``to``: ``text`` on top, the whole mail quoted below it."""
    original = to.message
    message = EmailMessage()
    message["From"] = sender or to.to
    message["To"] = str(original.get("Reply-To") or original["From"])
    message["Subject"] = "Re: " + str(original["Subject"])
    message["Message-ID"] = make_msgid(domain="example.org")
    message["In-Reply-To"] = str(original["Message-ID"])
    for name, value in (headers or {}).items():
        message[name] = value
    body = text
    if quote:
        quoted = "\n".join("> " + line for line in to.text().splitlines())
        body += f"\n\nOn Mon, 2 Mar 2026 at 09:00, Conquian <{SERVICE}> wrote:\n{quoted}\n"
    message.set_content(body)
    return message.as_bytes()


def request(sender: str, text: str, **headers: str) -> bytes:
    """A person's mail to the service's own address."""
    message = EmailMessage()
    message["From"] = sender
    message["To"] = SERVICE
    message["Subject"] = "Conquian"
    message["Message-ID"] = make_msgid(domain="example.org")
    message.set_content(text + "\n")
    for name, value in headers.items():  # after the content, which replaces Content-* headers
        message[name.replace("_", "-")] = value
    return message.as_bytes()


def greedy_command(world: World, game_id: GameId, address: str, seed: int = 0) -> str:
    """The move the greedy bot would make for the player at ``address`` (from their own view)."""
    _, view = world.wiring.service.view(game_id, world.players[address])
    return action_text(greedy_bot(view, random.Random(seed)), view.variant.deck_faces)


def first_text_line(mail: Received) -> str:
    lines = mail.text().splitlines()
    assert lines[0] == MARKER
    return lines[0]


def only(done: dict[str, str]) -> str:
    """The outcome of the one message handled."""
    (outcome,) = done.values()
    return outcome
