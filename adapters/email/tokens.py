"""Reply tokens: the part of a reply address that proves which player of which game a reply
comes from, and which position it answers.

A token names a *thread* (a small number the email store gives each (game, player) pair, so the
token stays short), the game version the mail was sent for and the id of the key that signed it,
and carries an HMAC-SHA256 over the game, the player, the version, the key id and the thread,
cut to 128 bits::

    reply+<thread>-<version>-<key id>-<mac>@<domain>      e.g. reply+1f-2k-k1-<26 letters>@…

Numbers are base 36 and the MAC base 32, all lower case (some mail systems change the case of a
local part), so an address stays well under the 64 characters a local part may have.  Keys rotate
by id: the first key signs new mail, every listed key still verifies, so games in progress keep
working until an old key is dropped.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from collections.abc import Mapping
from dataclasses import dataclass

MAC_BYTES = 16
"""128 bits of the HMAC."""
MAX_LOCAL_PART = 64
_KEY_ID = re.compile(r"^[a-z0-9]{1,8}$")
_TOKEN = re.compile(r"^([0-9a-z]{1,10})-([0-9a-z]{1,10})-([a-z0-9]{1,8})-([a-z2-7]{26})$")


class TokenError(ValueError):
    """A token that proves nothing: malformed, signed with an unknown key, or altered."""


@dataclass(frozen=True, slots=True)
class ReplyToken:
    """What a token claims, before it is checked against the thread it names."""

    thread: int
    version: int
    key_id: str
    mac: str

    def __str__(self) -> str:
        return f"{_b36(self.thread)}-{_b36(self.version)}-{self.key_id}-{self.mac}"


@dataclass(frozen=True)
class TokenKeys:
    """The signing keys by id, the first one signing new tokens (``CONQUIAN_MAIL_TOKEN_KEYS``)."""

    keys: Mapping[str, bytes]
    current: str

    def __post_init__(self) -> None:
        if self.current not in self.keys:
            raise ValueError(f"no key {self.current!r}")
        for key_id, secret in self.keys.items():
            if not _KEY_ID.match(key_id):
                raise ValueError(f"a key id is 1-8 lower-case letters or digits, not {key_id!r}")
            if len(secret) < 16:
                raise ValueError(f"key {key_id!r} is too short: at least 16 bytes")

    @classmethod
    def parse(cls, text: str) -> TokenKeys:
        """``k2:secret,k1:older-secret``: the first signs, all verify."""
        pairs = [item.strip().partition(":") for item in text.split(",") if item.strip()]
        if not pairs or any(not sep for _, sep, _ in pairs):
            raise ValueError("token keys are written id:secret, separated by commas")
        return cls({kid: secret.encode() for kid, _, secret in pairs}, pairs[0][0])

    def issue(self, thread: int, game_id: str, player: str, version: int) -> ReplyToken:
        """A token for ``player``'s mail about ``game_id`` at ``version`` in ``thread``."""
        mac = _mac(self.keys[self.current], thread, game_id, player, version, self.current)
        return ReplyToken(thread, version, self.current, mac)

    def verify(self, token: ReplyToken, game_id: str, player: str) -> None:
        """``TokenError`` unless ``token`` was signed by one of the keys for this game and player
        (the game and player of the thread it names)."""
        secret = self.keys.get(token.key_id)
        if secret is None:
            raise TokenError("signed with a key that is no longer accepted")
        expected = _mac(secret, token.thread, game_id, player, token.version, token.key_id)
        if not hmac.compare_digest(expected, token.mac):
            raise TokenError("the signature does not match")


def parse_token(text: str) -> ReplyToken:
    """The token's claims (``TokenError`` for anything not shaped like a token)."""
    found = _TOKEN.match(text.strip().lower())
    if found is None:
        raise TokenError("not a reply token")
    thread, version, key_id, mac = found.groups()
    return ReplyToken(int(thread, 36), int(version, 36), key_id, mac)


def _mac(secret: bytes, thread: int, game_id: str, player: str, version: int, key_id: str) -> str:
    message = "\x00".join((game_id, player, str(version), key_id, str(thread))).encode()
    digest = hmac.new(secret, message, hashlib.sha256).digest()[:MAC_BYTES]
    return base64.b32encode(digest).decode().rstrip("=").lower()


def _b36(number: int) -> str:
    if number < 0:
        raise ValueError("negative")
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    text = ""
    while True:
        number, rest = divmod(number, 36)
        text = digits[rest] + text
        if number == 0:
            return text
