"""Sending mail with ``smtplib`` (implicit TLS, STARTTLS or neither, as configured), its errors
sorted into the dispatcher's: ``Undeliverable`` when the recipient or the message is refused for
good (5xx), ``TryLater`` for a temporary refusal (4xx) and for everything that is the service's
own trouble — no server, TLS, login, our sender refused — which the operator can mend."""

from __future__ import annotations

import smtplib
import ssl
from email.message import EmailMessage
from typing import Protocol

from adapters.config import MailServer
from service.delivery.dispatch import TryLater, Undeliverable


class MailTransport(Protocol):
    """How a mail leaves (``SmtpTransport``; tests hand in others)."""

    def send(self, message: EmailMessage, envelope_from: str, to: list[str]) -> None: ...


class SmtpTransport:
    def __init__(self, server: MailServer, context: ssl.SSLContext | None = None) -> None:
        self.server = server
        self.context = context or ssl.create_default_context()

    def send(self, message: EmailMessage, envelope_from: str, to: list[str]) -> None:
        """Send ``message`` to ``to`` with ``envelope_from`` as the return path (bounces go there)."""
        try:
            with self._connect() as smtp:
                refused = smtp.send_message(message, from_addr=envelope_from, to_addrs=to)
        except smtplib.SMTPRecipientsRefused as error:
            codes = [code for code, _ in error.recipients.values()]
            raise _by_code(min(codes), f"recipient refused: {error.recipients}") from None
        except smtplib.SMTPDataError as error:  # this message refused
            raise _by_code(error.smtp_code, f"{error.smtp_code} {error.smtp_error!r}") from None
        except (smtplib.SMTPException, OSError) as error:
            raise TryLater(f"SMTP server: {type(error).__name__}: {error}") from None
        if refused:
            raise Undeliverable(f"recipient refused: {refused}")

    def _connect(self) -> smtplib.SMTP:
        server = self.server
        smtp: smtplib.SMTP
        if server.security == "tls":
            smtp = smtplib.SMTP_SSL(
                server.host, server.port, timeout=server.timeout, context=self.context
            )
        else:
            smtp = smtplib.SMTP(server.host, server.port, timeout=server.timeout)
        try:
            if server.security == "starttls":
                smtp.starttls(context=self.context)
            if server.user and server.password:
                smtp.login(server.user, server.password)
        except BaseException:
            smtp.close()
            raise
        return smtp


def _by_code(code: int, reason: str) -> Exception:
    return Undeliverable(reason) if code >= 500 else TryLater(reason)
