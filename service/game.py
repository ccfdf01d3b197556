"""A game as folded from its log: who plays, the rules state, the fairness record, the rematch.

``fold(stored)`` is the only way a ``Game`` is made, so a game's state is always its log's.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import NamedTuple

from .game_events import (
    DealCommitted,
    DealRevealed,
    GameId,
    GameOpened,
    PlayerId,
    PlayerJoined,
    RematchAccepted,
    RematchOffered,
    TimeControl,
)
from .ports import StoredEvent, UnknownGame
from .rules.evolve import evolve
from .rules.seats import Phase, Seat
from .rules.state import GameState, initial_state
from .rules.variants import MatchTerms, Variant


class Game(NamedTuple):
    id: GameId
    host: PlayerId
    players: tuple[PlayerId | None, PlayerId | None]
    invitation: str
    variant: Variant
    terms: MatchTerms
    time_control: TimeControl
    rematch_of: GameId | None
    rules: GameState
    version: int
    """How many events the game has: the expected version of the next append."""
    commitments: tuple[DealCommitted, ...]
    revealed: tuple[int, ...]
    """Deal numbers whose salt has been revealed."""
    rematch_offer: PlayerId | None
    rematch: GameId | None
    opened_at: datetime
    updated_at: datetime
    turn_since: datetime
    """When the current decision (or status) began: what deadlines and game lists count from."""

    @property
    def status(self) -> str:
        if self.players[1] is None:
            return "open"
        return "over" if self.rules.phase is Phase.OVER else "playing"

    def seat_of(self, player: PlayerId) -> Seat | None:
        for seat in Seat:
            if self.players[seat] == player:
                return seat
        return None

    @property
    def to_act(self) -> PlayerId | None:
        seat = self.rules.to_act
        return None if seat is None else self.players[seat]

    @property
    def current_commitment(self) -> DealCommitted | None:
        return self.commitments[-1] if self.commitments else None


def fold(stored: Iterable[StoredEvent]) -> Game:
    """The game whose log is ``stored``; raises ``UnknownGame`` for an empty log."""
    game: Game | None = None
    for one in stored:
        game = opened(one) if game is None else apply(game, one)
    if game is None:
        raise UnknownGame("no such game")
    return game


def opened(first: StoredEvent) -> Game:
    event = first.event
    if not isinstance(event, GameOpened):
        raise ValueError(f"a game's log starts with GameOpened, not {type(event).__name__}")
    return Game(
        id=event.game_id,
        host=event.host,
        players=(event.host, None),
        invitation=event.invitation,
        variant=event.variant,
        terms=event.terms,
        time_control=event.time_control,
        rematch_of=event.rematch_of,
        rules=initial_state(),
        version=first.seq,
        commitments=(),
        revealed=(),
        rematch_offer=None,
        rematch=None,
        opened_at=first.at,
        updated_at=first.at,
        turn_since=first.at,
    )


def apply(game: Game, stored: StoredEvent) -> Game:
    """The game after one more stored event."""
    game = game._replace(version=stored.seq, updated_at=stored.at)
    event = stored.event
    match event:
        case PlayerJoined(player=player, seat=seat):
            players = (player, game.players[1]) if seat is Seat.FIRST else (game.players[0], player)
            return game._replace(players=players, turn_since=stored.at)
        case DealCommitted() as committed:
            return game._replace(commitments=(*game.commitments, committed))
        case DealRevealed(number=number):
            return game._replace(revealed=(*game.revealed, number))
        case RematchOffered(player=player):
            return game._replace(rematch_offer=player)
        case RematchAccepted(game_id=new_game):
            return game._replace(rematch=new_game)
        case GameOpened():
            raise ValueError("a game is opened once")
    rules = evolve(game.rules, event)
    if (rules.to_act, rules.phase) != (game.rules.to_act, game.rules.phase):
        return game._replace(rules=rules, turn_since=stored.at)
    return game._replace(rules=rules)
