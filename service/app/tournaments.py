"""``Tournaments``: the use cases of tournaments (issue 37) — create, enter, withdraw, and the
worker's step that pairs rounds, records results and ends rounds — over the tournament's log
(``ports/tournaments.py``), beside ``GameService`` and wired by ``adapters/bootstrap.py``.

Each use case is load → ``tournaments.decide`` → append under the version read, retried after a
lost race, so two workers tending at once append each step once.  A round's games are opened
through ``Seating`` with the tournament's terms, each under a request named by the tournament,
round and board, so a pairing step that stopped between opening its games and recording the
round opens the same games when it runs again; the pairing's first player is the host and
deals first (``FirstDealerChance``), which is how the pairing balances who deals first.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass, replace
from functools import partial

from service.app.games import GameService
from service.app.lobby_requests import requested
from service.app.replies import Reply
from service.app.seating import Seating
from service.app.tournament_reads import TournamentReads, board_request
from service.game.events import GameId, PlayerId
from service.ports.chances import FirstDealerChance
from service.ports.protocols import ConcurrencyError
from service.ports.tournaments import TournamentStore
from service.rules.errors import IllegalAction
from service.rules.seats import Seat
from service.rules.variants import FirstDealer
from service.tournaments import requests
from service.tournaments.decide import (
    Command,
    Draw,
    EndRound,
    Enter,
    Finish,
    PairRound,
    Record,
    Withdraw,
    check_terms,
    decide,
    due_to_pair,
    next_round,
)
from service.tournaments.errors import MayNotCreate, TooManyTournaments
from service.tournaments.events import (
    Ending,
    Terms,
    TournamentCreated,
    TournamentEvent,
    TournamentFinished,
    TournamentId,
)
from service.tournaments.results import match_result
from service.tournaments.standings import adjudicated
from service.tournaments.state import Tournament
from service.words.naming import Public

RETRIES = 5


@dataclass(frozen=True, slots=True)
class CreatorLimits:
    """Who may create a tournament and how many (issue 37: "Who may create a tournament, and how
    many, is limited"; docs/decisions/tournament-pairing.md).  Operators are not limited."""

    finished_games: int = 20
    """The games a player must have finished before creating one."""
    running: int = 2
    """The tournaments a player may run at once (created and not finished)."""


@dataclass(frozen=True, slots=True)
class Tended:
    """What one run of the worker's tournament step did."""

    steps: int
    """Events appended."""
    games: tuple[GameId, ...]
    """Games opened for rounds paired."""


class Tournaments(TournamentReads):
    def __init__(
        self,
        service: GameService,
        store: TournamentStore,
        rating: Callable[[PlayerId], float] = lambda player: 1500.0,
        finished_games: Callable[[PlayerId], int] = lambda player: 0,
        limits: CreatorLimits = CreatorLimits(),
        public: Public = lambda player: False,
    ) -> None:
        self.service = service
        self.store = store
        self.rating = rating
        self.finished_games = finished_games
        self.limits = limits
        self.public = public
        service.round_of = self.round_of
        service.player_tournaments = self  # a player's data lists and leaves their entries

    # -- the channels' way in ---------------------------------------------------------------------

    def request(
        self, source: str, key: str, payload: str, asked: requests.TournamentRequest
    ) -> Reply:
        """A channel's tournament request, handled once however often it is delivered: the same
        typed reply each time (a refusal too), recorded in the inbox under ``source``/``key``."""
        answer = partial(self._answer, asked)
        return requested(self.service.intake, source, key, payload, answer)

    def _answer(self, asked: requests.TournamentRequest, key: str) -> Reply:
        match asked:
            case requests.CreateTournament(player, terms):
                return requests.TournamentOpened(self.create(player, terms, request=key))
            case requests.EnterTournament(player, code):
                tournament_id = self.resolve(code)
                return requests.TournamentEntered(self.enter(tournament_id, player).tournament_id)
            case requests.WithdrawFromTournament(player, code):
                tournament_id = self.resolve(code)
                return requests.TournamentLeft(self.withdraw(tournament_id, player).tournament_id)

    # -- players' requests ----------------------------------------------------------------------

    def create(
        self,
        creator: PlayerId,
        terms: Terms,
        operator: bool = False,
        request: str | None = None,
    ) -> TournamentId:
        """A new tournament; unless ``operator``, only by a player with enough finished games and
        fewer running tournaments than the limit.  Under a ``request`` key its id is derived from
        the key and the creator, so a request handled again after a crash creates it once."""
        check_terms(terms)
        # "colours of Conquian (who deals first) balanced": the pairing says who deals first
        terms = replace(terms, variant=replace(terms.variant, first_dealer=FirstDealer.RANDOM))
        if request is None:
            tournament_id = TournamentId(self.service.chance.token())
        else:
            derived = hashlib.sha256(f"{creator}\n{request}".encode()).hexdigest()
            tournament_id = TournamentId(derived[:16])
            if self.store.load(tournament_id):
                return tournament_id  # created by this request before
        if not operator:
            if self.finished_games(creator) < self.limits.finished_games:
                raise MayNotCreate(games=self.limits.finished_games)
            held = sum(
                1 for row in self.store.listed() if row.creator == creator and not row.finished
            )
            if held >= self.limits.running:
                raise TooManyTournaments(held=held, most=self.limits.running)
        created = TournamentCreated(tournament_id, creator, terms)
        self.store.append(tournament_id, 0, [created], self.service.clock.now(), False)
        return tournament_id

    def enter(self, tournament_id: TournamentId, player: PlayerId) -> Tournament:
        return self._decided(tournament_id, Enter(player, self.rating(player)))

    def withdraw(self, tournament_id: TournamentId, player: PlayerId) -> Tournament:
        """The player leaves: no more pairings, their running match resigned (its game's log
        gives the result the next step records)."""
        tournament = self._decided(tournament_id, Withdraw(player))
        current = tournament.current
        for game in current.running_games_of(player) if current else ():
            with suppress(IllegalAction):  # the game ended meanwhile: its result stands
                self.service.resign(game, player)
        return tournament

    def withdraw_everywhere(self, player: PlayerId) -> int:
        """``player`` withdrawn from every running tournament they are still in, as if they had
        asked (their erasure: docs/decisions/privacy-an-erased-player-withdraws-from-tournaments.md);
        how many.  A finished tournament keeps its standings as they were."""
        left = 0
        for tournament_id in self.store.running():
            tournament = self.tournament(tournament_id)
            if player in tournament.players and player not in tournament.withdrawn:
                self.withdraw(tournament_id, player)
                left += 1
        return left

    # -- the worker's step ------------------------------------------------------------------------

    def tend(self) -> Tended:
        """Advance every running tournament as far as it goes now."""
        steps, games = 0, list[GameId]()
        for tournament_id in self.store.running():
            done, opened = self.advance(tournament_id)
            steps, games = steps + done, [*games, *opened]
        return Tended(steps, tuple(games))

    def advance(self, tournament_id: TournamentId) -> tuple[int, list[GameId]]:
        """Record the results of ended matches (adjudicated at a passed deadline), end a
        complete round, pair the next or finish; how many events, and the games opened.  A step
        another worker took first is read again (up to ``RETRIES`` such races)."""
        steps, opened, lost = 0, list[GameId](), 0
        while lost < RETRIES:
            tournament = self.tournament(tournament_id)
            command = self._next_step(tournament, opened)
            if command is None:
                break
            try:
                events = decide(tournament, command, self.service.clock.now())
                steps += len(self._append(tournament, events))
            except ConcurrencyError:
                lost += 1
        return steps, opened

    def _next_step(self, tournament: Tournament, opened: list[GameId]) -> Command | None:
        now = self.service.clock.now()
        current = tournament.current
        if current is None:
            if not due_to_pair(tournament, now):
                return None
            draw = next_round(tournament)
            if draw is None:
                return Finish()
            games = self._open_games(tournament, draw)
            opened.extend(one for one in games if one is not None)
            return PairRound(games)
        for board, (pairing, result) in enumerate(
            zip(current.pairings, current.results, strict=True)
        ):
            if result is not None or pairing.game is None:
                continue
            ended = match_result(self.service.events(pairing.game))
            if ended is not None:
                return Record(current.number, board, ended.score, Ending.PLAYED)
            if current.deadline is not None and now >= current.deadline:
                score = adjudicated(self.service.game(pairing.game).rules.scores)
                return Record(current.number, board, score, Ending.ADJUDICATED)
        return EndRound(current.number) if current.complete else None

    def _open_games(self, tournament: Tournament, draw: Draw) -> tuple[GameId | None, ...]:
        terms = tournament.terms
        games: list[GameId | None] = []
        for board, (first, second) in enumerate(draw.pairs):
            if {first, second} & tournament.withdrawn:
                games.append(None)
                continue
            request = board_request(tournament.tournament_id, draw.number, board)
            games.append(
                Seating(
                    self.service.journal, FirstDealerChance(self.service.chance, Seat.FIRST)
                ).open_game(
                    first,
                    terms.variant,
                    terms.match,
                    terms.time_control,
                    second,
                    request,
                    terms.rated,
                    tell_player=True,  # neither player asked for this game: both are told
                )
            )
        return tuple(games)

    # -- appending --------------------------------------------------------------------------------

    def _decided(self, tournament_id: TournamentId, command: Command) -> Tournament:
        """``command`` decided and appended, retried after a lost race; the tournament after."""
        for _ in range(RETRIES):
            tournament = self.tournament(tournament_id)
            events = decide(tournament, command, self.service.clock.now())
            try:
                self._append(tournament, events)
            except ConcurrencyError:
                continue
            return self.tournament(tournament_id)
        raise ConcurrencyError(f"tournament {tournament_id} is busy")

    def _append(
        self, tournament: Tournament, events: Sequence[TournamentEvent]
    ) -> Sequence[TournamentEvent]:
        if events:
            finished = any(isinstance(one, TournamentFinished) for one in events)
            self.store.append(
                tournament.tournament_id,
                tournament.version,
                events,
                self.service.clock.now(),
                finished,
            )
        return events
