"""The email bots' side of the mail: the newest mail each got (indexed as the SMTP sink receives
them) and the reply a person writes to it."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from email.message import EmailMessage

from adapters.email.addressing import Addresses
from adapters.email.inbound import parse_message
from adapters.email.tokens import TokenError, parse_token
from tests.email.smtp_sink import SmtpSink
from tests.email.world import DOMAIN, SERVICE


@dataclass(frozen=True)
class Mail:
    """The newest mail a player got: where a reply goes, and the version its token carries."""

    version: int
    reply_to: str
    subject: str
    message_id: str


class Mailboxes:
    """The newest mail per recipient, indexed as the SMTP sink receives them (and dropped from
    the sink, so a long soak does not keep every picture in memory)."""

    def __init__(self, sink: SmtpSink) -> None:
        self.sink = sink
        self.addresses = Addresses(DOMAIN, SERVICE)
        self.newest: dict[str, Mail] = {}
        self.count = 0
        self.lock = threading.Lock()

    def index(self) -> None:
        with self.sink.lock:
            received, self.sink.received = self.sink.received, []
        for mail in received:
            message = parse_message(mail.raw)
            reply_to = str(message.get("Reply-To") or "")
            tag = self.addresses.tag(reply_to) if reply_to else None
            if tag is None or tag.bounce:
                continue
            try:
                version = parse_token(tag.token).version
            except TokenError:
                continue
            found = Mail(version, reply_to, str(message["Subject"]), str(message["Message-ID"]))
            with self.lock:
                self.count += 1
                for address in mail.recipients:
                    known = self.newest.get(address)
                    if known is None or known.version <= version:
                        self.newest[address] = found

    def newest_to(self, address: str) -> Mail | None:
        with self.lock:
            return self.newest.get(address)


def reply(sender: str, to: Mail, text: str, message_id: str) -> bytes:
    """A person's reply to ``to``: the command alone on its first line."""
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to.reply_to
    message["Subject"] = "Re: " + to.subject
    message["Message-ID"] = message_id
    message["In-Reply-To"] = to.message_id
    message.set_content(text + "\n")
    return message.as_bytes()
