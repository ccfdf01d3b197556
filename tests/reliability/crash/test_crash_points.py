"""Crash points (issue 9, part 1): a move played by Telegram, its process SIGKILLed at each stage
of the move (``stages``), then a restarted process — the real poller and outbox drain — takes up
what is left.  Afterwards no move is lost, none is applied twice, the mover is answered once, and
the opponent's notification is delivered: once, or at most twice where the killed process could
not know whether its send arrived (``sending``, ``sent``).

Each run is a new game between new people, on one database per test (SQLite, PostgreSQL).  Each
process is forked from the test process: it restarts after the last run's process was killed,
and once the test has checked that recovery, it reads the next run's move and is killed in it.
Before the restart the test checks that the process died where it was meant to (the trace it
left); after it, what the players received and what the database holds.
``CONQUIAN_CRASH_RUNS`` (60) runs per stage and database; ``make crash`` runs more.
"""

from __future__ import annotations

import json
import os
import socket
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path

import pytest

from service.rules.events import CardRefused
from tests.conftest import sql_engine
from tests.reliability.crash.processes import (
    KILLED,
    LEASE,
    Ahead,
    BotProcess,
    Forked,
    Trigger,
    tell_restarted,
)
from tests.reliability.crash.stages import (
    STAGES,
    UNKNOWN_OUTCOME,
    checks_the_client,
    kill_inside_a_postgresql_append,
    parts,
)
from tests.reliability.crash.world import (
    KillingTelegram,
    Seen,
    Table,
    World,
    open_tables,
    seen,
    world,
)
from tests.telegram.fake_api import JSON

RUNS = int(os.environ.get("CONQUIAN_CRASH_RUNS", "60"))
STEP = LEASE + timedelta(seconds=1)
"""How far each process's clock is ahead of the one before it: past the last one's claims."""


@pytest.fixture(params=["sqlite", "postgresql"])
def played(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[World]:
    fake = KillingTelegram()
    try:
        yield world(fake, sql_engine(request.param, request, tmp_path))
    finally:
        fake.close()


@pytest.mark.parametrize("stage", STAGES)
def test_a_move_killed_at_any_stage_is_applied_once_and_told(played: World, stage: str) -> None:
    started = time.monotonic()
    tally = play(played, stage, open_tables(played, RUNS))
    seconds = time.monotonic() - started
    database = "PostgreSQL" if played.postgresql else "SQLite"
    finished = tally["committed after the kill"]
    print(
        f"\ncrash points, {database}, killed at {stage}: {RUNS} runs in {seconds:.1f} s; "
        f"{tally['landed']} notifications had reached the player before the kill, "
        f"{tally['sent twice']} were sent twice; "
        + (f"{finished} appends finished by the server after the kill; " if finished else "")
        + "none lost, none applied twice"
    )


def play(played: World, stage: str, tables: list[Table]) -> Counter[str]:
    """Each table's move in a process killed at ``stage`` and recovered by the next process;
    how many notifications had landed before their sender was killed, and were sent twice."""
    tally: Counter[str] = Counter()
    last: tuple[Table, JSON] | None = None
    for run, table in enumerate(tables):
        with restarted(played, stage, run, last, tally) as process:
            update = played.fake.send(table.mover, "pass")
            code = crash(played, stage, run, table, process)
        assert code == KILLED, f"run {run}: not killed at {stage}, ended with {code}"
        shown = footprint(stage, run, table, seen(played, table, update), played.postgresql)
        tally["committed after the kill"] += shown != stage
        tally["landed"] += stage == "sent" or (stage == "sending" and run % 2 == 0)
        last = table, update
    with restarted(played, stage, len(tables), last, tally) as process:
        assert process.stop() == 0, "the last process failed"
    return tally


@contextmanager
def restarted(
    played: World, stage: str, run: int, last: tuple[Table, JSON] | None, tally: Counter[str]
) -> Iterator[Forked]:
    """The process of ``run``, once it has recovered the ``last`` run (checked)."""
    with Forked(lambda line: bot_process(played, stage, run, line)) as process:
        process.restarted()
        if last is not None:
            tally["sent twice"] += recovered(played, stage, *last)
        yield process


def bot_process(played: World, stage: str, run: int, line: socket.socket) -> None:
    """A bot process, started after the last one was killed: it does what a restart does, says
    so, then — when told to go on — reads the run's update and is killed at ``stage``."""
    trigger = Trigger()
    wrapped = parts(stage, run, played.postgresql, trigger)
    bot = BotProcess.forked(played.fake, played.wiring.engine, Ahead(STEP * run), wrapped)
    if run:
        bot.restart()
    if tell_restarted(line):
        trigger.armed = True
        bot.round()


def crash(played: World, stage: str, run: int, table: Table, process: Forked) -> int:
    """Let ``process`` play the waiting update, to be killed at ``stage``; its exit code."""
    if stage == "append" and played.postgresql:
        return kill_inside_a_postgresql_append(played.wiring.engine, process, run)
    if stage == "sending":
        played.fake.arm(table.other.id, landed=run % 2 == 0, pid=process.pid)
    process.go()
    return process.wait()


def footprint(stage: str, run: int, table: Table, left: Seen, postgresql: bool) -> str:
    """What the killed process left shows where it died; the stage it shows, which is
    ``committed`` for a PostgreSQL append that the server, not checking the client, finished."""
    where = f"run {run}, killed at {stage}: {left}"
    moved = left.version > table.before
    if stage == "append" and postgresql and not checks_the_client(run) and moved:
        stage = "committed"
    if stage in ("inbox", "append"):
        assert left.stored and left.reply is None and not moved, where
        assert left.queued, where  # stored and queued in one transaction
        assert not (left.notifications or left.to_mover or left.to_other), where
    elif stage == "committed":
        assert moved and left.reply is not None and left.queued and not left.answered, where
        assert left.notifications == [("pending", False)], where
        assert not (left.to_mover or left.to_other), where
    else:
        assert moved and left.answered and len(left.to_mover) == 1, where
        assert left.notifications == [("pending", True)], where  # claimed, not delivered
        landed = stage == "sent" or run % 2 == 0
        assert len(left.to_other) == landed, where
    assert not left.confirmed, where
    return stage


def recovered(played: World, stage: str, table: Table, update: JSON) -> int:
    """After the restart: the move is in the log once, its reply stored, its update confirmed;
    the mover was answered once, the opponent told once (twice at most where allowed).  How
    many times more than once the opponent was told."""
    after = seen(played, table, update)
    where = f"killed at {stage}: {after}"
    log = played.wiring.store.load(table.game_id, after=table.before)
    assert log, f"the move was lost; {where}"
    assert len({one.at for one in log}) == 1, f"more than one append; {where}"
    first = log[0].event
    assert isinstance(first, CardRefused) and first.seat == table.seat, where
    version = log[-1].seq
    assert after.version == version, where
    assert after.reply is not None, where
    reply: JSON = json.loads(after.reply)
    assert reply["ok"] and reply["events"] == [table.before + 1, version], where
    assert after.answered and after.confirmed, where
    assert after.notifications == [("delivered", False)], where
    assert len(after.to_mover) == 1 and not after.to_mover[0].startswith("⚠"), where
    allowed = 1 + (stage in UNKNOWN_OUTCOME)
    assert 1 <= len(after.to_other) <= allowed, where
    assert len(set(after.to_other)) == 1, f"the copies differ; {where}"
    return len(after.to_other) - 1
