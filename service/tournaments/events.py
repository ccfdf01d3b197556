"""A tournament's events: what it is (``TournamentCreated``), who plays, each round's pairing,
each result, each round's end and the final standings.  Named in the past tense and stable: the
names are written to the tournament's log and to its exported file (``file.py``).

Scores are counted in half points (a win 2, a draw 1, a loss 0), so every sum is exact.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import NewType

from service.game.events import GameId, PlayerId, TimeControl
from service.rules.variants import MatchTerms, Variant

TournamentId = NewType("TournamentId", str)

WIN, DRAW, LOSS = 2, 1, 0
"""A match's score in half points."""


class Format(StrEnum):
    SWISS = "swiss"
    ROUND_ROBIN = "round-robin"


class RoundEnd(StrEnum):
    """When a round is over (issue 37, "a rule for each round's end")."""

    ALL_OVER = "all-over"
    """When every match of the round is over, however long that takes."""
    DEADLINE = "deadline"
    """When every match is over or at the round's deadline, whichever comes first; a match still
    running then is adjudicated (``standings.adjudicated``: the match score at the deadline)."""


class Ending(StrEnum):
    """How a recorded result came about."""

    PLAYED = "played"
    """The game's log ended it: played out, resigned, claimed, or forfeited on timeouts."""
    FORFEIT = "forfeit"
    """No game: one player had withdrawn before the pairing (round-robin)."""
    ADJUDICATED = "adjudicated"
    """The round's deadline came before the match ended."""


@dataclass(frozen=True, slots=True)
class Terms:
    """What a tournament is, fixed when it is created."""

    format: Format
    size: int
    """The most players it takes."""
    rounds: int
    """Swiss: the rounds to play.  Round-robin: the rounds of the table (set at the start)."""
    double: bool
    """Round-robin: each pair meets twice, the first dealer swapped."""
    variant: Variant
    match: MatchTerms
    time_control: TimeControl
    rated: bool
    join_closes: datetime
    """The first round is paired at this time, or as soon as the tournament is full."""
    late_until: int
    """Swiss: a player may still enter until this round is paired (1: no late entries)."""
    round_end: RoundEnd
    round_days: int
    """Under ``RoundEnd.DEADLINE``: the days a round lasts."""


@dataclass(frozen=True, slots=True)
class Pairing:
    """One match of a round: ``first`` deals first.  ``game`` is None for a forfeit."""

    first: PlayerId
    second: PlayerId
    game: GameId | None


@dataclass(frozen=True, slots=True)
class TournamentCreated:
    tournament_id: TournamentId
    creator: PlayerId
    terms: Terms


@dataclass(frozen=True, slots=True)
class PlayerEntered:
    """``rating`` at entry orders the seeds (higher first; then the order of entry)."""

    player: PlayerId
    rating: float


@dataclass(frozen=True, slots=True)
class PlayerWithdrew:
    player: PlayerId


@dataclass(frozen=True, slots=True)
class RoundPaired:
    number: int
    pairings: tuple[Pairing, ...]
    bye: PlayerId | None
    deadline: datetime | None


@dataclass(frozen=True, slots=True)
class ResultRecorded:
    """The ``board``-th match of round ``number``: the first dealer's score in half points."""

    number: int
    board: int
    score: int
    ending: Ending


@dataclass(frozen=True, slots=True)
class RoundEnded:
    number: int


@dataclass(frozen=True, slots=True)
class TournamentFinished:
    """The final order of the players, the standings' (``standings.ranked``)."""

    order: tuple[PlayerId, ...]


TournamentEvent = (
    TournamentCreated
    | PlayerEntered
    | PlayerWithdrew
    | RoundPaired
    | ResultRecorded
    | RoundEnded
    | TournamentFinished
)


@dataclass(frozen=True, slots=True)
class Stored:
    """An event of a tournament's log: its number (from 1) and when it was appended."""

    tournament_id: TournamentId
    seq: int
    at: datetime
    event: TournamentEvent
