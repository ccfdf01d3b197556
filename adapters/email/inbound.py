"""An inbound mail, read once into what handling needs: its key, sender, tag, whether a person
wrote it, and the text of its reply."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from email import policy
from email.headerregistry import BaseHeader, HeaderRegistry, UnstructuredHeader
from email.message import EmailMessage
from email.parser import BytesParser
from typing import Any

from adapters.email.addressing import Addresses, Tag, sender_of
from adapters.email.automatic import automatic_reason, is_bounce
from adapters.email.quotes import command_line, html_to_text
from service.language.translation import supported


@dataclass(frozen=True)
class Inbound:
    key: str
    """The ``Message-ID`` (with its angle brackets), or ``sha256:<hex>`` of a message without one."""
    sender: str
    sender_name: str
    subject: str
    tag: Tag | None
    """The reply or bounce token it was sent to, if any."""
    automatic: str | None
    """Why no person wrote it (never answered), or None."""
    bounce: bool
    text: str
    """The body as text (an HTML-only body converted)."""
    message_id: str | None
    language: str | None = None
    """The language the sender's mail says it is in (``Content-Language``), if the product speaks
    it: a new player is answered in it."""

    @property
    def command(self) -> str:
        return command_line(self.text)


LONGEST_HEADER = 2000
"""Characters of a header that are read: Python's parsers take a second for a 64 KB address
list or subject (and recurse once per nested comment), and no header of a reply needs more."""
LONGEST_BODY = 16384
"""Characters of a body that are read: the command is on its first lines."""


class _LenientHeaders(HeaderRegistry):
    """Headers parsed as their RFC says where Python's parser can; as plain text where it fails.

    ``email._header_value_parser`` raises on some malformed values instead of recording a defect
    (``Message-ID: <>`` is an ``IndexError``), and a header is parsed whenever it is read."""

    def __call__(self, name: str, value: Any) -> BaseHeader:
        value = value[:LONGEST_HEADER] if isinstance(value, str) else value
        try:
            return super().__call__(name, value)
        except Exception:
            plain = type("_UnstructuredHeader", (UnstructuredHeader, self.base_class), {})
            header: BaseHeader = plain(name, value)
            return header


_POLICY = policy.default.clone(header_factory=_LenientHeaders())


def parse_message(raw: bytes) -> EmailMessage:
    message = BytesParser(policy=_POLICY).parsebytes(raw)
    assert isinstance(message, EmailMessage)
    return message


def message_key(raw: bytes) -> str:
    """How the inbox knows this message: its ``Message-ID``, or a digest of its bytes."""
    found = _message_id(parse_message(raw))
    return found or "sha256:" + hashlib.sha256(raw).hexdigest()


def read(raw: bytes, ours: Addresses, envelope: Iterable[str] = ()) -> Inbound:
    message = parse_message(raw)
    name, sender = sender_of(message)
    message_id = _message_id(message)
    return Inbound(
        key=message_id or "sha256:" + hashlib.sha256(raw).hexdigest(),
        sender=sender,
        sender_name=name,
        subject=str(message.get("Subject", "")),
        tag=ours.find_tag(message, envelope),
        automatic=automatic_reason(message, ours),
        bounce=is_bounce(message),
        text=body_text(message),
        message_id=message_id,
        language=supported(str(message.get("Content-Language", "")).split(",")[0]),
    )


def _message_id(message: EmailMessage) -> str | None:
    value = " ".join(str(message.get("Message-ID", "")).split())
    return value or None


def body_text(message: EmailMessage) -> str:
    """The plain-text body, or the HTML body as text when there is no plain one."""
    part = message.get_body(preferencelist=("plain", "html"))
    if part is None:
        return ""
    try:
        content = part.get_content()
    except (LookupError, ValueError):  # an unknown charset: read what can be read
        payload = part.get_payload(decode=True)
        content = payload.decode("utf-8", "replace") if isinstance(payload, bytes) else ""
    text = str(content)[:LONGEST_BODY]
    return html_to_text(text) if part.get_content_type() == "text/html" else text
