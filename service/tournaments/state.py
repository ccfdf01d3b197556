"""A tournament folded from its events: its terms, who entered and withdrew, and its rounds with
their results.  Nothing is stored but the events; this is ``evolve`` over them, as a game is."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime

from service.game.events import GameId, PlayerId
from service.tournaments.events import (
    Ending,
    Pairing,
    PlayerEntered,
    PlayerWithdrew,
    ResultRecorded,
    RoundEnded,
    RoundPaired,
    Stored,
    Terms,
    TournamentCreated,
    TournamentEvent,
    TournamentFinished,
    TournamentId,
)


@dataclass(frozen=True, slots=True)
class Entrant:
    player: PlayerId
    rating: float


@dataclass(frozen=True, slots=True)
class Result:
    score: int
    """The first dealer's score in half points."""
    ending: Ending


@dataclass(frozen=True, slots=True)
class Round:
    number: int
    pairings: tuple[Pairing, ...]
    bye: PlayerId | None
    deadline: datetime | None
    results: tuple[Result | None, ...]
    ended: bool = False

    @property
    def complete(self) -> bool:
        return all(result is not None for result in self.results)

    def running_games_of(self, player: PlayerId) -> list[GameId]:
        """The games of ``player``'s matches of this round without a result."""
        return [
            pairing.game
            for pairing, result in zip(self.pairings, self.results, strict=True)
            if result is None
            and pairing.game is not None
            and player in (pairing.first, pairing.second)
        ]


@dataclass(frozen=True, slots=True)
class Tournament:
    tournament_id: TournamentId
    creator: PlayerId
    terms: Terms
    created: datetime
    entrants: tuple[Entrant, ...] = ()
    withdrawn: frozenset[PlayerId] = frozenset()
    rounds: tuple[Round, ...] = ()
    order: tuple[PlayerId, ...] | None = None
    """The final standings' order once finished."""
    version: int = 1
    """How many events the tournament has: the expected version of the next append."""
    players: frozenset[PlayerId] = field(default=frozenset())

    @property
    def finished(self) -> bool:
        return self.order is not None

    @property
    def current(self) -> Round | None:
        """The last round paired, if it has not ended."""
        return self.rounds[-1] if self.rounds and not self.rounds[-1].ended else None

    @property
    def active(self) -> tuple[Entrant, ...]:
        """The entrants still playing, in order of entry."""
        return tuple(one for one in self.entrants if one.player not in self.withdrawn)

    def seeds(self) -> tuple[PlayerId, ...]:
        """Every entrant by seed: the higher rating at entry first, then the earlier entry."""
        ordered = sorted(enumerate(self.entrants), key=lambda pair: (-pair[1].rating, pair[0]))
        return tuple(one.player for _, one in ordered)


def created(stored: Stored) -> Tournament:
    event = stored.event
    if not isinstance(event, TournamentCreated):
        raise ValueError("a tournament's log begins with TournamentCreated")
    return Tournament(event.tournament_id, event.creator, event.terms, stored.at)


def evolve(tournament: Tournament, event: TournamentEvent) -> Tournament:
    """``tournament`` after ``event`` (decided before, so it is not checked again)."""
    after = replace(tournament, version=tournament.version + 1)
    match event:
        case PlayerEntered(player, rating):
            entrant = Entrant(player, rating)
            return replace(
                after, entrants=(*after.entrants, entrant), players=after.players | {player}
            )
        case PlayerWithdrew(player) if not tournament.rounds:  # before it starts: a seat freed
            entrants = tuple(one for one in after.entrants if one.player != player)
            return replace(after, entrants=entrants, withdrawn=after.withdrawn | {player})
        case PlayerWithdrew(player):
            return replace(after, withdrawn=after.withdrawn | {player})
        case RoundPaired(number, pairings, bye, deadline):
            round_ = Round(number, pairings, bye, deadline, (None,) * len(pairings))
            return replace(after, rounds=(*after.rounds, round_))
        case ResultRecorded(number, board, score, ending):
            round_ = after.rounds[number - 1]
            results = list(round_.results)
            results[board] = Result(score, ending)
            return _with_round(after, replace(round_, results=tuple(results)))
        case RoundEnded(number):
            return _with_round(after, replace(after.rounds[number - 1], ended=True))
        case TournamentFinished(order):
            return replace(after, order=order)
        case TournamentCreated():
            raise ValueError("a tournament is created once")


def _with_round(tournament: Tournament, round_: Round) -> Tournament:
    rounds = list(tournament.rounds)
    rounds[round_.number - 1] = round_
    return replace(tournament, rounds=tuple(rounds))


def fold(stored: Iterable[Stored]) -> Tournament:
    """The tournament a log holds (its first event creates it)."""
    tournament: Tournament | None = None
    for one in stored:
        tournament = created(one) if tournament is None else evolve(tournament, one.event)
    if tournament is None:
        raise ValueError("an empty log holds no tournament")
    return tournament
