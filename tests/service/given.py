"""Givens shared by the game service tests: players, a start time, a started game, a won deal."""

from __future__ import annotations

from datetime import UTC, datetime

from service.app.games import GameService
from service.game.events import GameId, PlayerId
from service.rules.variants import MatchTerms

HOST, GUEST, STRANGER = PlayerId("ana"), PlayerId("ben"), PlayerId("cy")
GREEDY = PlayerId("bot:greedy")
T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
# tests.positions.STACKED dealt by player 2: player 1 decides on KS holding AC 2C 3C 4D 5D 6D 7D
# KH KD 4H.  This script plays it to player 1 going out (as tests/cli/test_play.py does).
WIN_SCRIPT = (
    (HOST, "take kh kd discard 4h"),
    (GUEST, "take 4c 4s discard 2s"),
    (HOST, "pass"),
    (HOST, "pass"),
    (GUEST, "take qc qd discard kc"),
    (HOST, "take ac 2c 3c 4d 5d 6d 7d"),
)


def started(service: GameService, terms: MatchTerms | None = None) -> GameId:
    """A game opened by HOST (player 1) and joined by GUEST (player 2): the match has begun."""
    game_id = service.open_game(HOST, terms=terms)
    service.join(service.game(game_id).invitation, GUEST)
    return game_id


def names(service: GameService, game_id: GameId, after: int = 0) -> list[str]:
    """The names of the game's events after seq ``after``."""
    return [type(one.event).__name__ for one in service.store.load(game_id)[after:]]
