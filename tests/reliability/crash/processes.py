"""The processes of the crash tests: ``conquian telegram`` as the bot harness builds it (the
poller, the outbox drained after each round) with the stores a stage wraps, forked from the test
process; and the fork, the wait, the line to the test and the clock.

A forked process is one of its own — its own database connections, its own Bot API client and
event loop — that starts in milliseconds because every module is already imported.  It takes the
test's engine as SQLAlchemy says a forked child may (``dispose(close=False)``: new connections,
the compiled statements kept), touches nothing else it inherited (``gc.freeze`` keeps the
parent's objects from being collected, and closed, in the child), and ends with ``os._exit``,
running no clean-up of the parent's.  It talks only to the local, plain-HTTP fake Bot API: an
empty directory of certificates spares each HTTP client loading a CA bundle (75 ms).
"""

from __future__ import annotations

import gc
import os
import select
import signal
import socket
import sys
import tempfile
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, NoReturn

from sqlalchemy import Engine

from adapters.bootstrap import Wiring
from adapters.channels import Channels, build_channels
from adapters.config import Settings
from adapters.glicko import GlickoRater
from adapters.sql.directory import SqlDirectory
from adapters.sql.inbox import SqlInbox
from adapters.sql.outbox import SqlOutbox
from adapters.sql.ratings import SqlRatings
from adapters.sql.retention import SqlRetention
from adapters.sql.store import SqlEventStore
from adapters.system import SystemChance
from adapters.telegram.polling import Poller
from adapters.worker import Worker
from service.app.games import GameService
from service.app.ratings import Ratings
from service.ports.protocols import Clock
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import telegram_settings

LEASE = Settings().worker.lease
SECRET = lambda: b"crash-tests-secret"  # noqa: E731
"""How long a drain's claim on a notification lasts (the worker's default)."""
KILLED = -signal.SIGKILL
"""``os.waitstatus_to_exitcode`` of a process ended by SIGKILL."""
NO_CERTIFICATES = Path(tempfile.gettempdir()) / "conquian-no-certificates"
RESTARTED, GO, STOP = b"r", b"g", b"s"


@dataclass(frozen=True)
class Ahead:
    """The real clock, ``by`` ahead: each process is later than the one before, and a restarted
    one is past the claims the killed one held (as after a restart that took the lease's length)."""

    by: timedelta

    def now(self) -> datetime:
        return datetime.now(UTC) + self.by


@dataclass
class Trigger:
    """Whether a process's failpoints are live: not while it recovers what the last process
    left, only in the move it is to die in."""

    armed: bool = False


@dataclass(frozen=True)
class Parts:
    """How a process builds the stores a stage may wrap; plain SQL stores by default."""

    store: Callable[[Engine], SqlEventStore] = SqlEventStore
    inbox: Callable[[Engine, Clock], SqlInbox] = SqlInbox
    outbox: Callable[[Engine], SqlOutbox] = SqlOutbox
    on_engine: Callable[[Engine], None] = field(default=lambda engine: None)
    """Called with the engine before the process uses it (to listen to its statements)."""


def wire(engine: Engine, clock: Clock, parts: Parts = Parts()) -> Wiring:
    """``bootstrap.build`` on ``engine``, without the migration (done once per database)."""
    parts.on_engine(engine)
    store, inbox, directory = parts.store(engine), parts.inbox(engine, clock), SqlDirectory(engine)
    service = GameService(store, clock, SystemChance(), inbox, directory)
    ratings = Ratings(SqlRatings(engine), GlickoRater())
    outbox = parts.outbox(engine)
    retention = SqlRetention(engine)
    return Wiring(engine, store, inbox, directory, service, outbox, ratings, retention, SECRET)


class BotProcess:
    """One ``conquian telegram`` process: Telegram's poller, and the outbox drained after each
    polling round, sending through every configured channel."""

    def __init__(self, fake: FakeTelegram, engine: Engine, clock: Clock, parts: Parts = Parts()):
        settings = Settings(database_url=engine.url.render_as_string(hide_password=False))
        self.wiring = wire(engine, clock, parts)
        self.channels: Channels = build_channels(self.wiring, settings, telegram_settings(fake))
        assert self.channels.telegram is not None
        worker = Worker(self.wiring, settings, clock=clock, senders=self.channels.senders)
        self.poller: Poller = self.channels.telegram.poller(after_round=worker.drain)

    @classmethod
    def forked(
        cls, fake: FakeTelegram, engine: Engine, clock: Clock, parts: Parts = Parts()
    ) -> BotProcess:
        """The process, in a forked child, on the test's ``engine`` (see the module's docstring)."""
        engine.dispose(close=False)
        NO_CERTIFICATES.mkdir(exist_ok=True)
        os.environ.pop("SSL_CERT_FILE", None)
        os.environ["SSL_CERT_DIR"] = str(NO_CERTIFICATES)
        return cls(fake, engine, clock, parts)

    def round(self) -> None:
        """One polling round: receive and store, answer what waits, drain the outbox."""
        self.poller.round()

    def restart(self) -> None:
        """What a restarted process does first: a round (which answers what the last process
        left and sends what it queued), then the confirmation of the batch it received."""
        self.poller.round()
        self.poller.fetch(0)

    def close(self) -> None:
        self.channels.close()


def die() -> NoReturn:
    """SIGKILL this process: no handler, no clean-up, no flush."""
    os.kill(os.getpid(), signal.SIGKILL)  # delivered before kill() returns (POSIX, to oneself)
    raise AssertionError("still alive after SIGKILL")


def fork(body: Callable[[], Any]) -> int:
    """Run ``body`` in a forked child; its pid.  The child exits 0 when ``body`` returns and 1
    when it raises (printing the traceback), unless it was killed first."""
    pid = os.fork()
    if pid:
        return pid
    code = 1
    try:
        gc.freeze()
        body()
        code = 0
    except BaseException:
        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


class Forked:
    """A process forked from the test process with a line to it: the process first does what
    a restarted one does, says so (``restarted``), then waits to be told to ``go`` on — and be
    killed — or to ``stop``.  As a context: at the end the line is closed, and the process
    killed if it has not ended."""

    def __init__(self, body: Callable[[socket.socket], Any]) -> None:
        ours, theirs = socket.socketpair()
        with theirs:
            self.pid = fork(lambda: body(theirs))
        ours.settimeout(60)
        self.line = ours
        self.code: int | None = None

    def __enter__(self) -> Forked:
        return self

    def __exit__(self, *_: object) -> None:
        self.line.close()
        if self.code is None:
            os.kill(self.pid, signal.SIGKILL)
            self.wait()

    def wait(self) -> int:
        """The process's exit code, once it has ended (see ``wait``)."""
        if self.code is None:
            self.code = wait(self.pid)
        return self.code

    def restarted(self) -> None:
        said = self.line.recv(1)  # nothing if the process is gone
        assert said == RESTARTED, f"the process failed before it had restarted: {self.wait()}"

    def go(self) -> None:
        self.line.sendall(GO)

    def stop(self) -> int:
        """Tell the process to end; its exit code."""
        self.line.sendall(STOP)
        return self.wait()


def tell_restarted(line: socket.socket) -> bool:
    """In the forked process: say it has restarted; whether it is to go on."""
    line.sendall(RESTARTED)
    return line.recv(1) == GO


def wait(pid: int, timeout: float = 60.0) -> int:
    """The exit code of child ``pid`` (``-signal`` if a signal ended it); it is killed, and the
    test fails, if it has not ended within ``timeout`` seconds."""
    handle = os.pidfd_open(pid)
    try:
        ended, _, _ = select.select([handle], [], [], timeout)
    finally:
        os.close(handle)
    if not ended:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        raise AssertionError(f"process {pid} still running after {timeout} s: killed")
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)
