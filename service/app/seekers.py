"""Who a player is to the lobby: their rating, their reliability and how many games against people
they hold (running or open, their open seeks, their wait in the pool), and the one check of the
limit that reliability sets (``Reliability.most_games``) every way into a game goes through."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from service.app.ratings import Ratings
from service.app.reads import GameReads
from service.app.reliabilities import Reliabilities
from service.bots.levels import BOTS
from service.game.events import PlayerId
from service.game.status import GameStatus
from service.ports.seeks import Seeks
from service.ratings.fairness import RatingRules
from service.ratings.projection import new_standing
from service.seeks.errors import BadWanted, TooManyGames
from service.seeks.terms import Wanted

START = new_standing(PlayerId(""), RatingRules()).rating.rating
"""A player's rating where no ratings are kept (a store without the projection)."""
_HELD = (GameStatus.OPEN, GameStatus.PLAYING)


@dataclass(frozen=True, slots=True)
class Seekers:
    reads: GameReads
    seeks: Seeks
    reliabilities: Reliabilities
    ratings: Ratings | None

    def rating(self, player: PlayerId) -> float:
        if self.ratings is None:
            return START
        standing = self.ratings.store.standing(player)
        return (standing or new_standing(player, self.ratings.rules)).rating.rating

    def is_public(self, player: PlayerId) -> bool:
        return self.ratings is not None and self.ratings.is_public(player)

    def held(self, player: PlayerId, now: datetime) -> int:
        """Games against people the player holds: running or open, sought, or waited for."""
        games = sum(
            1
            for line in self.reads.games_of(player)
            if line.status in _HELD and not any(one in BOTS for one in line.players)
        )
        waits = any(one.player == player for one in self.seeks.waiting())
        return games + len(self.seeks.seeks_of(player, now)) + int(waits)

    def check_room(self, player: PlayerId, now: datetime, more: int = 1) -> None:
        """``TooManyGames`` unless the player may hold ``more`` games against people."""
        held = self.held(player, now)
        most = self.reliabilities.of(player).most_games
        if held + more > most:
            raise TooManyGames(held=held, most=most)


def check_wanted(wanted: Wanted) -> None:
    """``BadWanted`` unless the rating range runs upwards and the reliability is a percentage."""
    low, high = wanted.lowest, wanted.highest
    if low is not None and high is not None and low > high:
        raise BadWanted()
    if not 0 <= wanted.least_reliability <= 100:
        raise BadWanted()
