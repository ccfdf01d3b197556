"""The service's addresses: its own (``conquian@<domain>``, where new games start), reply
addresses ``reply+<token>@<domain>``, the VERP return path ``reply+bounce-<token>@<domain>``
that bounces come back to, ``reply+confirm-<token>@<domain>`` that an unproven sender answers to
confirm an invitation, and ``reply+stop-<mac>@<domain>`` (``List-Unsubscribe``'s ``mailto:``).
One mailbox (``reply@<domain>``) receives all of them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import getaddresses

REPLY = "reply"
BOUNCE = "bounce-"
CONFIRM = "confirm"
STOP = "stop"


@dataclass(frozen=True, slots=True)
class Tag:
    """The part after ``reply+`` of an address at our domain: a reply or a bounce token."""

    token: str
    bounce: bool
    kind: str = ""
    """``confirm`` or ``stop`` for those addresses; empty for a reply or a bounce."""


@dataclass(frozen=True)
class Addresses:
    domain: str
    service: str
    """The address mail comes from and new games are asked at."""

    def reply(self, token: object) -> str:
        return f"{REPLY}+{token}@{self.domain}"

    def bounce(self, token: object) -> str:
        return f"{REPLY}+{BOUNCE}{token}@{self.domain}"

    def confirm(self, token: object) -> str:
        return f"{REPLY}+{CONFIRM}-{token}@{self.domain}"

    def stop(self, mac: str) -> str:
        return f"{REPLY}+{STOP}-{mac}@{self.domain}"

    def tag(self, address: str) -> Tag | None:
        """The tag of ``address`` if it is one of our reply or bounce addresses."""
        local, _, domain = address.strip().strip("<>").lower().rpartition("@")
        name, plus, tag = local.partition("+")
        if domain != self.domain.lower() or name != REPLY or not plus:
            return None
        if tag.startswith(BOUNCE):
            return Tag(tag[len(BOUNCE) :], bounce=True)
        for kind in (CONFIRM, STOP):
            if tag.startswith(f"{kind}-"):
                return Tag(tag[len(kind) + 1 :], bounce=False, kind=kind)
        return Tag(tag, bounce=False)

    def is_ours(self, address: str) -> bool:
        """Whether mail from ``address`` is mail we sent (a loop)."""
        plain = address.strip().strip("<>").lower()
        local, _, domain = plain.rpartition("@")
        is_reply = local.partition("+")[0] == REPLY and domain == self.domain.lower()
        return plain == self.service.lower() or is_reply

    def find_tag(self, message: EmailMessage, envelope: Iterable[str] = ()) -> Tag | None:
        """The first tag among the envelope recipients, ``Delivered-To``, then ``To`` and ``Cc``."""
        for address in recipients(message, envelope):
            found = self.tag(address)
            if found is not None:
                return found
        return None


def recipients(message: EmailMessage, envelope: Iterable[str] = ()) -> list[str]:
    """Every recipient address, most trustworthy first: envelope, ``Delivered-To``, ``To``, ``Cc``."""
    found = [address for address in envelope if address]
    for header in ("Delivered-To", "X-Original-To", "To", "Cc"):
        values = [str(value) for value in message.get_all(header, [])]
        found += [address for _, address in _addresses(values) if address]
    return found


def _addresses(values: list[str]) -> list[tuple[str, str]]:
    """``getaddresses``, or none for a header it cannot read: its parser recurses once per
    nested comment, so ``((((…`` runs out of stack."""
    try:
        return getaddresses(values)
    except RecursionError:
        return []


_MAILBOX = re.compile(r"[^\s@<>()\[\],;:\"\\]+@[^\s@<>()\[\],;:\"\\]+")
"""``local@domain`` without spaces, line breaks or the characters that delimit addresses."""


def sender_of(message: EmailMessage) -> tuple[str, str]:
    """The ``From`` display name and address (lower case); empty strings when absent, or when
    the address is no mailbox a mail could be sent to (an answer to it could not be written)."""
    found = _addresses([str(message.get("From", ""))])
    name, address = found[0] if len(found) == 1 else ("", "")
    if not (address.isprintable() and _MAILBOX.fullmatch(address)):
        return name, ""
    return name, address.lower()
