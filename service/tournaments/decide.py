"""The tournament decider: the events a command causes, or a refusal saying why not.

Pure, like the game's: a folded ``Tournament``, a command and the time in; events out, or an
``IllegalAction`` (a player's request) or ``Unfounded`` (a step the rules do not give) raised
before any event is made.  The quotes are issue 37's.  The same ``decide`` checks an exported
log (``verify``): each event must be what it decides from the events before it.

Rules the issue leaves open, written here before any round is played:

* Late entries (Swiss): a player may enter until round ``late_until`` is paired, and starts with
  no points for the rounds missed.  A round-robin takes entries until its first round.
* A withdrawal: the match running is resigned by the service (its game's log gives the result);
  in a Swiss the player is not paired again; in a round-robin the table stays as drawn, and each
  later match of theirs is forfeited without a game (a win for the opponent; a draw when both
  have withdrawn).  Results already recorded stand.
* A forfeit by timeout is a game's own ending (its time control), recorded like any result.
* A player who withdraws before the first round frees their seat and is never paired.
* A tournament with fewer than two players at its first pairing, or whose next Swiss round
  cannot be paired without a repeat, ends with the rounds played.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from service.game.events import GameId, PlayerId
from service.tournaments.berger import berger_round, rounds_of
from service.tournaments.errors import (
    BadLateEntries,
    BadRoundDays,
    BadRounds,
    BadSize,
    BadTournamentTerms,
    EntriesClosed,
    NoPairing,
    NotEntered,
    TournamentFull,
    TournamentOver,
    Unfounded,
)
from service.tournaments.events import (
    DRAW,
    WIN,
    Ending,
    Format,
    Pairing,
    PlayerEntered,
    PlayerWithdrew,
    ResultRecorded,
    RoundEnd,
    RoundEnded,
    RoundPaired,
    Terms,
    TournamentEvent,
    TournamentFinished,
)
from service.tournaments.standings import ranked, records
from service.tournaments.state import Tournament, evolve
from service.tournaments.swiss import swiss_round

MOST_PLAYERS = {Format.SWISS: 1000, Format.ROUND_ROBIN: 20}
MOST_ROUNDS = 20
MOST_ROUND_DAYS = 60


@dataclass(frozen=True, slots=True)
class Enter:
    player: PlayerId
    rating: float


@dataclass(frozen=True, slots=True)
class Withdraw:
    player: PlayerId


@dataclass(frozen=True, slots=True)
class PairRound:
    """Pair the next round (``next_round``) with the games opened for its pairings, by board
    (None for a forfeit)."""

    games: tuple[GameId | None, ...]


@dataclass(frozen=True, slots=True)
class Record:
    number: int
    board: int
    score: int
    ending: Ending


@dataclass(frozen=True, slots=True)
class EndRound:
    number: int


@dataclass(frozen=True, slots=True)
class Finish:
    """End a tournament no round of which can be paired any more."""


Command = Enter | Withdraw | PairRound | Record | EndRound | Finish


@dataclass(frozen=True, slots=True)
class Draw:
    """The next round as the algorithm gives it: (first dealer, second) pairs, and the bye."""

    number: int
    pairs: tuple[tuple[PlayerId, PlayerId], ...]
    bye: PlayerId | None


def check_terms(terms: Terms) -> None:
    """Refuse terms out of bounds (``BadTournamentTerms`` naming the first)."""
    most = MOST_PLAYERS[terms.format]
    _within(BadSize, terms.size, 2, most)
    if terms.format is Format.SWISS:
        _within(BadRounds, terms.rounds, 1, min(MOST_ROUNDS, terms.size - 1))
        _within(BadLateEntries, terms.late_until, 1, terms.rounds)
    if terms.round_end is RoundEnd.DEADLINE:
        _within(BadRoundDays, terms.round_days, 1, MOST_ROUND_DAYS)


def _within(refusal: type[BadTournamentTerms], value: int, least: int, most: int) -> None:
    if not least <= value <= most:
        raise refusal(least=least, most=most)


def decide(tournament: Tournament, command: Command, now: datetime) -> list[TournamentEvent]:
    """The events ``command`` causes at ``now``; no events when it was carried out already."""
    match command:
        case Enter(player, rating):
            return _enter(tournament, player, rating)
        case Withdraw(player):
            if player not in tournament.players:
                raise NotEntered()
            if tournament.finished:
                raise TournamentOver()
            return [] if player in tournament.withdrawn else [PlayerWithdrew(player)]
        case PairRound(games):
            return _pair(tournament, games, now)
        case Record(number, board, score, ending):
            return _record(tournament, number, board, score, ending, now)
        case EndRound(number):
            return _end_round(tournament, number)
        case Finish():
            if tournament.finished or tournament.current is not None:
                raise Unfounded("a tournament ends only between rounds, once")
            if next_round(tournament) is not None:
                raise Unfounded("the next round can be paired")
            return [TournamentFinished(_order(tournament))]


def _enter(tournament: Tournament, player: PlayerId, rating: float) -> list[TournamentEvent]:
    terms = tournament.terms
    if tournament.finished:
        raise TournamentOver()
    if player in tournament.players:
        if player in tournament.withdrawn:  # "Withdrawals": a player who left stays out
            raise EntriesClosed()
        return []
    late = terms.late_until if terms.format is Format.SWISS else 1  # "late entries (Swiss)"
    if len(tournament.rounds) >= late:
        raise EntriesClosed()
    if len(tournament.entrants) >= terms.size:
        raise TournamentFull(size=terms.size)
    return [PlayerEntered(player, rating)]


def takes_entries(tournament: Tournament) -> bool:
    """Whether a newcomer may enter now: what a listing of open tournaments shows."""
    terms = tournament.terms
    late = terms.late_until if terms.format is Format.SWISS else 1
    return (
        not tournament.finished
        and len(tournament.rounds) < late
        and len(tournament.entrants) < terms.size
    )


def total_rounds(tournament: Tournament) -> int:
    """Swiss: the rounds of its terms.  Round-robin: the rounds of its table."""
    terms = tournament.terms
    if terms.format is Format.SWISS:
        return terms.rounds
    return rounds_of(len(tournament.entrants), terms.double)


def due_to_pair(tournament: Tournament, now: datetime) -> bool:
    """Whether the next round (or the end) is due: between rounds, and for the first round once
    entries close ("a join window") or the tournament is full."""
    if tournament.finished or tournament.current is not None:
        return False
    if tournament.rounds:
        return True
    full = len(tournament.entrants) >= tournament.terms.size
    return full or now >= tournament.terms.join_closes


def next_round(tournament: Tournament) -> Draw | None:
    """The next round's pairing from the standings before it; None when no round can follow."""
    number = len(tournament.rounds) + 1
    if len(tournament.active) < 2 or number > total_rounds(tournament):
        return None
    if tournament.terms.format is Format.ROUND_ROBIN:  # "Round-robin by Berger tables"
        pairs, bye = berger_round(tournament.seeds(), number, tournament.terms.double)
        return Draw(number, tuple(pairs), bye)
    active = [one.player for one in tournament.active]
    try:  # "score groups, no repeated pairing, … colours … balanced, a bye for an odd count"
        pairs, bye = swiss_round(records(tournament), active)
    except NoPairing:
        return None
    return Draw(number, tuple(pairs), bye)


def _pair(
    tournament: Tournament, games: tuple[GameId | None, ...], now: datetime
) -> list[TournamentEvent]:
    if not due_to_pair(tournament, now):
        raise Unfounded("a round is paired after the one before it, the first once entries close")
    draw = next_round(tournament)
    if draw is None:
        raise Unfounded("no round follows: the tournament ends")
    if len(games) != len(draw.pairs):
        raise Unfounded(f"round {draw.number} has {len(draw.pairs)} matches")
    pairings, forfeits = [], []
    for board, ((first, second), game) in enumerate(zip(draw.pairs, games, strict=True)):
        out = [one for one in (first, second) if one in tournament.withdrawn]
        if (game is None) != bool(out):
            raise Unfounded(f"board {board}: a game is opened exactly when both still play")
        pairings.append(Pairing(first, second, game))
        if out:  # "Withdrawals": a later match of a withdrawn player is forfeited
            score = DRAW if len(out) == 2 else (0 if out == [first] else WIN)
            forfeits.append(ResultRecorded(draw.number, board, score, Ending.FORFEIT))
    days = tournament.terms.round_days
    deadline = (
        now + timedelta(days=days) if tournament.terms.round_end is RoundEnd.DEADLINE else None
    )
    paired = RoundPaired(draw.number, tuple(pairings), draw.bye, deadline)
    return [paired, *forfeits]


def _record(
    tournament: Tournament, number: int, board: int, score: int, ending: Ending, now: datetime
) -> list[TournamentEvent]:
    current = tournament.current
    if current is None or current.number != number or not 0 <= board < len(current.results):
        raise Unfounded(f"round {number} has no match {board} running")
    if score not in (0, DRAW, WIN) or ending is Ending.FORFEIT:
        raise Unfounded("a result is a win, a draw or a loss, from a game or adjudicated")
    recorded = current.results[board]
    if recorded is not None:
        if (recorded.score, recorded.ending) == (score, ending):
            return []
        raise Unfounded(f"round {number}, match {board} has its result")
    if ending is Ending.ADJUDICATED and (current.deadline is None or now < current.deadline):
        raise Unfounded("a match is adjudicated only at its round's deadline")
    return [ResultRecorded(number, board, score, ending)]


def _end_round(tournament: Tournament, number: int) -> list[TournamentEvent]:
    current = tournament.current
    if current is None or current.number != number:
        raise Unfounded(f"round {number} is not running")
    if not current.complete:
        raise Unfounded(f"round {number} has matches without a result")
    ended = RoundEnded(number)
    after = evolve(tournament, ended)
    if next_round(after) is None:
        return [ended, TournamentFinished(_order(after))]
    return [ended]


def _order(tournament: Tournament) -> tuple[PlayerId, ...]:
    return tuple(one.player for one in ranked(tournament))
