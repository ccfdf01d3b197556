"""Two ``conquian worker`` processes side by side on one PostgreSQL database, on the real clock.

The games are opened through a ``GameService`` whose ``ManualClock`` is set in the past, so that
their first deadlines fall due one after another over the next seconds of real time; then the
workers start, run past the last deadline and are stopped with SIGTERM.  Reading the logs back
(``verify``): no decision was timed out before its deadline (a decision timed out twice would
show as the next decision timed out early), every decision that fell due while the workers ran
was timed out, no notification went out twice, and every game's exported log verifies
(``conquian verify``, clock checks included).  Each worker's own count of what it timed out
(its ``-v`` log) shows that both did some of the work.
"""

from __future__ import annotations

import itertools
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from adapters.bootstrap import build
from adapters.config import Settings
from service.game.events import GameId, TimeControl, TurnTimedOut
from service.game.state import apply_all, fold
from service.log.file import export_lines, read_log
from service.log.verify import verify as check_log
from service.ports.directory import Address
from service.ports.memory_directory import ManualClock, SeededChance
from tests.waiting import eventually

CONQUIAN = Path(sys.executable).parent / "conquian"
MOVE_SECONDS = 60
SWEPT = re.compile(r"adapters\.worker: sweep: (\d+)$")
SENT = re.compile(r"conquian\.notifications: (.*)$")
STARTED = "worker started"
"""What a worker logs once its jobs are scheduled (``adapters/worker.py``)."""


def open_games(
    url: str, games: int, lead: timedelta, spread: timedelta
) -> tuple[datetime, list[GameId]]:
    """``games`` games between people on the ``log`` channel whose first deadlines fall evenly
    over ``spread``, the first ``lead`` after the players are registered (each game is opened a
    move time before its deadline); the first deadline and the games."""
    clock = ManualClock(datetime.now(UTC))
    wiring = build(Settings(database_url=url), clock, SeededChance(3))
    try:
        players = [
            wiring.directory.register(f"p{n}", Address("log", f"p{n}")) for n in range(games)
        ]
        first = datetime.now(UTC) + lead
        opened = []
        for number in range(games):
            due = first + spread * number / games
            clock.current = due - timedelta(seconds=MOVE_SECONDS)
            service = wiring.service
            game_id = service.open_game(players[number], time_control=TimeControl(MOVE_SECONDS))
            service.join(service.game(game_id).invitation, players[(number + 1) % games])
            opened.append(game_id)
    finally:
        wiring.close()
    return first, opened


def run_workers(url: str, count: int, plan: Callable[[], datetime]) -> list[str]:
    """Start ``count`` ``conquian worker -v`` processes and, once each has said it started,
    ``plan`` (which opens the games, and gives the real time to stop at): a worker slow to start
    on a busy machine would otherwise find the other one done.  Stopped with SIGTERM then; their
    logs."""
    env = {**os.environ, "CONQUIAN_DATABASE_URL": url}
    with tempfile.TemporaryDirectory(prefix="conquian-workers-") as directory:
        logs = [Path(directory) / f"worker{n}.log" for n in range(count)]
        processes = []
        for log in logs:
            with log.open("w") as stderr:
                argv = [str(CONQUIAN), "worker", "-v"]
                processes.append(subprocess.Popen(argv, stderr=stderr, env=env))
        try:
            started = eventually(lambda: all(STARTED in log.read_text() for log in logs), 120)
            assert started, "the workers did not start:\n" + "\n".join(map(Path.read_text, logs))
            until = plan()
            time.sleep(max((until - datetime.now(UTC)).total_seconds(), 0.0))
            for process in processes:
                process.send_signal(signal.SIGTERM)
            codes = [process.wait(timeout=60) for process in processes]
        finally:
            for process in processes:
                if process.poll() is None:
                    process.kill()
        texts = [log.read_text() for log in logs]
    assert codes == [0] * count, f"workers exited with {codes}:\n" + "\n".join(texts)
    return texts


@dataclass
class Verdict:
    timeouts: int = 0
    early: int = 0
    missed: int = 0
    refused: int = 0
    """Games whose exported log ``conquian verify`` refuses."""
    lateness: list[float] = field(default_factory=list)
    """Real seconds from each deadline to its timeout."""
    by_worker: list[int] = field(default_factory=list)
    sent: int = 0
    sent_twice: int = 0

    def summary(self) -> dict[str, object]:
        ordered = sorted(self.lateness) or [0.0]
        return {
            "timeouts": self.timeouts,
            "timed_out_by_each_worker": self.by_worker,
            "timed_out_before_the_deadline": self.early,
            "missed": self.missed,
            "logs_refused": self.refused,
            "lateness_p50_s": ordered[len(ordered) // 2],
            "lateness_max_s": ordered[-1],
            "notifications_sent": self.sent,
            "notifications_sent_twice": self.sent_twice,
        }


def verify(url: str, game_ids: list[GameId], logs: list[str], stopped: datetime) -> Verdict:
    """Judge the logs of the games and of the workers (see the module's docstring).  A decision
    due more than ``GRACE`` before the workers stopped must have been timed out."""
    verdict = Verdict()
    wiring = build(Settings(database_url=url), ManualClock(stopped), SeededChance(0))
    try:
        service = wiring.service
        for game_id in game_ids:
            log = service.store.load(game_id)
            verdict.refused += not check_log(read_log(export_lines(log))).ok
            appends = [list(group) for _, group in itertools.groupby(log, lambda one: one.at)]
            game = fold(appends[0])
            for append in appends[1:]:
                waiting = service.deadline(game)
                if isinstance(append[0].event, TurnTimedOut) and waiting is not None:
                    verdict.timeouts += 1
                    verdict.early += append[0].at < waiting.due_at
                    verdict.lateness.append((append[0].at - waiting.due_at).total_seconds())
                game = apply_all(game, append)
            waiting = service.deadline(game)
            verdict.missed += waiting is not None and waiting.due_at < stopped - GRACE
    finally:
        wiring.close()
    for text in logs:
        found = (SWEPT.search(line) for line in text.splitlines())
        verdict.by_worker.append(sum(int(match.group(1)) for match in found if match))
    lines = (line for text in logs for line in text.splitlines())
    sent = Counter(match.group(1) for match in map(SENT.search, lines) if match)
    verdict.sent, verdict.sent_twice = sum(sent.values()), sum(n - 1 for n in sent.values())
    return verdict


GRACE = timedelta(seconds=3)
"""How long after a deadline its timeout may still be on its way when the workers stop."""
