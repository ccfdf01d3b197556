"""The real clock and the real source of chance, for ``service.ports.protocols.Clock`` and ``Chance``.

Deck orders come from the operating system's random source (``secrets.SystemRandom``): a deal is
never predictable from earlier ones.  Salts and tokens are ``secrets.token_hex`` strings.
"""

from __future__ import annotations

import random
import secrets
from datetime import UTC, datetime

from service.rules.cards import DECK, Card


class SystemClock:
    def now(self) -> datetime:
        """The current time, aware UTC."""
        return datetime.now(UTC)


class SystemChance:
    def __init__(self) -> None:
        self._rng: random.Random = secrets.SystemRandom()  # a subclass may seed its own

    def deck(self) -> tuple[Card, ...]:
        """A shuffled 40-card deck, top card first."""
        cards = list(DECK)
        self._rng.shuffle(cards)
        return tuple(cards)

    def salt(self) -> str:
        """128 secret bits, hex."""
        return secrets.token_hex(16)

    def token(self) -> str:
        """64 unguessable bits, hex (game ids, invitations)."""
        return secrets.token_hex(8)

    def random(self) -> float:
        return self._rng.random()
