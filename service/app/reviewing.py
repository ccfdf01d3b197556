"""The use cases of the review after a game (issue 38): the worker reviews each ended match for
its players (not its bots), and a player reads their own review, never the opponent's.

The review is ``log/reviews.py``'s, made on the player's own view; this keeps it in the
``ReviewStore`` with each move written as an English command (``prompts.action_text``), which
every channel words in its reader's language (``words/reviews.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from service.bots.levels import BOTS
from service.game.decide import checked_seat
from service.game.events import GameId, PlayerId
from service.game.state import fold
from service.game.status import GameStatus
from service.game.stored import StoredEvent
from service.log.reviews import REVIEW_ROLLOUTS, review
from service.ports.protocols import EventStore
from service.ports.reviews import ReviewStep, ReviewStore, Steps
from service.rules.errors import N_, IllegalAction
from service.rules.seats import Seat
from service.words.prompts import action_text

Judge = Callable[[Sequence[StoredEvent], Seat, int], Steps]
"""How a seat's decisions in a log are judged: ``steps_of`` here and in the tests; the worker
runs the same function in a child process (``adapters/review_process.py``)."""


def steps_of(log: Sequence[StoredEvent], seat: Seat, rollouts: int) -> Steps:
    """``seat``'s decisions in ``log``, judged and written as they are kept."""
    return tuple(
        ReviewStep(
            one.seq,
            action_text(one.judgement.chosen),
            action_text(one.judgement.best),
            round(100 * one.judgement.loss),
            one.judgement.mistake,
        )
        for one in review(log, seat, rollouts)
    )


@dataclass(frozen=True, slots=True)
class Reviewing:
    store: EventStore
    reviews: ReviewStore
    rollouts: int = REVIEW_ROLLOUTS
    judge: Judge = steps_of

    def follow(self, limit: int = 1) -> int:
        """Review up to ``limit`` matches ended since the last run; how many were reviewed."""
        ended = self.reviews.next_ended(limit)
        for position, game_id in ended:
            self.reviews.record(position, game_id, self.made(game_id))
        return len(ended)

    def made(self, game_id: GameId) -> dict[PlayerId, Steps]:
        """The review of each person who played ``game_id``, from the log."""
        log = self.store.load(game_id)
        players = fold(log).players
        return {
            player: self.judge(log, seat, self.rollouts)
            for seat, player in zip(Seat, players, strict=True)
            if player is not None and player not in BOTS
        }

    def of(self, game_id: GameId, player: PlayerId) -> Steps | None:
        """``player``'s own review of ``game_id``: None until the worker has made it.  Refused
        to anyone who did not play it, and while it is being played."""
        game = fold(self.store.load(game_id))
        checked_seat(game, player)
        if game.status is not GameStatus.OVER:
            raise ReviewNotYet()
        return self.reviews.of(game_id, player)

    def last(self, player: PlayerId) -> GameId:
        """The game a review without a game is of: the player's most recently finished."""
        for summary in self.store.summaries(player):
            if summary.status == GameStatus.OVER:
                return summary.game_id
        raise NothingToReview()


class NothingToReview(IllegalAction):
    code = "nothing_to_review"
    template = N_("You have no finished game to review yet.")


class ReviewNotYet(IllegalAction):
    code = "review_not_yet"
    template = N_("The review comes once the game is over.")
