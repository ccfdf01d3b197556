"""A tournament on a web test site, created and played through the core (``tests/tournaments``):
a round-robin of four private web players, its first round played to the end by the bots'
policies and its second paired, so its page has results, replays and games to watch."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta

from service.game.events import GameId, PlayerId
from service.tournaments.events import Format, TournamentId
from tests.tournaments.play import play_round, terms
from tests.web.conftest import Site


@dataclass(frozen=True)
class Played:
    tournament_id: TournamentId
    players: tuple[PlayerId, ...]
    tokens: tuple[str, ...]
    finished: tuple[GameId, ...]
    """Round 1's games, over."""
    running: tuple[GameId, ...]
    """Round 2's games, being played."""


def played_tournament(site: Site, name: str = "Tor") -> Played:
    tournaments = site.wiring.tournaments
    assert tournaments is not None
    tokens = tuple(site.player(f"{name}{n}") for n in range(1, 5))
    players = tuple(site.parts.capabilities.read_player(token) for token in tokens)
    closes = datetime.now(UTC) + timedelta(days=2)
    chosen = replace(terms(Format.ROUND_ROBIN, size=4, rounds=0), join_closes=closes)
    tournament_id = tournaments.create(PlayerId("organiser"), chosen, operator=True)
    for player in players:
        tournaments.enter(tournament_id, player)
    tournaments.tend()
    play_round(tournaments, tournament_id, seed=1)
    tournaments.tend()
    rounds = tournaments.tournament(tournament_id).rounds
    assert len(rounds) == 2 and rounds[0].complete

    def games(number: int) -> tuple[GameId, ...]:
        return tuple(one.game for one in rounds[number].pairings if one.game is not None)

    return Played(tournament_id, players, tokens, games(0), games(1))


def open_tournament(site: Site, name: str = "Open", size: int = 4, entered: int = 1) -> Played:
    """A Swiss of ``size`` seats taking entries, ``entered`` web players in it already, no round
    paired yet: its page holds the Join form (and Withdraw for those players)."""
    tournaments = site.wiring.tournaments
    assert tournaments is not None
    tokens = tuple(site.player(f"{name}{n}") for n in range(1, entered + 1))
    players = tuple(site.parts.capabilities.read_player(token) for token in tokens)
    closes = datetime.now(UTC) + timedelta(days=2)
    chosen = replace(terms(Format.SWISS, size=size, rounds=min(3, size - 1)), join_closes=closes)
    tournament_id = tournaments.create(PlayerId("organiser"), chosen, operator=True)
    for player in players:
        tournaments.enter(tournament_id, player)
    return Played(tournament_id, players, tokens, (), ())
