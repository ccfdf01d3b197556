"""``SqlTournaments``: the tournaments' store (``service.ports.tournaments.TournamentStore``) in
the ``tournaments`` and ``tournament_events`` tables.

An append is one transaction: the row's version moves from the version the writer read to the
new one by a conditional update (or the row is inserted, for a new tournament), then the events
are inserted under their (tournament, seq) key.  A writer that read an older version updates no
row and raises ``ConcurrencyError``; on PostgreSQL the later of two racing writers waits for the
earlier's commit and then finds the version moved on; SQLite's one write lock orders them.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError

from adapters.sql.engine import Rows, reconnecting
from adapters.sql.tournament_tables import tournament_events, tournaments
from service.game.events import PlayerId
from service.ports.protocols import ConcurrencyError
from service.ports.tournaments import Listed
from service.tournaments.codec import decode, encode, name_of
from service.tournaments.events import Stored, TournamentCreated, TournamentEvent, TournamentId


class SqlTournaments(Rows):
    @reconnecting
    def append(
        self,
        tournament_id: TournamentId,
        expected: int,
        events: Sequence[TournamentEvent],
        at: datetime,
        finished: bool,
    ) -> None:
        version = expected + len(events)
        rows = [
            {
                "tournament_id": tournament_id,
                "seq": expected + n,
                "name": name_of(event),
                "data": encode(event),
                "at": at,
            }
            for n, event in enumerate(events, start=1)
        ]
        try:
            with self._writer.begin() as connection:
                if expected == 0:
                    first = events[0]
                    if not isinstance(first, TournamentCreated):
                        raise ValueError("a tournament's log begins with TournamentCreated")
                    row = {"creator": first.creator, "created": at, "finished": finished}
                    connection.execute(
                        insert(tournaments).values(
                            tournament_id=tournament_id, version=version, **row
                        )
                    )
                else:
                    moved = connection.execute(
                        update(tournaments)
                        .where(
                            tournaments.c.tournament_id == tournament_id,
                            tournaments.c.version == expected,
                        )
                        .values(version=version, finished=finished)
                    )
                    if moved.rowcount != 1:
                        raise ConcurrencyError(f"tournament {tournament_id} moved on")
                connection.execute(insert(tournament_events), rows)
        except IntegrityError:
            raise ConcurrencyError(f"tournament {tournament_id} moved on") from None

    def load(self, tournament_id: TournamentId) -> list[Stored]:
        query = (
            select(tournament_events)
            .where(tournament_events.c.tournament_id == tournament_id)
            .order_by(tournament_events.c.seq)
        )
        with self.engine.connect() as connection:
            return [
                Stored(tournament_id, row.seq, row.at, decode(row.name, row.data))
                for row in connection.execute(query)
            ]

    def listed(self) -> list[Listed]:
        query = select(tournaments).order_by(
            tournaments.c.created.desc(), tournaments.c.tournament_id.desc()
        )
        with self.engine.connect() as connection:
            return [
                Listed(
                    TournamentId(row.tournament_id),
                    PlayerId(row.creator),
                    row.created,
                    row.finished,
                )
                for row in connection.execute(query)
            ]

    def running(self) -> list[TournamentId]:
        query = (
            select(tournaments.c.tournament_id)
            .where(tournaments.c.finished.is_(False))
            .order_by(tournaments.c.created, tournaments.c.tournament_id)
        )
        with self.engine.connect() as connection:
            return [TournamentId(one) for one in connection.scalars(query)]
