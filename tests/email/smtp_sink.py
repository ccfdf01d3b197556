"""A real SMTP server for the tests (aiosmtpd, in this process) that keeps every mail it is sent."""

from __future__ import annotations

import logging
import socket
import threading
import time
from dataclasses import dataclass
from email.message import EmailMessage

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session

from adapters.email.inbound import parse_message


def free_port() -> int:
    """A port nothing listens on now (aiosmtpd's own port 0 fails its self-check)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass(frozen=True)
class Received:
    envelope_from: str
    recipients: tuple[str, ...]
    raw: bytes

    @property
    def message(self) -> EmailMessage:
        return parse_message(self.raw)

    @property
    def to(self) -> str:
        return self.recipients[0]

    def text(self) -> str:
        body = self.message.get_body(preferencelist=("plain",))
        assert body is not None
        return str(body.get_content())

    def html(self) -> str:
        body = self.message.get_body(preferencelist=("html",))
        assert body is not None
        return str(body.get_content())


class _Keeper:
    def __init__(self, sink: SmtpSink) -> None:
        self.sink = sink

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        content = envelope.original_content or b""
        with self.sink.lock:
            self.sink.received.append(
                Received(envelope.mail_from or "", tuple(envelope.rcpt_tos), bytes(content))
            )
        return "250 OK"


class SmtpSink:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.received: list[Received] = []
        self.port = free_port()
        self.controller = Controller(_Keeper(self), hostname="127.0.0.1", port=self.port)

    def start(self) -> None:
        # aiosmtpd logs each command (the bounce address) and every line of a mail, reply tokens
        # and all: the test's log must carry none (``tests/log_capabilities.py``), a check of
        # the service's records, and the sink is the players' side.  (In a whole run an earlier
        # test's logging set-up happened to disable this logger; alone, such a test failed.)
        logging.getLogger("mail.log").setLevel(logging.WARNING)
        self.controller.start()

    def stop(self) -> None:
        self.controller.stop()

    def to(self, address: str) -> list[Received]:
        with self.lock:
            return [mail for mail in self.received if address in mail.recipients]

    def wait_for(self, count: int, timeout: float = 5.0) -> list[Received]:
        """The mails received, once there are at least ``count`` (sending is synchronous, so
        this rarely waits)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self.lock:
                if len(self.received) >= count:
                    return list(self.received)
            time.sleep(0.01)
        raise AssertionError(f"{count} mails expected, {len(self.received)} received")
