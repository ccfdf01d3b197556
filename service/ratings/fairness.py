"""Which rated games move a rating: the anchors and the limits against farming.

- The bots are rated players whose ratings never move (``ANCHORS``): a new player's first games
  against them place the player on the same scale as everyone else.
- Against the same opponent, only the first ``MOST_A_DAY`` rated games of a UTC day move the
  ratings; later ones that day are recorded but change nothing.  Someone playing their own
  second account gains at most that many games' worth a day.
- A win against a bot moves a player's rating only while that rating is below the bot's anchor:
  beating a bot again and again lifts a player up to about the bot's rating, never past it
  (a loss or a draw against it always counts).

docs/decisions/ratings-fair-play.md says why these numbers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from service.bots.levels import LEVELS
from service.game.events import PlayerId
from service.ratings.values import NEW_PLAYER, Rating

ANCHORS: Mapping[PlayerId, Rating] = {
    PlayerId(LEVELS["easy"]): Rating(900.0, 60.0, 0.06),
    PlayerId(LEVELS["medium"]): Rating(1300.0, 60.0, 0.06),
    PlayerId(LEVELS["hard"]): Rating(1700.0, 60.0, 0.06),
}
MOST_A_DAY = 3


@dataclass(frozen=True, slots=True)
class RatingRules:
    """The settings of the projection; a rebuild uses the same ones as the follower."""

    start: Rating = NEW_PLAYER
    anchors: Mapping[PlayerId, Rating] = field(default_factory=lambda: dict(ANCHORS))
    bots: frozenset[PlayerId] = frozenset(ANCHORS)
    """The anchored players past whose rating farming them lifts nobody."""
    most_a_day: int = MOST_A_DAY
