"""``SqlReviews``: the reviews' store (``service.ports.reviews``) in SQL.

The worker reads the next ended matches after the position with no lock (a review is a search
of seconds, made outside any transaction), then ``record`` is one short write: each player's
review inserted unless there (``ON CONFLICT DO NOTHING``: two workers that reviewed the same game
keep one), and the position moved on unless another worker moved it further.  A player erased
meanwhile gets none: their erasure removed their reviews, and a game their erasure ended is
reviewed after it (docs/decisions/privacy-an-erased-player-withdraws-from-tournaments.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict

from sqlalchemy import select, update

from adapters.sql.engine import Rows, reconnecting
from adapters.sql.review_tables import review_position, reviews
from adapters.sql.tables import events, players
from service.game.events import GameId, PlayerId
from service.ports.followed import ENDED
from service.ports.reviews import ReviewStep, Steps


class SqlReviews(Rows):
    @reconnecting
    def next_ended(self, limit: int) -> list[tuple[int, GameId]]:
        with self.engine.connect() as connection:
            row = connection.execute(select(review_position.c.position)).one_or_none()
            after = 0 if row is None else row.position
            ends = connection.execute(
                select(events.c.position, events.c.game_id)
                .where(events.c.position > after, events.c.name == ENDED)
                .order_by(events.c.position)
                .limit(limit)
            ).all()
        return [(end.position, GameId(end.game_id)) for end in ends]

    @reconnecting
    def record(self, position: int, game_id: GameId, kept: Mapping[PlayerId, Steps]) -> None:
        with self._writer.begin() as connection:
            erased = set(
                connection.execute(
                    select(players.c.id).where(
                        players.c.id.in_(list(kept)), players.c.erased_at.is_not(None)
                    )
                ).scalars()
            )
            rows = [
                {"game_id": game_id, "player": player, "steps": [asdict(s) for s in steps]}
                for player, steps in kept.items()
                if player not in erased
            ]
            if rows:
                connection.execute(self._insert(reviews).values(rows).on_conflict_do_nothing())
            moved = connection.execute(
                update(review_position)
                .where(review_position.c.position < position)
                .values(position=position)
            )
            if not moved.rowcount:
                connection.execute(
                    self._insert(review_position)
                    .values(id=1, position=position)
                    .on_conflict_do_nothing()
                )

    def of(self, game_id: GameId, player: PlayerId) -> Steps | None:
        query = select(reviews.c.steps).where(
            reviews.c.game_id == game_id, reviews.c.player == player
        )
        with self.engine.connect() as connection:
            row = connection.execute(query).one_or_none()
        return None if row is None else tuple(ReviewStep(**step) for step in row.steps)
