"""How a game ended, read from its log: the one input of the ratings projection.

Only a few kinds of event matter (``KINDS``), so the stores read only those: a rebuild over
10,000 games reads a handful of rows per game, never the moves.  A game counts once it has
``MatchEnded`` — after play, a resignation, a forfeit on timeouts or a claimed win; a game called
off (``GameCancelled``) never started and has no result.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from service.bots.levels import BOTS
from service.game.commands import LEFT
from service.game.events import GameId, GameOpened, PlayerId, PlayerJoined
from service.game.stored import StoredEvent
from service.rules.events import MatchEnded, MatchForfeited, PlayerResigned
from service.rules.seats import Seat

KINDS = ("GameOpened", "PlayerJoined", "PlayerResigned", "MatchForfeited", "MatchEnded")
"""The names of the events a result is read from."""
ENDED = "MatchEnded"


class Ending(StrEnum):
    """How the match ended; every one but ``LEFT`` counts for the ratings."""

    PLAYED = "played"
    RESIGNED = "resigned"
    TIMED_OUT = "timed_out"
    CLAIMED = "claimed"
    LEFT = "left"
    """A player left the service (their erasure gave the match up): recorded, rated for neither,
    since the opponent did not win it at the table (ratings-a-game-left-by-erasure-is-not-rated)."""


_FORFEITS = {"claimed": Ending.CLAIMED, LEFT: Ending.LEFT}
"""``MatchForfeited``'s reasons other than ``timeouts``."""


@dataclass(frozen=True, slots=True)
class Finished:
    """A finished game: its players by seat, the first seat's score, and whether it is rated."""

    game_id: GameId
    players: tuple[PlayerId, PlayerId]
    score: float
    """1 if the first seat won, 0 if it lost, 0.5 for a tie."""
    ending: Ending
    rated: bool
    at: datetime
    position: int
    """Where ``MatchEnded`` stands in the whole log: the order games are folded in."""

    def score_of(self, player: PlayerId) -> float:
        return self.score if player == self.players[0] else 1.0 - self.score

    def opponent_of(self, player: PlayerId) -> PlayerId:
        return self.players[1] if player == self.players[0] else self.players[0]


def rated_by_default(players: Sequence[PlayerId]) -> bool:
    """Rated between two people, casual against a bot, unless the host chose (``GameOpened.rated``)."""
    return not any(player in BOTS for player in players)


def finished(events: Sequence[StoredEvent]) -> Finished | None:
    """The result of a game from its events of ``KINDS`` (in order); None while it is not over."""
    opened: GameOpened | None = None
    second: PlayerId | None = None
    ending = Ending.PLAYED
    for stored in events:
        match stored.event:
            case GameOpened() as event:
                opened = event
            case PlayerJoined(player=player, seat=Seat.SECOND):
                second = player
            case PlayerResigned():
                ending = Ending.RESIGNED
            case MatchForfeited(reason=reason):
                ending = _FORFEITS.get(reason, Ending.TIMED_OUT)
            case MatchEnded(winner=winner) if opened is not None and second is not None:
                players = (opened.host, second)
                rated = rated_by_default(players) if opened.rated is None else opened.rated
                rated = rated and ending is not Ending.LEFT
                score = 0.5 if winner is None else (1.0 if winner is Seat.FIRST else 0.0)
                return Finished(
                    stored.game_id, players, score, ending, rated, stored.at, stored.position
                )
    return None
