"""Givens of the tournament tests: terms, and a round played to its end with the service's bot
players at the seats (the bots' policies choose every move; the service applies them)."""

from __future__ import annotations

import random
from datetime import timedelta

from service.app.games import GameService
from service.app.tournaments import Tournaments
from service.bots.levels import BOTS
from service.bots.policies import recall
from service.game.events import GameId, PlayerId, TimeControl
from service.game.status import GameStatus
from service.rules.variants import DEFAULT, MatchTerms
from service.tournaments.events import Format, RoundEnd, Terms, TournamentId
from tests.service.given import T0

CLOSES = T0 + timedelta(days=2)


def terms(
    format: Format = Format.SWISS,
    size: int = 9,
    rounds: int = 4,
    double: bool = False,
    late_until: int = 1,
    round_end: RoundEnd = RoundEnd.ALL_OVER,
) -> Terms:
    return Terms(
        format,
        size,
        rounds,
        double,
        DEFAULT,
        MatchTerms(deals=1),
        TimeControl(),
        True,
        CLOSES,
        late_until,
        round_end,
        3,
    )


def players(count: int) -> list[PlayerId]:
    return [PlayerId(f"p{n}") for n in range(1, count + 1)]


def play_round(tournaments: Tournaments, tournament_id: TournamentId, seed: int) -> None:
    """Every running game of the current round played to its end by the greedy bot's policy."""
    service = tournaments.service
    current = tournaments.tournament(tournament_id).current
    assert current is not None
    rng = random.Random(seed)
    for pairing in current.pairings:
        if pairing.game is not None:
            play_out(service, pairing.game, rng)


def play_out(service: GameService, game_id: GameId, rng: random.Random) -> None:
    policy = BOTS["bot:greedy"]
    game = service.game(game_id)
    while game.status is GameStatus.PLAYING:
        seat = game.rules.to_act
        assert seat is not None
        player = game.players[seat]
        assert player is not None
        service.act(game.id, player, policy(recall(game.rules, seat), rng))
        game = service.game(game.id)
