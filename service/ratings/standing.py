"""A player's standing: the rating, its rating period, the record and the recent games.

Everything a profile shows, kept as one value per player so a follower updates two rows per
finished game and a rebuild compares them whole.  ``to_json``/``from_json`` are exact: floats
go through JSON as their shortest repr, which reads back to the same float.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from service.game.events import GameId, PlayerId
from service.ratings.finished import Ending
from service.ratings.values import PROVISIONAL_RD, Rating, Result

KEPT_GAMES = 20
"""How many recent games a standing keeps (the profile lists them with their replays)."""
KEPT_POINTS = 400
"""How many points of the rating's history a standing keeps for the plot."""


@dataclass(frozen=True, slots=True)
class Tally:
    """Wins, losses and draws."""

    wins: int = 0
    losses: int = 0
    draws: int = 0

    def add(self, score: float) -> Tally:
        if score == 1.0:
            return Tally(self.wins + 1, self.losses, self.draws)
        if score == 0.0:
            return Tally(self.wins, self.losses + 1, self.draws)
        return Tally(self.wins, self.losses, self.draws + 1)

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws


@dataclass(frozen=True, slots=True)
class Played:
    """One finished game as its player's profile lists it."""

    game_id: GameId | None
    opponent: PlayerId | None
    """Both None in a copy shown to a reader who may not see the opponent (``Ratings.stats``)."""
    score: float
    ending: Ending
    rated: bool
    """Whether it moved the rating (a rated game past the fairness limits did not)."""
    at: datetime
    rating: int
    """The player's rating after it."""


@dataclass(frozen=True, slots=True)
class Point:
    """One point of the plot: the rating after a rated game."""

    at: datetime
    rating: int


@dataclass(frozen=True, slots=True)
class Standing:
    player: PlayerId
    rating: Rating
    period: int = -1
    """The rating period (a UTC day, as an ordinal) of the latest rated game; -1 before any."""
    period_start: Rating | None = None
    period_results: tuple[Result, ...] = ()
    rated_games: int = 0
    record: Tally = Tally()
    opponents: tuple[tuple[PlayerId | None, Tally], ...] = ()
    """Each opponent's tally; None, in a copy shown to someone else, for every opponent the reader
    may not see, together (``Ratings.stats``)."""
    day: int = -1
    """The UTC day the counts below are of (the anti-farming limit)."""
    day_counts: tuple[tuple[PlayerId, int], ...] = ()
    history: tuple[Point, ...] = ()
    recent: tuple[Played, ...] = field(default=())

    @property
    def provisional(self) -> bool:
        return self.rating.rd > PROVISIONAL_RD

    def against(self, opponent: PlayerId | None) -> Tally:
        return dict(self.opponents).get(opponent, Tally())

    def games_today(self, opponent: PlayerId, day: int) -> int:
        return dict(self.day_counts).get(opponent, 0) if day == self.day else 0


def _rating(value: Rating) -> list[float]:
    return [value.rating, value.rd, value.volatility]


def _read_rating(value: Any) -> Rating:
    return Rating(float(value[0]), float(value[1]), float(value[2]))


def _tally(value: Tally) -> list[int]:
    return [value.wins, value.losses, value.draws]


def to_json(standing: Standing) -> dict[str, Any]:
    return {
        "rating": _rating(standing.rating),
        "period": standing.period,
        "start": None if standing.period_start is None else _rating(standing.period_start),
        "results": [[*_rating(one.opponent), one.score] for one in standing.period_results],
        "rated": standing.rated_games,
        "record": _tally(standing.record),
        "opponents": [[who, *_tally(tally)] for who, tally in standing.opponents],
        "day": standing.day,
        "day_counts": [list(pair) for pair in standing.day_counts],
        "history": [[point.at.isoformat(), point.rating] for point in standing.history],
        "recent": [
            [
                *(one.game_id, one.opponent, one.score, one.ending.value, one.rated),
                *(one.at.isoformat(), one.rating),
            ]
            for one in standing.recent
        ],
    }


def from_json(player: PlayerId, data: dict[str, Any]) -> Standing:
    return Standing(
        player,
        _read_rating(data["rating"]),
        data["period"],
        None if data["start"] is None else _read_rating(data["start"]),
        tuple(Result(_read_rating(one[:3]), float(one[3])) for one in data["results"]),
        data["rated"],
        Tally(*data["record"]),
        tuple((PlayerId(one[0]), Tally(*one[1:])) for one in data["opponents"]),
        data["day"],
        tuple((PlayerId(who), count) for who, count in data["day_counts"]),
        tuple(Point(datetime.fromisoformat(at), rating) for at, rating in data["history"]),
        tuple(
            Played(
                GameId(one[0]),
                PlayerId(one[1]),
                float(one[2]),
                Ending(one[3]),
                bool(one[4]),
                datetime.fromisoformat(one[5]),
                one[6],
            )
            for one in data["recent"]
        ),
    )
