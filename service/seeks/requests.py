"""Typed requests of finding an opponent — publish a seek, accept one, withdraw one, wait for
pairing, leave it — and the typed replies they are answered with (``Lobby.answer``), in the style
of ``service.app.lobby_requests``: a channel parses its input into one of these (typed words
through ``service.words.seek_words``) and lays out the reply; a refusal is the house's
``Refused`` (a seek taken by someone first: code ``seek_gone``).  Here, below the words, so the
one grammar can build them.

Each request carries what makes it idempotent: a publication its request key (one seek however
often it is handled), an acceptance the seek (its taker accepting again reaches the same game),
a withdrawal and leaving the pool end something only once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from service.game.events import GameId, PlayerId
from service.seeks.seeks import LASTS, SeekId
from service.seeks.terms import SeekTerms, Wanted


@dataclass(frozen=True, slots=True)
class PublishSeek:
    player: PlayerId
    terms: SeekTerms = field(default_factory=SeekTerms)
    wanted: Wanted = field(default_factory=Wanted)
    lasts: timedelta = LASTS


@dataclass(frozen=True, slots=True)
class AcceptSeek:
    player: PlayerId
    seek_id: SeekId


@dataclass(frozen=True, slots=True)
class WithdrawSeek:
    player: PlayerId
    seek_id: SeekId


@dataclass(frozen=True, slots=True)
class WaitForPairing:
    player: PlayerId
    terms: SeekTerms = field(default_factory=SeekTerms)
    wanted: Wanted = field(default_factory=Wanted)


@dataclass(frozen=True, slots=True)
class LeavePairing:
    player: PlayerId


SeekRequest = PublishSeek | AcceptSeek | WithdrawSeek | WaitForPairing | LeavePairing


@dataclass(frozen=True, slots=True)
class SeekPublished:
    seek_id: SeekId
    expires: datetime


@dataclass(frozen=True, slots=True)
class SeekAccepted:
    """The seek is the taker's and its game has begun (its owner is told by the game's news)."""

    seek_id: SeekId
    game_id: GameId


@dataclass(frozen=True, slots=True)
class SeekWithdrawn:
    seek_id: SeekId


@dataclass(frozen=True, slots=True)
class PairingWaited:
    """The player waits to be paired, since ``since``."""

    since: datetime


@dataclass(frozen=True, slots=True)
class PairingLeft:
    was_waiting: bool
    """False if the player was not waiting (or had just been paired: their game is on its way)."""


SeekReply = SeekPublished | SeekAccepted | SeekWithdrawn | PairingWaited | PairingLeft
"""What the lobby answers a request, a refusal aside."""
