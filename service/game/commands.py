"""What a player asks of a game beyond the rules' own moves: the commands of the game decider
(``game_decide``).

Each names the player who asks, not a seat: the decider finds the seat, and refuses someone
who has none.  Anything the decision needs from outside the log comes in the command (when the
opponent's deadline falls, the new game's id), so the decider reads no clock, no settings and
no chance.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from service.game.events import GameId, PlayerId
from service.rules.actions import PlayerAction


@dataclass(frozen=True, slots=True)
class Join:
    """Take the free seat with the game's invitation (the match's start follows by itself)."""

    player: PlayerId


@dataclass(frozen=True, slots=True)
class Cancel:
    """The host calls off a game nobody has joined."""

    player: PlayerId


@dataclass(frozen=True, slots=True)
class OfferRematch:
    """Offer a new game with the same settings; after the opponent's own offer it accepts.

    ``new_game`` is the id the rematch gets if this records it (``answers_offer``)."""

    player: PlayerId
    new_game: GameId | None = None


@dataclass(frozen=True, slots=True)
class AcceptRematch:
    """Accept the opponent's offer: the rematch is ``new_game``."""

    player: PlayerId
    new_game: GameId | None = None


LEFT = "left"
"""The reason of the ``MatchForfeited`` a ``Leave`` appends: told apart from a resignation so the
ratings can leave the game out (docs/decisions/ratings-a-game-left-by-erasure-is-not-rated.md)."""


@dataclass(frozen=True, slots=True)
class Leave:
    """The player leaves the service (their erasure): their running match is given up, on the log
    as ``MatchForfeited(seat, "left")``.  No channel's grammar reads it; only the erasure asks."""

    player: PlayerId


@dataclass(frozen=True, slots=True)
class Move:
    """A move of the rules by the player, resigning among them; it ends their vacation pause."""

    player: PlayerId
    action: PlayerAction


@dataclass(frozen=True, slots=True)
class Claim:
    """Take the match: the opponent's deadline, ``due_at`` in their settings, has passed."""

    player: PlayerId
    due_at: datetime | None


@dataclass(frozen=True, slots=True)
class Extend:
    """Give the opponent until ``until`` for the decision whose deadline ``due_at`` passed."""

    player: PlayerId
    due_at: datetime | None
    until: datetime


@dataclass(frozen=True, slots=True)
class Instruct:
    """Leave a standing instruction (its canonical text, ``instructions.py``)."""

    player: PlayerId
    instruction: str


@dataclass(frozen=True, slots=True)
class Withdraw:
    """Withdraw one standing instruction, or all of them (``None``)."""

    player: PlayerId
    instruction: str | None = None


@dataclass(frozen=True, slots=True)
class Pause:
    """Stop the player's clock until ``until``: they are on vacation (``vacations.py``)."""

    player: PlayerId
    until: datetime


@dataclass(frozen=True, slots=True)
class Resume:
    """Restart the player's paused clock: they are back before their vacation ran out."""

    player: PlayerId


@dataclass(frozen=True, slots=True)
class Say:
    """Write ``text`` to the opponent, or say the preset ``phrase`` (``talk_events.PHRASES``)."""

    player: PlayerId
    text: str
    phrase: str = ""


@dataclass(frozen=True, slots=True)
class Offer:
    """Offer the opponent a ``draw`` or to ``adjourn``; ``adjourn_until`` is when an accepted
    adjournment would end (the operators' limit from now)."""

    player: PlayerId
    kind: str
    adjourn_until: datetime


@dataclass(frozen=True, slots=True)
class Answer:
    """Accept or decline the opponent's standing offer."""

    player: PlayerId
    accepted: bool
    adjourn_until: datetime


@dataclass(frozen=True, slots=True)
class TakeBack:
    """Withdraw the player's own standing offer."""

    player: PlayerId


@dataclass(frozen=True, slots=True)
class Mute:
    """Stop (``muted``) or start again hearing the opponent's messages in this game."""

    player: PlayerId
    muted: bool = True


@dataclass(frozen=True, slots=True)
class Report:
    """Report the opponent's message number ``message`` (their latest: None) to the operators."""

    player: PlayerId
    message: int | None = None


@dataclass(frozen=True, slots=True)
class AskHint:
    """Ask what the hard bot would do at this decision (``hint_rules``); never a move."""

    player: PlayerId


TalkCommand = Say | Offer | Answer | TakeBack | Mute | Report

GameCommand = (
    Join
    | Cancel
    | OfferRematch
    | AcceptRematch
    | Move
    | Claim
    | Extend
    | Instruct
    | Withdraw
    | Pause
    | Resume
    | Leave
    | AskHint
    | TalkCommand
)
