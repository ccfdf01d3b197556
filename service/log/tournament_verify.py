"""``conquian verify`` for a tournament: every event is what the rules give from those before it.

The log is replayed through the same ``decide`` the service runs: each event must be what the
command it records decides from the tournament before it, so a pairing must be the one the
published algorithm (``swiss``, ``berger``) gives from the standings before its round, and the
final order must follow from the results.  A result from a game must be the one the game's log
ends with (the log verified on its own first) between the pairing's players, the first dealer
dealing first; an adjudicated one must be the match score at the round's deadline
(``standings.adjudicated``).  The first event that breaks is named, with why.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from service.game.events import GameId, PlayerId
from service.game.state import fold
from service.game.stored import StoredEvent
from service.rules.errors import IllegalAction
from service.rules.events import MatchStarted
from service.rules.seats import Seat
from service.tournaments import decide, events
from service.tournaments.errors import Unfounded
from service.tournaments.results import match_result
from service.tournaments.standings import adjudicated
from service.tournaments.state import Tournament, created, evolve

GameLogs = Callable[[GameId], Sequence[StoredEvent] | None]
"""A game's verified log by its id; None when there is none."""


@dataclass(frozen=True, slots=True)
class Verdict:
    seq: int | None = None
    """The first event that breaks; None when the log verifies."""
    reason: str = ""

    @property
    def ok(self) -> bool:
        return self.seq is None


def verify_tournament(stored: Sequence[events.Stored], games: GameLogs) -> Verdict:
    if not stored:
        return Verdict(1, "the log holds no event: a tournament begins with TournamentCreated")
    try:
        tournament = _created(stored[0])
    except (IllegalAction, ValueError) as error:
        return Verdict(1, str(error))
    index = 1
    while index < len(stored):
        one = stored[index]
        try:
            decided = decide.decide(tournament, _command(one.event), one.at)
        except (IllegalAction, Unfounded) as error:
            return Verdict(one.seq, str(error))
        for event in decided:
            if index >= len(stored) or stored[index].event != event:
                found = "nothing" if index >= len(stored) else repr(stored[index].event)
                seq = stored[index].seq if index < len(stored) else len(stored) + 1
                return Verdict(seq, f"the rules give {event!r}, the log has {found}")
            if isinstance(event, events.ResultRecorded):
                wrong = _against_game(tournament, event, games)
                if wrong:
                    return Verdict(stored[index].seq, wrong)
            tournament = evolve(tournament, event)
            index += 1
        if not decided:
            return Verdict(one.seq, "this event changes nothing: it is recorded twice")
    return Verdict()


def _created(first: events.Stored) -> Tournament:
    if not isinstance(first.event, events.TournamentCreated) or first.seq != 1:
        raise ValueError("a tournament's log begins with TournamentCreated")
    decide.check_terms(first.event.terms)
    return created(first)


def _command(event: events.TournamentEvent) -> decide.Command:
    match event:
        case events.PlayerEntered(player, rating):
            return decide.Enter(player, rating)
        case events.PlayerWithdrew(player):
            return decide.Withdraw(player)
        case events.RoundPaired(pairings=pairings):
            return decide.PairRound(tuple(one.game for one in pairings))
        case events.ResultRecorded(number, board, score, ending):
            return decide.Record(number, board, score, ending)
        case events.RoundEnded(number):
            return decide.EndRound(number)
        case events.TournamentFinished():
            return decide.Finish()
        case events.TournamentCreated():
            raise Unfounded("a tournament is created once")


def _against_game(tournament: Tournament, event: events.ResultRecorded, games: GameLogs) -> str:
    """Why the game's log disagrees with the result ``event`` records ("" if it agrees)."""
    round_ = tournament.rounds[event.number - 1]
    pairing = round_.pairings[event.board]
    if pairing.game is None:
        return ""
    log = games(pairing.game)
    if log is None:
        return f"the log of game {pairing.game} is missing"
    wrong = _players(log, pairing)
    if wrong:
        return wrong
    ended = match_result(log)
    if event.ending is events.Ending.PLAYED:
        if ended is None:
            return f"game {pairing.game} has not ended"
        score = ended.score
    else:  # adjudicated at the deadline: the match score then, unless it had ended before
        deadline = round_.deadline
        assert deadline is not None  # decide refuses an adjudication without one
        if ended is not None and ended.at <= deadline:
            return f"game {pairing.game} ended before the deadline: its result stands"
        score = adjudicated(fold(one for one in log if one.at <= deadline).rules.scores)
    if score != event.score:
        return (
            f"game {pairing.game} ends {score / 2:g} for its first dealer, not {event.score / 2:g}"
        )
    return ""


def _players(log: Sequence[StoredEvent], pairing: events.Pairing) -> str:
    game = fold(log)
    expected: tuple[PlayerId | None, PlayerId | None] = (pairing.first, pairing.second)
    if game.players != expected:
        return f"game {pairing.game} is played by {game.players}, not {expected}"
    started = next((one.event for one in log if isinstance(one.event, MatchStarted)), None)
    if started is None or started.first_dealer is not Seat.FIRST:
        return f"in game {pairing.game}, {pairing.first} did not deal first"
    return ""
