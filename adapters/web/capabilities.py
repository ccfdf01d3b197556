"""Capability links: signed, revocable tokens that stand for one player, everywhere on the web side.

A *page token* opens one player's private page of one game (``/p/<token>``); a *player token* is
the key of a web player (the browser's cookie, the JSON API's ``Authorization: Bearer``).  Both
are ``<payload>.<mac>`` in URL-safe base64: the payload names the game (for a page), the player
and their *link generation*; the mac is HMAC-SHA256 under the first of the service's web keys,
cut to 128 bits.  Nothing in a token is secret but the mac, and nobody can make one without a key.

Revocation is stored in the directory, so every process sees it: a player's link generations are
their addresses on the ``web`` channel, and only the newest is valid.  ``revoke(player)`` adds a
new generation, which kills every page link and player key that player was given so far (their
channels hand out new ones).  Rotating the keys (a new first key, an old one dropped from
``CONQUIAN_WEB_KEYS``) revokes every token signed with the dropped key at once.  A process keeps
what it read of a player's generation for ``ttl`` seconds, so a revocation made by another
process takes effect within that time; in the revoking process, at once.

Channels call ``page_url(game_id, player)`` to put a player's page in a message.  Standard
library and the ``Directory`` port only: no web framework is needed to make a link.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from adapters.config import Settings
from adapters.keys import signing_keys
from service.game.events import GameId, PlayerId
from service.ports.directory import Address, Directory

CHANNEL = "web"
"""The directory channel of web link generations."""
_CONTEXT = b"conquian-web-v1|"
_MAC_BYTES = 16


class Forbidden(Exception):
    """A token that is malformed, not signed by one of our keys, or revoked."""


@dataclass(frozen=True, slots=True)
class PageGrant:
    """What a page token grants: ``player``'s seat in ``game_id``, nothing else."""

    game_id: GameId
    player: PlayerId


class Capabilities:
    """Makes and checks page and player tokens; ``keys[0]`` signs, every key verifies."""

    @classmethod
    def from_settings(cls, settings: Settings, directory: Directory) -> Capabilities:
        """The links of the service ``settings`` describe: what a channel builds once to put
        ``page_url(game_id, player)`` in its messages."""
        keys = signing_keys(settings.web.keys, settings.data_dir)
        return cls(keys, directory, settings.web.base_url)

    def __init__(
        self,
        keys: Sequence[bytes],
        directory: Directory,
        base_url: str,
        ttl: float = 5.0,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        if not keys:
            raise ValueError("capability links need at least one key")
        self.keys = tuple(keys)
        # Keyed once: OpenSSL 3 looks the digest up again on every one-shot HMAC, which cost
        # more than the rest of checking a token; a copy of a keyed object skips that.
        self._macs = tuple(hmac.new(key, _CONTEXT, hashlib.sha256) for key in self.keys)
        self.directory = directory
        self.base_url = base_url.rstrip("/")
        self.ttl = ttl
        self.monotonic = monotonic
        self._generations: dict[PlayerId, tuple[float, str | None]] = {}
        self._lock = threading.Lock()

    # -- making ---------------------------------------------------------------------------------

    def register(self, name: str) -> PlayerId:
        """A new web player, with their first link generation."""
        generation = _new_generation()
        player = self.directory.register(name, Address(CHANNEL, generation))
        self._remember(player, generation)
        return player

    def page_token(self, game_id: GameId, player: PlayerId) -> str:
        return self._sign(["page", game_id, player, self._generation_or_new(player)])

    def page_url(self, game_id: GameId, player: PlayerId) -> str:
        """The address of ``player``'s private page of ``game_id``, for a message or a redirect."""
        return f"{self.base_url}/p/{self.page_token(game_id, player)}"

    def game_url(self, game_id: GameId) -> str:
        """The address of ``game_id`` that opens a player's page only in the browser holding
        their key (``pages.game_in_this_browser``): no capability in it."""
        return f"{self.base_url}/games/{game_id}"

    def player_token(self, player: PlayerId) -> str:
        return self._sign(["player", player, self._generation_or_new(player)])

    def revoke(self, player: PlayerId) -> None:
        """Invalidate every token given to ``player`` so far (a new link generation)."""
        generation = _new_generation()
        self.directory.link(player, Address(CHANNEL, generation))
        self._remember(player, generation)

    # -- checking -------------------------------------------------------------------------------

    def read_page(self, token: str) -> PageGrant:
        """The grant of a valid page token; ``Forbidden`` otherwise."""
        fields = self._verified(token)
        if len(fields) != 4 or fields[0] != "page":
            raise Forbidden("not a page link")
        _, game_id, player, generation = fields
        self._check_generation(PlayerId(player), generation)
        return PageGrant(GameId(game_id), PlayerId(player))

    def read_player(self, token: str) -> PlayerId:
        """The player of a valid player token; ``Forbidden`` otherwise."""
        fields = self._verified(token)
        if len(fields) != 3 or fields[0] != "player":
            raise Forbidden("not a player key")
        player = PlayerId(fields[1])
        self._check_generation(player, fields[2])
        return player

    def forget(self, player: PlayerId) -> None:
        """The player was erased: their links stop working now in this process too (the other
        processes read the directory again within ``ttl``)."""
        with self._lock:
            self._generations[player] = (self.monotonic(), None)

    def mac(self, text: str) -> str:
        """A keyed digest of ``text`` (forms' CSRF tokens are bound to their cookie with it)."""
        return _b64(self._digest(0, text))

    # -- inside ---------------------------------------------------------------------------------

    def _sign(self, fields: list[str]) -> str:
        payload = _b64(json.dumps(fields, separators=(",", ":")).encode())
        return f"{payload}.{self.mac(payload)}"

    def _verified(self, token: str) -> list[str]:
        payload, dot, mac = token.partition(".")
        if not dot or not payload or len(token) > 512:
            raise Forbidden("malformed token")
        given = mac.encode("ascii", "replace")
        expected = (_b64(self._digest(i, payload)).encode() for i in range(len(self.keys)))
        if not any(hmac.compare_digest(one, given) for one in expected):
            raise Forbidden("bad signature")
        try:
            fields = json.loads(_unb64(payload))
        except ValueError:
            raise Forbidden("malformed token") from None
        if not isinstance(fields, list) or not all(isinstance(one, str) for one in fields):
            raise Forbidden("malformed token")
        return fields

    def _digest(self, key: int, text: str) -> bytes:
        """HMAC-SHA256 of ``text`` under key number ``key``, cut to 128 bits."""
        keyed = self._macs[key].copy()
        keyed.update(text.encode())
        return keyed.digest()[:_MAC_BYTES]

    def _check_generation(self, player: PlayerId, generation: str) -> None:
        if generation != self._current(player):
            raise Forbidden("revoked")

    def _current(self, player: PlayerId) -> str | None:
        """The player's newest link generation (None if they have none), read at most every
        ``ttl`` seconds."""
        now = self.monotonic()
        with self._lock:
            known = self._generations.get(player)
        if known is not None and now - known[0] < self.ttl:
            return known[1]
        try:
            ours = [a.value for a in self.directory.addresses(player) if a.channel == CHANNEL]
        except KeyError:
            ours = []
        current = ours[-1] if ours else None
        with self._lock:
            if len(self._generations) > 100_000:
                self._generations.clear()
            self._generations[player] = (now, current)
        return current

    def _generation_or_new(self, player: PlayerId) -> str:
        """The player's current generation, making their first one (a player of another
        channel opening the web side for the first time)."""
        current = self._current(player)
        if current is not None:
            return current
        generation = _new_generation()
        self.directory.link(player, Address(CHANNEL, generation))
        self._remember(player, generation)
        return generation

    def _remember(self, player: PlayerId, generation: str) -> None:
        with self._lock:
            self._generations[player] = (self.monotonic(), generation)


def _new_generation() -> str:
    return secrets.token_hex(16)


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (ValueError, TypeError):
        raise ValueError("not base64") from None
