"""``SqlReliability``: the reliability projection (``service.ports.reliability``) in SQL.

As ``SqlRatings`` does for the ratings: ``catch_up`` is one write transaction that locks the
position row first (``FOR UPDATE`` on PostgreSQL; SQLite's ``BEGIN IMMEDIATE`` holds the one
write lock), reads the matches ended after it and only their events of
``service.seeks.reliability.KINDS``, adds each one's counts to its players and records the game
under its id (a game counted twice breaks the key, and the transaction rolls back).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import Connection, insert, select, update

from adapters.sql.engine import reconnecting
from adapters.sql.followers import Follower
from adapters.sql.seek_tables import reliability, reliability_games, reliability_position
from service.game.events import PlayerId
from service.ports.reliability import Fold
from service.seeks.reliability import KINDS, Reliability


class SqlReliability(Follower):
    position = reliability_position
    tables = (reliability, reliability_games, reliability_position)
    kinds = KINDS

    @reconnecting
    def catch_up(self, fold: Fold, limit: int) -> int:
        with self._writer.begin() as connection:
            ends, games = self.ended(connection, limit)
            if not ends:
                return 0
            added: dict[PlayerId, Reliability] = {}
            for row in ends:
                for player, more in fold(games[row.game_id]).items():
                    added[player] = added.get(player, Reliability()) + more
            self._add(connection, added)
            connection.execute(
                insert(reliability_games),
                [{"game_id": row.game_id, "position": row.position} for row in ends],
            )
            connection.execute(update(reliability_position).values(position=ends[-1].position))
            return len(ends)

    def _add(self, connection: Connection, added: Mapping[PlayerId, Reliability]) -> None:
        if not added:
            return
        rows = [
            {
                "player": player,
                "finished": more.finished,
                "lost_on_time": more.lost_on_time,
                "abandoned": more.abandoned,
            }
            for player, more in added.items()
        ]
        upsert = self._insert(reliability).values(rows)
        counts = ("finished", "lost_on_time", "abandoned")
        connection.execute(
            upsert.on_conflict_do_update(
                index_elements=[reliability.c.player],
                set_={name: reliability.c[name] + upsert.excluded[name] for name in counts},
            )
        )

    def of(self, player: PlayerId) -> Reliability:
        query = select(reliability).where(reliability.c.player == player)
        with self.engine.connect() as connection:
            row = connection.execute(query).one_or_none()
        return Reliability() if row is None else _read(row)

    def every(self) -> dict[PlayerId, Reliability]:
        with self.engine.connect() as connection:
            rows = connection.execute(select(reliability)).all()
        return {PlayerId(row.player): _read(row) for row in rows}


def _read(row: Any) -> Reliability:
    return Reliability(row.finished, row.lost_on_time, row.abandoned)
