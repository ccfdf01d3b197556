"""Provably fair deals: a commitment to each deal's deck order, published before the deal.

When a deal starts both players see ``commitment(deck, salt)``, a SHA-256 digest; when it ends the
salt is revealed, and anyone holding the exported log can recompute the digest from the recorded
deck and check that the deal was fixed before the first card was seen.
"""

from __future__ import annotations

import hashlib
import hmac

from service.rules.cards import Card

PREFIX = "conquian-deal-v1"


def commitment(deck: tuple[Card, ...], salt: str) -> str:
    """Hex SHA-256 of ``conquian-deal-v1:<cards top first, space separated>:<salt>``."""
    text = f"{PREFIX}:{' '.join(str(one) for one in deck)}:{salt}"
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def is_committed(deck: tuple[Card, ...], salt: str, digest: str) -> bool:
    """True when ``digest`` is the commitment to this deck with this salt.  Compared as UTF-8
    bytes: ``compare_digest`` refuses text that is not ASCII, and a log may hold any text (lone
    surrogates included).  The service's salts are ASCII (hex), so one that is not was never
    committed to."""
    if not salt.isascii():
        return False
    return hmac.compare_digest(
        commitment(deck, salt).encode(), digest.encode("utf-8", "surrogatepass")
    )
