"""Recovery codes: the way back to a web player's games on a browser that does not know them.

A web player's key lives in the cookie of the browser they play in.  Making new links (when a
page link has leaked) needs that key, so that a stranger holding only the leaked link cannot
lock the owner out; a player on another browser (a phone, a new computer) first brings their
games over with a recovery code.  The browser that holds the key makes the code on its home
page, where it is shown that once; typed into another browser's home page, it gives that
browser the player's key, once.

A code is 120 random bits written as 24 letters and digits (base32, in groups of four; case,
spaces and dashes do not count).  The directory keeps only its SHA-256, as an address on the
``web-recovery`` channel (no sender has that channel, so nothing is ever sent there), and only
the player's newest such address is valid: using a code, or making a new one, ends the old.
"""

from __future__ import annotations

import base64
import hashlib
import re
import secrets

from service.game.events import PlayerId
from service.ports.directory import Address, Directory

CHANNEL = "web-recovery"
_NOT_A_LETTER = re.compile(r"[\s-]+")


def make(directory: Directory, player: PlayerId) -> str:
    """A new recovery code for ``player`` (every older one stops working)."""
    code = base64.b32encode(secrets.token_bytes(15)).decode("ascii")
    directory.link(player, Address(CHANNEL, _digest(code)))
    return "-".join(code[i : i + 4] for i in range(0, len(code), 4))


def use(directory: Directory, code: str) -> PlayerId | None:
    """The player whose newest code ``code`` is (which it then stops being), or None."""
    digest = _digest(_NOT_A_LETTER.sub("", code).upper())
    player = directory.player_at(Address(CHANNEL, digest))
    if player is None or _newest(directory, player) != digest:
        return None
    make(directory, player)  # used: a code nobody has seen replaces it
    return player


def _newest(directory: Directory, player: PlayerId) -> str | None:
    ours = [a.value for a in directory.addresses(player) if a.channel == CHANNEL]
    return ours[-1] if ours else None


def _digest(code: str) -> str:
    return hashlib.sha256(code.encode()).hexdigest()
