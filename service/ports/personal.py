"""``PersonalData``: what the stores hold about a player beyond the log, to show it to them and to
erase it (issue 25; ``service.app.your_data`` is the use case).

The log holds no personal data — its events name players by their random id (``p`` and 64 bits)
and nothing else — so erasing a player is erasing the directory's rows and every working row that
names them: their addresses and channel ids, their name, their settings, the inbox's and the
channels' copies of what they sent.  The ids in finished games' logs stay, a pseudonym that nothing
links to a person any more, and every log still verifies.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from service.game.events import PlayerId
from service.ports.directory import Address, Profile
from service.ports.memory_directory import InMemoryDirectory

Held = dict[str, list[dict[str, str]]]
"""Rows by table: each row's columns as text (what an export shows)."""


class PersonalData(Protocol):
    def held(self, player: PlayerId, addresses: Sequence[Address]) -> Held:
        """What the working tables (inbox, outbox, the channels' own) hold of ``player``'s,
        reached at ``addresses``: their own rows, and of what was received only what they sent
        (a row that merely names them is someone else's: issue 31), as text."""
        ...

    def erase(
        self, player: PlayerId, addresses: Sequence[Address], name: str, at: datetime
    ) -> None:
        """Keep of ``player`` only their id (their ``Profile`` is ``former`` from then on) and remove
        their name, ``addresses``, settings and vacations, and every working
        row naming them; scrub ``name`` and the addresses from what other rows kept of them (an
        inbound copy, a reply).  What a duplicate needs to be recognised stays, as a hash."""
        ...


@dataclass
class InMemoryPersonalData:
    """``PersonalData`` over an ``InMemoryDirectory`` (there are no working tables in memory)."""

    directory: InMemoryDirectory

    def held(self, player: PlayerId, addresses: Sequence[Address]) -> Held:
        return {}

    def erase(
        self, player: PlayerId, addresses: Sequence[Address], name: str, at: datetime
    ) -> None:
        directory = self.directory
        with directory.lock:
            if player in directory.profiles:
                directory.profiles[player] = Profile(player, "", former=True)
            directory.leaves.pop(player, None)
            for address in [a for a, owner in directory.owners.items() if owner == player]:
                del directory.owners[address]
