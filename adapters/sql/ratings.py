"""``SqlRatings``: the ratings projection (``service.ratings.store.RatingStore``) in SQL.

``catch_up`` is one write transaction that first locks the position row (``FOR UPDATE`` on
PostgreSQL; SQLite's ``BEGIN IMMEDIATE`` already holds the one write lock), so two workers take
turns and the second starts where the first ended.  The games it reads are found by their
``MatchEnded`` after the position (a range of the primary key), and only the few kinds of event a
result is read from are loaded (``service.ratings.finished.KINDS``), never the moves.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from sqlalchemy import Connection, insert, select, update

from adapters.sql.engine import reconnecting
from adapters.sql.followers import Follower
from adapters.sql.rating_tables import (
    profile_choices,
    rating_games,
    rating_position,
    rating_standings,
)
from service.game.events import GameId, PlayerId
from service.ratings.finished import KINDS, Ending
from service.ratings.projection import Counted
from service.ratings.standing import Standing, from_json, to_json
from service.ratings.store import Step, Visibility, best_first


class SqlRatings(Follower):
    position = rating_position
    tables = (rating_standings, rating_games, rating_position)
    kinds = KINDS

    @reconnecting
    def catch_up(self, step: Step, limit: int) -> int:
        with self._writer.begin() as connection:
            ends, games = self.ended(connection, limit)
            if not ends:
                return 0
            game_ids = [row.game_id for row in ends]

            def load(players: Collection[PlayerId]) -> dict[PlayerId, Standing]:
                rows = connection.execute(
                    select(rating_standings).where(rating_standings.c.player.in_(list(players)))
                ).all()
                return {
                    PlayerId(row.player): from_json(PlayerId(row.player), row.data) for row in rows
                }

            changes = step([games[game_id] for game_id in game_ids], load)
            self._write(connection, changes.standings.values(), changes.counted)
            connection.execute(update(rating_position).values(position=changes.position))
            return len(changes.counted)

    def _write(
        self, connection: Connection, standings: Collection[Standing], counted: Collection[Counted]
    ) -> None:
        if standings:
            rows = [
                {
                    "player": one.player,
                    "rating": one.rating.rating,
                    "rated_games": one.rated_games,
                    "data": to_json(one),
                }
                for one in standings
            ]
            upsert = self._insert(rating_standings).values(rows)
            connection.execute(
                upsert.on_conflict_do_update(
                    index_elements=[rating_standings.c.player],
                    set_={
                        "rating": upsert.excluded.rating,
                        "rated_games": upsert.excluded.rated_games,
                        "data": upsert.excluded.data,
                    },
                )
            )
        if counted:  # a game counted twice breaks the primary key: the transaction rolls back
            connection.execute(
                insert(rating_games),
                [
                    {"game_id": one.game_id, "position": one.position, "data": _counted(one)}
                    for one in counted
                ],
            )

    def standing(self, player: PlayerId) -> Standing | None:
        query = select(rating_standings.c.data).where(rating_standings.c.player == player)
        with self.engine.connect() as connection:
            data = connection.execute(query).scalar_one_or_none()
        return None if data is None else from_json(player, data)

    def standings(self) -> dict[PlayerId, Standing]:
        with self.engine.connect() as connection:
            rows = connection.execute(select(rating_standings)).all()
        return {PlayerId(row.player): from_json(PlayerId(row.player), row.data) for row in rows}

    def counted(self) -> dict[GameId, Counted]:
        with self.engine.connect() as connection:
            rows = connection.execute(select(rating_games)).all()
        return {
            GameId(row.game_id): _read_counted(row.game_id, row.position, row.data) for row in rows
        }

    def leaderboard(self, least_games: int, limit: int) -> list[Standing]:
        choice = profile_choices.c
        query = (
            select(rating_standings.c.player, rating_standings.c.data)
            .join(profile_choices, choice.player == rating_standings.c.player)
            .where(choice.public, choice.listed, rating_standings.c.rated_games >= least_games)
            .order_by(rating_standings.c.rating.desc(), rating_standings.c.player)
            .limit(limit)
        )
        with self.engine.connect() as connection:
            rows = connection.execute(query).all()
        return best_first([from_json(PlayerId(row.player), row.data) for row in rows])

    def visibility(self, player: PlayerId) -> Visibility:
        query = select(profile_choices).where(profile_choices.c.player == player)
        with self.engine.connect() as connection:
            row = connection.execute(query).one_or_none()
        return Visibility() if row is None else Visibility(row.public, row.listed)

    def public(self) -> list[PlayerId]:
        query = select(profile_choices.c.player).where(profile_choices.c.public)
        with self.engine.connect() as connection:
            return sorted(PlayerId(row.player) for row in connection.execute(query))

    @reconnecting
    def choose(self, player: PlayerId, visibility: Visibility) -> None:
        values = {"public": visibility.public, "listed": visibility.listed}
        upsert = self._insert(profile_choices).values(player=player, **values)
        with self._writer.begin() as connection:
            connection.execute(
                upsert.on_conflict_do_update(index_elements=[profile_choices.c.player], set_=values)
            )


def _counted(one: Counted) -> dict[str, Any]:
    return {
        "players": list(one.players),
        "score": one.score,
        "ending": one.ending.value,
        "rated": one.rated,
    }


def _read_counted(game_id: str, position: int, data: dict[str, Any]) -> Counted:
    first, second = data["players"]
    return Counted(
        GameId(game_id),
        position,
        (PlayerId(first), PlayerId(second)),
        data["score"],
        Ending(data["ending"]),
        data["rated"],
    )
