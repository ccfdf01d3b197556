"""The port of the tournaments' store, and its in-memory fake.

A tournament is stored as its log, like a game: ``append`` adds events under the version the
writer read (``ConcurrencyError`` if another writer came first, so racing workers or requests
append once), and keeps a row of what lists need — its creator and whether it is finished —
updated in the same step.  Its state is always the fold of its log (``tournaments.state``).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol

from service.game.events import PlayerId
from service.ports.protocols import ConcurrencyError
from service.tournaments.events import Stored, TournamentCreated, TournamentEvent, TournamentId


@dataclass(frozen=True, slots=True)
class Listed:
    """A tournament's row: what lists show without reading its log."""

    tournament_id: TournamentId
    creator: PlayerId
    created: datetime
    finished: bool


class TournamentStore(Protocol):
    def append(
        self,
        tournament_id: TournamentId,
        expected: int,
        events: Sequence[TournamentEvent],
        at: datetime,
        finished: bool,
    ) -> None:
        """Append ``events`` after the ``expected`` events already stored (0 creates the
        tournament: its first event is ``TournamentCreated``, its creator recorded);
        ``ConcurrencyError`` if the log has moved on.  ``finished`` is the row's new state."""
        ...

    def load(self, tournament_id: TournamentId) -> list[Stored]:
        """The tournament's log, in order; empty for an unknown one."""
        ...

    def listed(self) -> list[Listed]:
        """Every tournament, the newest first."""
        ...

    def running(self) -> list[TournamentId]:
        """The tournaments not finished, oldest first: what the worker tends."""
        ...


@dataclass
class InMemoryTournaments:
    """``TournamentStore`` in dicts, one lock making each append one step."""

    logs: dict[TournamentId, list[Stored]] = field(default_factory=dict)
    rows: dict[TournamentId, Listed] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def append(
        self,
        tournament_id: TournamentId,
        expected: int,
        events: Sequence[TournamentEvent],
        at: datetime,
        finished: bool,
    ) -> None:
        with self.lock:
            log = self.logs.get(tournament_id, [])
            if len(log) != expected:
                raise ConcurrencyError(f"tournament {tournament_id} is at {len(log)}")
            stored = [
                Stored(tournament_id, expected + n, at, event)
                for n, event in enumerate(events, start=1)
            ]
            if expected == 0:
                first = events[0]
                if not isinstance(first, TournamentCreated):
                    raise ValueError("a tournament's log begins with TournamentCreated")
                self.rows[tournament_id] = Listed(tournament_id, first.creator, at, finished)
            else:
                row = self.rows[tournament_id]
                self.rows[tournament_id] = Listed(tournament_id, row.creator, row.created, finished)
            self.logs[tournament_id] = [*log, *stored]

    def load(self, tournament_id: TournamentId) -> list[Stored]:
        with self.lock:
            return list(self.logs.get(tournament_id, []))

    def listed(self) -> list[Listed]:
        with self.lock:
            rows = list(self.rows.values())
        return sorted(rows, key=lambda row: (row.created, row.tournament_id), reverse=True)

    def running(self) -> list[TournamentId]:
        return [row.tournament_id for row in reversed(self.listed()) if not row.finished]
