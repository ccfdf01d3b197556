"""A seek (an open challenge in the lobby) and a player waiting to be paired: the values the
``Seeks`` port stores.  A seek ends once: accepted by one player, withdrawn, or past its expiry."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from typing import NewType

from service.game.events import PlayerId
from service.seeks.terms import SeekTerms, Wanted

SeekId = NewType("SeekId", str)

LASTS = timedelta(days=7)
"""How long a seek stays in the lobby unless its owner says otherwise (issue 36)."""


class SeekStatus(StrEnum):
    OPEN = "open"
    ACCEPTED = "accepted"
    WITHDRAWN = "withdrawn"


@dataclass(frozen=True, slots=True)
class Seek:
    seek_id: SeekId
    owner: PlayerId
    terms: SeekTerms
    wanted: Wanted
    published: datetime
    expires: datetime
    status: SeekStatus = SeekStatus.OPEN
    taker: PlayerId | None = None
    """Who accepted it, once accepted."""

    def is_open(self, now: datetime) -> bool:
        return self.status is SeekStatus.OPEN and now < self.expires

    @property
    def request(self) -> str:
        """The key the accepted seek's game is opened under: whoever opens it again (a retry, a
        second delivery) opens the same game (``Seating.open_game``)."""
        return f"seek:{self.seek_id}"


@dataclass(frozen=True, slots=True)
class Waiting:
    """A player waiting for automatic pairing, with what they were when they began to wait (the
    pairing compares these, so the pool can be paired from its rows alone)."""

    player: PlayerId
    terms: SeekTerms
    wanted: Wanted
    rating: float
    reliability: int | None
    since: datetime


@dataclass(frozen=True, slots=True)
class Pair:
    """Two waiting players the pairing matched; ``first`` (who waited longer) hosts on their
    terms.  ``key`` names the pairing: the game is opened under it, once."""

    first: Waiting
    second: Waiting

    @property
    def key(self) -> str:
        return f"pair:{self.second.player}:{self.first.since.isoformat()}"
