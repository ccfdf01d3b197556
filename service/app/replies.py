"""Replies: the closed set of values the service answers a request with (their one codec is
``reply_codec``).

The inbox keeps a request's first reply, so a request delivered again hears it again; a reply
therefore names what happened (versions, event range, the refusal's code and parameters, the
game opened …), not how it is worded: each channel renders it, matching on its type.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from service.game.events import GameId, PlayerId
from service.seeks.requests import (
    PairingLeft,
    PairingWaited,
    SeekAccepted,
    SeekPublished,
    SeekWithdrawn,
)
from service.tournaments.requests import TournamentEntered, TournamentLeft, TournamentOpened
from service.words.refusals import Refused


@dataclass(frozen=True, slots=True)
class Request:
    """What a channel made of an inbound message: who, which game, the command, the version seen."""

    player: PlayerId
    game_id: GameId
    command: str
    expected_version: int | None = None


@dataclass(frozen=True, slots=True)
class MoveApplied:
    """A move (or time-control command) was appended: events ``first`` to ``last``."""

    game_id: GameId
    first: int
    last: int

    @property
    def version(self) -> int:
        return self.last


@dataclass(frozen=True, slots=True)
class Answered:
    """A look at the game (``hand``, ``help``, ``instructions``, ``settings``): nothing changed."""

    game_id: GameId
    version: int
    query: str

    @property
    def command(self) -> str:
        """The grammar's name of the look (``ShowHand`` …), as the JSON API names it."""
        return LOOKED_AT[self.query]


LOOKED_AT = {
    "hand": "ShowHand",
    "help": "ShowHelp",
    "instructions": "ShowInstructions",
    "settings": "ShowSettings",
}
"""Each look as the inbox names it, and as the grammar does."""


@dataclass(frozen=True, slots=True)
class OnVacation:
    """``vacation``: when it ends and the games whose clocks it paused."""

    game_id: GameId
    version: int
    until: datetime
    games: tuple[GameId, ...]
    moved: tuple[int, int] | None = None
    """The events pausing this game's clock, first and last, if it paused one here."""


@dataclass(frozen=True, slots=True)
class SettingChanged:
    """A change of the player's settings: the settings as they now are."""

    game_id: GameId
    version: int
    language: str
    timezone: str
    quiet_hours: str
    reminders: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class HintShown:
    """``hint``: what the hard bot would do at the position the player asked at (``version``,
    its ``HintGiven``'s number), kept as facts a channel words (``words/hints.py``)."""

    game_id: GameId
    version: int
    move: str
    """The move as an English command, cards as codes (``take 5C 5D discard KS``)."""
    melds: tuple[str, ...]
    fears: str | None
    rate: int
    """The percentage of the sampled deal endings the move won (draws half)."""


@dataclass(frozen=True, slots=True)
class Opened:
    game_id: GameId


@dataclass(frozen=True, slots=True)
class Joined:
    game_id: GameId


@dataclass(frozen=True, slots=True)
class Cancelled:
    game_id: GameId


@dataclass(frozen=True, slots=True)
class Rematched:
    """A rematch offered (``started`` None) or started at once (a bot, an earlier offer)."""

    started: GameId | None
    to: str
    """The opponent's name, as the offer was answered."""


@dataclass(frozen=True, slots=True)
class LinkOffered:
    """A link code made for the player, to type (or mail) from the address to link."""

    code: str


@dataclass(frozen=True, slots=True)
class Linked:
    """A link code was confirmed: the address it was typed from now plays as ``player``."""

    player: PlayerId


@dataclass(frozen=True, slots=True)
class Shown:
    """A channel showed something that changes nothing (a list, a log, a page of settings)."""

    what: str
    refused: bool = False


@dataclass(frozen=True, slots=True)
class Told:
    """A channel's own answer, worded when it was given (a press's pop-up, an expired invitation)."""

    text: str
    refused: bool = False


@dataclass(frozen=True, slots=True)
class Ignored:
    """Nothing to answer: not a request anyone is waiting on."""


Reply = (
    MoveApplied
    | Refused
    | Answered
    | OnVacation
    | SettingChanged
    | HintShown
    | Opened
    | Joined
    | Cancelled
    | Rematched
    | LinkOffered
    | Linked
    | Shown
    | Told
    | Ignored
    | SeekPublished
    | SeekAccepted
    | SeekWithdrawn
    | PairingWaited
    | PairingLeft
    | TournamentOpened
    | TournamentEntered
    | TournamentLeft
)
"""Everything the service or a channel answers a request with."""


def version_after(reply: Reply) -> int:
    """The game's version a reply about a command on it names (0 for any other reply): the
    game a channel shows with the answer is at least as new."""
    match reply:
        case MoveApplied() | Answered() | OnVacation() | SettingChanged() | HintShown():
            return reply.version
    return 0
