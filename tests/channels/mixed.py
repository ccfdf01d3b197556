"""One service with both channels, as ``conquian telegram`` runs it when email is configured too
(``adapters.channels``): the bot polling the fake Bot API in a thread, the email channel sending
to a real SMTP server and reading replies either from a real Dovecot (LMTP in, IMAP out, as
``conquian email-poll`` does) or as the MTA pipe hands them over (``conquian email-in``)."""

from __future__ import annotations

from pathlib import Path

from adapters.email.channel import EmailChannel
from adapters.email.imap import ImapPoller
from service.game.events import PlayerId
from service.ports.directory import Address
from service.ports.memory_directory import SeededChance
from tests.email.dovecot import Dovecot
from tests.email.smtp_sink import Received, SmtpSink
from tests.email.world import email_settings, reply
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot


def both_channels(fake: FakeTelegram, sink: SmtpSink, data_dir: Path, seed: int) -> Bot:
    """The bot process with the email channel too, started."""
    return Bot(fake, data_dir, SeededChance(seed), email=email_settings(sink)).start()


class Post:
    """The mail side of the service: what reaches its mailbox is handled, what it sends lands in
    the SMTP sink, and after each mail the outbox is drained (as the worker's next tick would)."""

    def __init__(self, bot: Bot, sink: SmtpSink, dovecot: Dovecot | None = None) -> None:
        email = bot.channels.email
        assert email is not None, "the bot was built without email"
        self.bot = bot
        self.email: EmailChannel = email
        self.sink = sink
        self.dovecot = dovecot
        self.poller = None if dovecot is None else ImapPoller(dovecot.server(), email.handler)

    def mail(self, raw: bytes, recipient: str) -> dict[str, str]:
        """Deliver ``raw`` to ``recipient``: into Dovecot and polled, or through the pipe."""
        handler = self.email.handler
        if self.dovecot is None or self.poller is None:
            handler.receive(raw, (recipient,))
            done = handler.handle_waiting()
        else:
            self.dovecot.deliver(raw, recipient)
            done = self.poller.poll_once()
        self.bot.worker.drain()
        return done

    def answer(self, to: Received, text: str, quote: bool = True) -> dict[str, str]:
        """The person ``to`` went to replies ``text`` to it."""
        return self.mail(reply(to, text, quote=quote), str(to.message["Reply-To"]))

    def latest(self, address: str) -> Received:
        mails = self.sink.to(address)
        assert mails, f"no mail to {address}"
        return mails[-1]

    def player(self, address: str) -> PlayerId:
        found = self.bot.wiring.directory.player_at(Address("email", address))
        assert found is not None, f"{address} is no player's"
        return found
