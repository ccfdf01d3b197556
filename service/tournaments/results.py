"""A tournament match's result read from its game's log: how its ``MatchEnded`` scores the first
seat (the first dealer), in half points.  Played out, resigned, claimed or forfeited on
timeouts, every ending of a match ends with ``MatchEnded``; the service records it and
``conquian verify`` checks it with this one function."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from service.game.stored import StoredEvent
from service.rules.events import MatchEnded
from service.rules.seats import Seat
from service.tournaments.events import DRAW, LOSS, WIN


@dataclass(frozen=True, slots=True)
class MatchResult:
    score: int
    """The first seat's score in half points."""
    at: datetime


def match_result(log: Iterable[StoredEvent]) -> MatchResult | None:
    """The match's result, or None while it is not over."""
    for one in log:
        if isinstance(one.event, MatchEnded):
            winner = one.event.winner
            score = DRAW if winner is None else (WIN if winner is Seat.FIRST else LOSS)
            return MatchResult(score, one.at)
    return None
