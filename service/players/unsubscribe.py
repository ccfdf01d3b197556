"""Signed unsubscribe tokens (RFC 8058 one-click and the ``mailto:`` beside it): proof that a
request to stop all mail to an address comes from a mail we sent to that address.

Two forms, both an HMAC-SHA256 of the address in lower case, cut to 128 bits, in lower-case base
32 (mail systems may change a local part's case):

* the mail form, ``<mac>``, in ``reply+stop-<mac>@<domain>``: a local part has room for the MAC
  but not the address, so the mail's ``From`` names the address and the MAC is checked against it;
* the link form, ``<address in base 32>.<mac>``, in ``<public URL>/unsubscribe/<token>``: a one-click
  POST has no sender, so the token carries the address.

It lives in ``service`` because the web side checks the link and may not import the email
adapter.  The first secret signs, every secret verifies (keys rotate as reply tokens' do).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
from dataclasses import dataclass

MAC_BYTES = 16


@dataclass(frozen=True)
class Unsubscribe:
    secrets: tuple[bytes, ...]
    """The first signs; all verify."""

    @classmethod
    def from_keys(cls, text: str) -> Unsubscribe:
        """The secrets of ``CONQUIAN_MAIL_TOKEN_KEYS`` (``id:secret,…``, the first signing), so
        the email channel and the web side agree without sharing code of either."""
        secrets = tuple(item.partition(":")[2].strip().encode() for item in text.split(","))
        return cls(tuple(secret for secret in secrets if secret))

    def mac(self, address: str) -> str:
        return _mac(self.secrets[0], address)

    def matches(self, address: str, mac: str) -> bool:
        """Whether ``mac`` (the mail form) was made for ``address``."""
        return any(
            hmac.compare_digest(_mac(secret, address), mac.lower()) for secret in self.secrets
        )

    def link_token(self, address: str) -> str:
        encoded = base64.b32encode(address.lower().encode()).decode().rstrip("=").lower()
        return f"{encoded}.{self.mac(address)}"

    def address_of(self, token: str) -> str | None:
        """The address a link token was made for, or None when it is not one of ours."""
        encoded, _, mac = token.strip().lower().partition(".")
        try:
            padded = encoded.upper() + "=" * (-len(encoded) % 8)
            address = base64.b32decode(padded).decode()
        except (binascii.Error, UnicodeDecodeError, ValueError):
            return None
        return address if mac and self.matches(address, mac) else None


def _mac(secret: bytes, address: str) -> str:
    message = b"unsubscribe\x00" + address.lower().encode()
    digest = hmac.new(secret, message, hashlib.sha256).digest()[:MAC_BYTES]
    return base64.b32encode(digest).decode().rstrip("=").lower()
