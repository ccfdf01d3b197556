"""What the log's followers (the ratings, the reliability) share in SQL: the position row each
locks for its transaction, and the few events of the matches it folds."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from sqlalchemy import Connection, Table, delete, select

from adapters.sql.engine import Rows, reconnecting
from adapters.sql.tables import events
from service.game.codec import decode
from service.game.events import GameId
from service.game.stored import StoredEvent
from service.ratings.finished import ENDED


class Follower(Rows):
    """A follower's rows: its one-row ``position`` table, every table it fills (``tables``,
    emptied by ``reset`` for a rebuild) and the ``kinds`` of events it folds."""

    position: Table
    tables: tuple[Table, ...]
    kinds: Collection[str]

    def ended(
        self, connection: Connection, limit: int
    ) -> tuple[Sequence[Any], dict[str, list[StoredEvent]]]:
        """Up to ``limit`` matches ended after the follower's position (``_ends_after``) and
        their events of its kinds (``_games_read``)."""
        ends = _ends_after(connection, self.position, self._postgresql, self._insert, limit)
        game_ids = [row.game_id for row in ends]
        return ends, _games_read(connection, game_ids, self.kinds) if ends else {}

    @reconnecting
    def reset(self) -> None:
        with self._writer.begin() as connection:
            for table in self.tables:
                connection.execute(delete(table))


def _ends_after(
    connection: Connection, table: Table, postgresql: bool, insert: Any, limit: int
) -> Sequence[Any]:
    """The matches ended after the follower's position (locked, ``_locked_position``): up to
    ``limit`` of their ``MatchEnded`` rows' game ids and positions, in log order."""
    position = _locked_position(connection, table, postgresql, insert)
    return connection.execute(
        select(events.c.game_id, events.c.position)
        .where(events.c.position > position, events.c.name == ENDED)
        .order_by(events.c.position)
        .limit(limit)
    ).all()


def _locked_position(connection: Connection, table: Table, postgresql: bool, insert: Any) -> int:
    """The follower's position in its one-row ``table``, locked for the transaction (``FOR
    UPDATE`` on PostgreSQL; SQLite's ``BEGIN IMMEDIATE`` already holds the write lock): two
    followers take turns and the second starts where the first ended."""
    query = select(table.c.position).where(table.c.id == 1)
    locked = query.with_for_update() if postgresql else query
    position = connection.execute(locked).scalar_one_or_none()
    if position is None:
        connection.execute(insert(table).values(id=1, position=0).on_conflict_do_nothing())
        position = connection.execute(locked).scalar_one()
    return int(position)


def _games_read(
    connection: Connection, game_ids: list[str], kinds: Collection[str]
) -> dict[str, list[StoredEvent]]:
    """The events of ``kinds`` of each game, in log order: never the moves a follower skips."""
    rows = connection.execute(
        select(events.c.game_id, events.c.seq, events.c.position, events.c.name)
        .add_columns(events.c.data, events.c.at)
        .where(events.c.game_id.in_(game_ids), events.c.name.in_(list(kinds)))
        .order_by(events.c.position)
    ).all()
    games: dict[str, list[StoredEvent]] = {game_id: [] for game_id in game_ids}
    for row in rows:
        event = decode(row.name, row.data)
        games[row.game_id].append(
            StoredEvent(GameId(row.game_id), row.seq, row.position, event, row.at)
        )
    return games
