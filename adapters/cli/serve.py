"""``conquian serve``: the whole service in one process, or one role of it.

Without ``--role`` everything runs in this process on the configured database (SQLite under the
data directory unless ``CONQUIAN_DATABASE_URL`` says otherwise): the web server (waitress), the
worker (deadlines, reminders, the outbox) and every channel whose settings are present.  It
prints the address to open.  ``--role web|worker|telegram`` runs one role, for deployments
with several processes on PostgreSQL; ``--role migrate`` brings the schema up to date and exits.

Channels are a small registry (``CHANNELS``): a channel is on when its setting is in the
environment and its package provides ``adapters.<name>.serve`` with

* ``start(environ, wiring, settings) -> Running`` — its intake (Telegram's poller or webhook, the
  mail poll), run in the channel's role: ``telegram`` has a role of its own, email's intake runs
  in the worker's;
* ``senders(environ, wiring, settings) -> Mapping[str, Sender]`` (optional) — how the worker
  reaches its players.

A channel without its setting, or whose package is not installed, is disabled with one log line
and the rest runs on.  SIGINT or SIGTERM stops every role, the web server last but one and the
database connections last.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import signal
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import FrameType, ModuleType
from typing import TYPE_CHECKING, Any, Protocol

from adapters.config import Settings, SettingsError

if TYPE_CHECKING:
    from adapters.bootstrap import Wiring
    from service.dispatch import Sender

log = logging.getLogger("conquian.serve")

ROLES = ("web", "worker", "telegram", "migrate")


class Running(Protocol):
    def stop(self) -> None: ...


@dataclass(frozen=True)
class Channel:
    """A messaging channel: on when ``setting`` is set and ``adapters.<name>.serve`` exists."""

    name: str
    setting: str
    role: str
    """The role its intake runs in: its own (``telegram``) or the worker's (``email``)."""

    def module(self, environ: Mapping[str, str]) -> ModuleType | None:
        """The channel's serve hooks, or None (logging why the channel is off)."""
        if not environ.get(self.setting, "").strip():
            log.info("%s: disabled (no %s)", self.name, self.setting)
            return None
        try:
            return importlib.import_module(f"adapters.{self.name}.serve")
        except ModuleNotFoundError:
            log.warning(
                "%s: disabled (%s is set, but this build has no adapters.%s.serve)",
                self.name,
                self.setting,
                self.name,
            )
            return None


CHANNELS = (
    Channel("telegram", "CONQUIAN_TELEGRAM_TOKEN", role="telegram"),
    Channel("email", "CONQUIAN_IMAP_HOST", role="worker"),
)


def add_commands(commands: Any) -> None:
    """Register ``serve`` on ``conquian``'s subparsers."""
    serve = commands.add_parser("serve", help="run the service: web, worker and channels")
    serve.add_argument(
        "--role",
        choices=ROLES,
        help="run only this part (several processes on PostgreSQL); default: all of them",
    )
    serve.add_argument("--verbose", "-v", action="store_true", help="log at debug level")
    serve.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    for noisy in ("apscheduler", "alembic.runtime.plugins"):  # a line per run or per plugin
        logging.getLogger(noisy).setLevel(logging.WARNING)
    environ = dict(os.environ)
    settings = Settings.from_env(environ)
    if args.role in (None, "web", "telegram") and not settings.web.keys and _shared(settings):
        raise SettingsError(
            "CONQUIAN_WEB_KEYS must be set on PostgreSQL: every process that makes or checks "
            "players' links must sign them with the same keys"
        )
    from adapters.bootstrap import build  # connects and migrates: only when serving

    wiring = build(settings)
    if args.role == "migrate":
        log.info("migrate: the database schema is up to date")
        wiring.close()
        return 0
    roles = (args.role,) if args.role else ("worker", "telegram", "web")
    channels = _channels(environ) if args.role != "web" else {}
    running: list[Running] = []
    try:
        for role in roles:
            running.extend(_start(role, environ, wiring, settings, channels))
        if not running:  # e.g. --role telegram without its token: idle rather than crash-loop
            log.warning("serve: nothing to run in this process; waiting for SIGTERM")
        _wait_for_signal()
    finally:
        for one in reversed(running):
            one.stop()
        wiring.close()
    return 0


def _shared(settings: Settings) -> bool:
    """Whether the database may be shared by processes on several machines (not SQLite)."""
    return not settings.effective_database_url.startswith("sqlite")


def _channels(environ: Mapping[str, str]) -> dict[Channel, ModuleType]:
    """The channels that are on, with their hooks (one log line for each that is off)."""
    found = {channel: channel.module(environ) for channel in CHANNELS}
    return {channel: hooks for channel, hooks in found.items() if hooks is not None}


def _start(
    role: str,
    environ: Mapping[str, str],
    wiring: Wiring,
    settings: Settings,
    channels: Mapping[Channel, ModuleType],
) -> list[Running]:
    """Start ``role``: the web server, or the worker, and the intakes of the channels in it."""
    started: list[Running] = []
    if role == "web":
        started.append(_web(wiring, settings))
    if role == "worker":
        senders: dict[str, Sender] = {}
        for hooks in channels.values():
            if hasattr(hooks, "senders"):
                senders.update(hooks.senders(environ, wiring, settings))
        started.append(_worker(wiring, settings, senders))
    for channel, hooks in channels.items():
        if channel.role == role:
            started.append(hooks.start(environ, wiring, settings))
            log.info("%s: started", channel.name)
    return started


def _web(wiring: Wiring, settings: Settings) -> Running:
    """The web application, with the address to open printed for the person who started it."""
    from adapters.web.app import create_app, parts_for
    from adapters.web.server import web_server

    config = settings.web
    running = web_server(create_app(parts_for(wiring, settings)), config)
    log.info("web: listening on %s:%s", config.host, running.port)
    print(f"Conquian is running: open {config.base_url}/", flush=True)
    return running


@dataclass
class _WorkerRole:
    worker: Any
    pulse: Any
    beating: threading.Event
    thread: threading.Thread

    def stop(self) -> None:
        self.beating.set()
        self.thread.join(timeout=5)
        self.worker.stop()
        self.pulse.close()


def _worker(wiring: Wiring, settings: Settings, senders: Mapping[str, Sender]) -> Running:
    """The background jobs, and the heartbeat ``/readyz`` looks for while they run.  The ``log``
    and ``web`` channels' senders are always there: the first writes notifications to the log,
    the second has nothing to push (a web player's page shows the news)."""
    from adapters.web.pulse import pulse_for
    from adapters.web.sender import PageSender
    from adapters.worker import Worker
    from service.dispatch import LogSender

    own: dict[str, Sender] = {"log": LogSender(), "web": PageSender()}
    worker = Worker(wiring, settings, senders={**own, **senders})
    worker.start()
    pulse = pulse_for(wiring.engine)
    stopping = threading.Event()
    every = min(5.0, settings.web.heartbeat_seconds / 3)
    thread = threading.Thread(
        target=_beat, args=(pulse, worker, stopping, every), name="pulse", daemon=True
    )
    thread.start()
    return _WorkerRole(worker, pulse, stopping, thread)


def _beat(pulse: Any, worker: Any, stopping: threading.Event, every: float) -> None:
    """Beat while the worker's scheduler runs; a failed beat is logged and tried again."""
    while worker.running:
        try:
            pulse.beat()
        except Exception:  # the database may be away for a moment; /readyz will say so
            log.exception("worker heartbeat failed")
        if stopping.wait(every):
            return


def _wait_for_signal() -> None:
    stopping = threading.Event()

    def stop(signum: int, frame: FrameType | None) -> None:
        log.info("%s: stopping", signal.Signals(signum).name)
        stopping.set()

    previous: dict[int, Callable[..., Any] | int | None] = {
        sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)
    }
    try:
        while not stopping.wait(1.0):
            pass
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
