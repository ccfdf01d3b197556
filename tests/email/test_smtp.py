"""The SMTP transport against real servers: STARTTLS, implicit TLS, and how refusals map to the
dispatcher's outcomes (``Undeliverable`` for 5xx, ``TryLater`` for 4xx or no server)."""

from __future__ import annotations

import ssl
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session

from adapters.config import MailServer
from adapters.mail.smtp import SmtpTransport
from service.delivery.dispatch import TryLater, Undeliverable
from tests.email.smtp_sink import free_port

HERE = Path(__file__).parent
CERT, KEY = HERE / "tls-cert.pem", HERE / "tls-key.pem"
"""A self-signed certificate for 127.0.0.1, for these tests only."""


class Answering:
    """Accepts mail, except to recipients it refuses with their listed reply."""

    def __init__(self, refusals: dict[str, str] | None = None) -> None:
        self.refusals = refusals or {}
        self.received: list[Envelope] = []

    async def handle_RCPT(
        self, server: SMTP, session: Session, envelope: Envelope, address: str, options: list[str]
    ) -> str:
        if address in self.refusals:
            return self.refusals[address]
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        self.received.append(envelope)
        return "250 OK"


def server_context() -> ssl.SSLContext:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(CERT, KEY)
    return context


def client_context() -> ssl.SSLContext:
    return ssl.create_default_context(cafile=str(CERT))


def message() -> EmailMessage:
    mail = EmailMessage()
    mail["From"] = "reply@conquian.test"
    mail["To"] = "ana@example.org"
    mail["Subject"] = "Conquian"
    mail.set_content("Your turn.")
    return mail


@pytest.fixture
def answering() -> Answering:
    return Answering(
        {"gone@example.org": "550 5.1.1 no such user", "full@example.org": "452 4.2.2 mailbox full"}
    )


def running(controller: Controller) -> Iterator[Controller]:
    controller.start()
    yield controller
    controller.stop()


@pytest.fixture
def starttls_server(answering: Answering) -> Iterator[Controller]:
    controller = Controller(
        answering,
        hostname="127.0.0.1",
        port=free_port(),
        tls_context=server_context(),
        require_starttls=True,
    )
    yield from running(controller)


def test_starttls_delivers_and_plain_text_is_refused_by_a_server_that_requires_it(
    starttls_server: Controller, answering: Answering
) -> None:
    port = starttls_server.port
    SmtpTransport(MailServer("127.0.0.1", port, "starttls"), client_context()).send(
        message(), "reply+bounce-x@conquian.test", ["ana@example.org"]
    )
    assert [e.rcpt_tos for e in answering.received] == [["ana@example.org"]]
    with pytest.raises(TryLater, match="530"):  # must issue STARTTLS first: ours to mend
        SmtpTransport(MailServer("127.0.0.1", port, "none")).send(
            message(), "", ["ana@example.org"]
        )


def test_implicit_tls_delivers(answering: Answering) -> None:
    port = free_port()
    controller = Controller(
        answering, hostname="127.0.0.1", port=port, ssl_context=server_context()
    )
    for _ in running(controller):
        SmtpTransport(MailServer("127.0.0.1", port, "tls"), client_context()).send(
            message(), "", ["ana@example.org"]
        )
    assert len(answering.received) == 1


def test_an_untrusted_certificate_is_not_sent_to(starttls_server: Controller) -> None:
    transport = SmtpTransport(MailServer("127.0.0.1", starttls_server.port, "starttls"))
    with pytest.raises(TryLater, match="SSL"):
        transport.send(message(), "", ["ana@example.org"])


@pytest.mark.parametrize(
    ("recipient", "outcome"),
    [("gone@example.org", Undeliverable), ("full@example.org", TryLater)],
)
def test_refusals_map_to_the_dispatcher_outcomes(
    starttls_server: Controller, recipient: str, outcome: type[Exception]
) -> None:
    transport = SmtpTransport(
        MailServer("127.0.0.1", starttls_server.port, "starttls"), client_context()
    )
    with pytest.raises(outcome):
        transport.send(message(), "", [recipient])


def test_no_server_is_try_later() -> None:
    transport = SmtpTransport(MailServer("127.0.0.1", free_port(), "none", timeout=2))
    with pytest.raises(TryLater):
        transport.send(message(), "", ["ana@example.org"])
