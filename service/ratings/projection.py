"""Folding finished games into standings: the ratings projection itself, pure.

A rating period is a UTC day.  Within it a player's rating is Glicko-2's update of the rating
the day began with over all of the day's rated results so far, so the rating moves after every
game and the last game of the day leaves exactly what Glicko-2 gives for the whole period (which
is how Glickman's worked example is reproduced: tests/ratings/test_glickman.py).  Days without a
game widen the deviation (``Rater.idle``).  Each result is taken against the opponent's rating
just before the game.

``fold`` is called once per finished game, in the order of the games' last events in the log, by
the follower and by the rebuild alike; the same games in the same order give the same floats.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from service.game.events import GameId, PlayerId
from service.ratings.fairness import RatingRules
from service.ratings.finished import Ending, Finished
from service.ratings.standing import KEPT_GAMES, KEPT_POINTS, Played, Point, Standing
from service.ratings.values import Rater, Rating, Result


@dataclass(frozen=True, slots=True)
class Counted:
    """What a finished game did: recorded once under its id (the guard against counting twice)."""

    game_id: GameId
    position: int
    players: tuple[PlayerId, PlayerId]
    score: float
    ending: Ending
    rated: bool
    """Whether it moved the ratings."""


def new_standing(player: PlayerId, rules: RatingRules) -> Standing:
    return Standing(player, rules.anchors.get(player, rules.start))


def moves_ratings(game: Finished, before: Mapping[PlayerId, Standing], rules: RatingRules) -> bool:
    """Whether a finished game changes the ratings (``fairness.py``)."""
    if not game.rated:
        return False
    first, second = game.players
    day = game.at.toordinal()
    if before[first].games_today(second, day) >= rules.most_a_day:
        return False
    for player in game.players:
        opponent = game.opponent_of(player)
        farmed = (
            opponent in rules.bots and player not in rules.anchors and game.score_of(player) == 1
        )
        if farmed and before[player].rating.rating >= rules.anchors[opponent].rating:
            return False
    return True


def fold(
    before: Mapping[PlayerId, Standing], game: Finished, rules: RatingRules, rater: Rater
) -> tuple[dict[PlayerId, Standing], Counted]:
    """The two players' standings after ``game`` (``before`` holds both) and its record."""
    rated = moves_ratings(game, before, rules)
    day = game.at.toordinal()
    after = {}
    for player in game.players:
        mine, theirs = before[player], before[game.opponent_of(player)]
        score = game.score_of(player)
        if rated and player not in rules.anchors:
            period = _rate(mine, Result(theirs.rating, score), day, rater)
        else:
            period = _Period(mine.rating, mine.period, mine.period_start, mine.period_results, 0)
        after[player] = _record(mine, period, game, score, rated, day)
    return after, Counted(game.game_id, game.position, game.players, game.score, game.ending, rated)


@dataclass(frozen=True, slots=True)
class _Period:
    """The rating after a game and the rating period it belongs to."""

    rating: Rating
    period: int
    start: Rating | None
    results: tuple[Result, ...]
    counted: int
    """1 if the game was rated for this player, else 0."""


def _rate(standing: Standing, result: Result, day: int, rater: Rater) -> _Period:
    if standing.period == day and standing.period_start is not None:
        start, results = standing.period_start, (*standing.period_results, result)
    else:
        gap = day - standing.period - 1 if standing.period >= 0 else 0
        start = rater.idle(standing.rating, gap) if gap > 0 else standing.rating
        results = (result,)
    return _Period(rater.rate(start, results), day, start, results, 1)


def _record(
    standing: Standing, period: _Period, game: Finished, score: float, rated: bool, day: int
) -> Standing:
    """The standing with the game in its record (built at once: this runs twice a game)."""
    opponent = game.opponent_of(standing.player)
    opponents = dict(standing.opponents)
    opponents[opponent] = standing.against(opponent).add(score)
    counts = dict(standing.day_counts) if standing.day == day else {}
    if game.rated:
        counts[opponent] = counts.get(opponent, 0) + 1
    shown = period.rating.shown
    played = Played(game.game_id, opponent, score, game.ending, rated, game.at, shown)
    history = standing.history
    if rated:
        history = (*history, Point(game.at, shown))[-KEPT_POINTS:]
    return Standing(
        standing.player,
        period.rating,
        period.period,
        period.start,
        period.results,
        standing.rated_games + period.counted,
        standing.record.add(score),
        tuple(sorted(opponents.items())),
        day,
        tuple(sorted(counts.items())),
        history,
        (played, *standing.recent)[:KEPT_GAMES],
    )
