"""The tournaments' store, one contract on memory, SQLite and PostgreSQL: a log read back as
written, an append under a version that moved on refused (nothing appended), the rows' list."""

from __future__ import annotations

from datetime import timedelta

import pytest

from service.game.events import PlayerId
from service.ports.protocols import ConcurrencyError
from service.tournaments.events import (
    PlayerEntered,
    TournamentCreated,
    TournamentFinished,
    TournamentId,
)
from tests.service.given import T0
from tests.tournaments.conftest import Site
from tests.tournaments.play import terms

ONE, TWO = TournamentId("t1"), TournamentId("t2")


def test_a_log_reads_back_as_written_and_a_stale_append_changes_nothing(site: Site) -> None:
    store = site.store
    created = TournamentCreated(ONE, PlayerId("org"), terms())
    store.append(ONE, 0, [created], T0, False)
    store.append(ONE, 1, [PlayerEntered(PlayerId("p1"), 1512.5)], T0 + timedelta(1), False)
    with pytest.raises(ConcurrencyError):
        store.append(ONE, 1, [PlayerEntered(PlayerId("p2"), 1500.0)], T0, False)
    with pytest.raises(ConcurrencyError):
        store.append(ONE, 0, [created], T0, False)

    log = store.load(ONE)
    assert [(one.seq, one.at, one.event) for one in log] == [
        (1, T0, created),
        (2, T0 + timedelta(1), PlayerEntered(PlayerId("p1"), 1512.5)),
    ]
    assert store.load(TWO) == []


def test_the_rows_list_the_newest_first_with_whether_finished(site: Site) -> None:
    store = site.store
    store.append(ONE, 0, [TournamentCreated(ONE, PlayerId("a"), terms())], T0, False)
    store.append(TWO, 0, [TournamentCreated(TWO, PlayerId("b"), terms())], T0 + timedelta(1), False)
    store.append(ONE, 1, [TournamentFinished(())], T0 + timedelta(2), True)

    rows = store.listed()
    assert [(row.tournament_id, row.creator, row.finished) for row in rows] == [
        (TWO, "b", False),
        (ONE, "a", True),
    ]
    assert rows[1].created == T0
    assert store.running() == [TWO]
