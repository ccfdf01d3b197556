"""A player's reliability: a projection of the game logs, folded game by game like the ratings
(``service.app.reliabilities`` follows the log and rebuilds it), and the limits it sets on the
games a player may hold at once (docs/decisions/lobby-reliability-and-limits.md).

Of each finished match it counts, for each player: the match finished, a loss on time (a forfeit
on timeouts, or a win the opponent claimed), and an abandoned game — one the player left without
a word: a resignation or a loss on time before any decision of their own, or a loss on time after
more than one timeout in a row (the clock played for them and they never came back).  A decision
of their own is one of ``DECISIONS`` by their seat that is not a timeout's (a timeout's move is
appended with its ``TurnTimedOut``, at the same moment).  A game left by erasure counts for no one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from service.game.events import GameOpened, PlayerId, PlayerJoined, TurnTimedOut
from service.game.stored import StoredEvent
from service.rules.events import (
    CardDiscarded,
    CardForced,
    CardLaidOff,
    CardPassed,
    CardRefused,
    CenterCardTaken,
    ForceDeclined,
    HandMelded,
    MatchEnded,
    MatchForfeited,
    PlayerResigned,
)
from service.rules.seats import Seat

DECISIONS = (
    *(CenterCardTaken, CardDiscarded, CardRefused, HandMelded),
    *(ForceDeclined, CardForced, CardLaidOff, CardPassed),
)
"""The events that are a player's decision (each carries the deciding ``seat``); not a card turned
up, which the rules turn for a player (at a deal's start, after a discard)."""
KINDS = (
    *("GameOpened", "PlayerJoined", "TurnTimedOut", "PlayerResigned", "MatchForfeited"),
    "MatchEnded",
    *(kind.__name__ for kind in DECISIONS),
)
"""The names of the events reliability is read from: no deck, no hand, no talk."""
ON_TIME = ("timeouts", "claimed")

PROVEN_AFTER = 5
"""Finished games after which a player's reliability is judged (before, they are new)."""
UNRELIABLE_BELOW = 80
"""Per cent of finished games not abandoned under which a proven player is unreliable."""
NEW_GAMES = 4
"""Games against people (running, open, sought or waited for) a new player may hold at once."""
EARNED_EVERY = 3
"""One more game held at once for every this many games finished and not abandoned."""
MOST_GAMES = 20
"""Games against people anyone may hold at once, however reliable."""
UNRELIABLE_GAMES = 2
"""Games against people an unreliable player may hold at once until they finish more."""


@dataclass(frozen=True, slots=True)
class Reliability:
    finished: int = 0
    lost_on_time: int = 0
    abandoned: int = 0

    def __add__(self, other: Reliability) -> Reliability:
        return Reliability(
            self.finished + other.finished,
            self.lost_on_time + other.lost_on_time,
            self.abandoned + other.abandoned,
        )

    @property
    def percent(self) -> int | None:
        """Per cent of finished games not abandoned; None for a player with no finished game."""
        if not self.finished:
            return None
        return round(100 * (self.finished - self.abandoned) / self.finished)

    @property
    def is_unreliable(self) -> bool:
        percent = self.percent
        return self.finished >= PROVEN_AFTER and percent is not None and percent < UNRELIABLE_BELOW

    @property
    def most_games(self) -> int:
        """How many games against people the player may hold at once: few while new, more with
        every few games finished (as BGA's cap rises), few again while unreliable."""
        if self.is_unreliable:
            return UNRELIABLE_GAMES
        return min(MOST_GAMES, NEW_GAMES + (self.finished - self.abandoned) // EARNED_EVERY)


@dataclass
class _Seat:
    decided: bool = False
    timeouts_in_row: int = 0
    timed_out_at: datetime | None = None


def of_game(events: Sequence[StoredEvent]) -> Mapping[PlayerId, Reliability]:
    """What one finished match (its events of ``KINDS``, in order) adds to each player's
    reliability; nothing for a game not over, or left by erasure."""
    players: dict[Seat, PlayerId] = {}
    seats = {seat: _Seat() for seat in Seat}
    ended_by: tuple[Seat, str] | None = None
    for stored in events:
        match stored.event:
            case GameOpened(host=host):
                players[Seat.FIRST] = host
            case PlayerJoined(player=player, seat=seat):
                players[seat] = player
            case TurnTimedOut(seat=seat):
                seats[seat].timeouts_in_row += 1
                seats[seat].timed_out_at = stored.at
            case PlayerResigned(seat=seat):
                ended_by = (seat, "resigned")
            case MatchForfeited(seat=seat, reason=reason):
                ended_by = (seat, reason)
            case MatchEnded():
                if len(players) < 2 or (ended_by is not None and ended_by[1] not in _COUNTED):
                    return {}
                return {players[s]: _counted(s, seats[s], ended_by) for s in Seat}
            case (
                CenterCardTaken(seat=seat)
                | CardDiscarded(seat=seat)
                | CardRefused(seat=seat)
                | HandMelded(seat=seat)
                | ForceDeclined(seat=seat)
                | CardForced(seat=seat)
                | CardLaidOff(seat=seat)
                | CardPassed(seat=seat)
            ):
                _decided(seats[seat], stored.at)
    return {}


_COUNTED = (*ON_TIME, "resigned")


def _decided(seat: _Seat, at: datetime) -> None:
    if at != seat.timed_out_at:  # a timeout's own move comes with it: not the player's
        seat.decided, seat.timeouts_in_row = True, 0


def _counted(seat: Seat, mine: _Seat, ended_by: tuple[Seat, str] | None) -> Reliability:
    if ended_by is None or ended_by[0] is not seat:
        return Reliability(finished=1)
    on_time = ended_by[1] in ON_TIME
    left = not mine.decided or (on_time and mine.timeouts_in_row > 1)
    return Reliability(1, int(on_time), int(left))
