"""Confirmation codes (issue 31): six random digits per request, kept only as a keyed hash, good
for ``VALID_FOR`` and for ``TRIES`` wrong tries (``service.ports.confirmations`` keeps them).

The code was an HMAC of the player's id before: the same on every channel, for ever, and every
wrong try mailed the right one to the player, so a forged ``From`` could guess until it erased
anyone.  A random code that only the asking channel sees, void after a few wrong tries, leaves a
forger a few chances in a million.  The hash is keyed by the service's secret so that the table
alone does not give the codes away (six digits are quickly tried against a plain hash).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable
from datetime import timedelta

from service.game.events import PlayerId
from service.ports.confirmations import Checked, Confirmations, Pending, Purpose
from service.ports.protocols import Clock

VALID_FOR = timedelta(minutes=30)
"""How long a code confirms: time to read it and answer, not long enough to guess at leisure."""
TRIES = 5
"""Wrong tries after which a code is void."""


class ConfirmationCodes:
    def __init__(
        self, confirmations: Confirmations, clock: Clock, secret: Callable[[], bytes]
    ) -> None:
        self.confirmations = confirmations
        self.clock = clock
        self.secret = secret
        """The service's secret, read when a code is first made or checked."""

    def issue(self, player: PlayerId, purpose: Purpose, channel: str) -> str:
        """A fresh code for ``player`` to confirm ``purpose`` on ``channel`` (any earlier one
        pending there is replaced)."""
        code = f"{secrets.randbelow(1_000_000):06d}"
        expires_at = self.clock.now() + VALID_FOR
        digest = self._digest(player, purpose, channel, code)
        self.confirmations.put(Pending(player, purpose, channel, digest, expires_at))
        return code

    def check(self, player: PlayerId, purpose: Purpose, channel: str, code: str) -> Checked:
        """Whether ``code`` is the one pending for ``player``, ``purpose`` and ``channel`` (it is
        used if so; a wrong one counts a try)."""
        digest = self._digest(player, purpose, channel, code.strip())
        return self.confirmations.check(player, purpose, channel, digest, self.clock.now(), TRIES)

    def _digest(self, player: PlayerId, purpose: Purpose, channel: str, code: str) -> str:
        message = f"conquian-confirm:{player}:{purpose}:{channel}:{code}".encode()
        return hmac.new(self.secret(), message, hashlib.sha256).hexdigest()
