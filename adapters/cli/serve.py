"""``conquian serve``: the whole service in one process, or one role of it.

Without ``--role`` everything runs in this process on the configured database (SQLite under the
data directory unless ``CONQUIAN_DATABASE_URL`` says otherwise): the web server (waitress), the
worker (deadlines, reminders, the outbox) and every channel whose settings are present.  It
prints the address to open.  ``--role web|worker|telegram|mail`` runs one role, for deployments
with several processes on PostgreSQL; ``--role migrate`` brings the schema up to date and exits.

Channels come from ``adapters.channels.build_channels``: Telegram is on when
``CONQUIAN_TELEGRAM_TOKEN`` is set, email when its domain, keys and SMTP server are.  The worker
role sends through every channel that is on; the ``telegram`` role runs the bot's poller.  The
mail poll (when ``CONQUIAN_IMAP_HOST`` is set) runs in the role ``CONQUIAN_IMAP_ROLE`` names: the
worker's by default, or ``mail``, a process that only reads replies and plays them, so that the
worker's interpreter is left to the deadlines and the outbox.  A channel without its settings is
off with one log line and the rest runs on.  SIGINT or SIGTERM stops every role, the web server
last but one and the database connections last.
"""

from __future__ import annotations

import argparse
import logging
import os
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from adapters.cli.signals import stopped_by_signals
from adapters.config import Settings, SettingsError
from adapters.rules_build import rules_build

if TYPE_CHECKING:
    from adapters.bootstrap import Wiring
    from adapters.channels import Channels
    from adapters.worker import DigestJob
    from service.delivery.dispatch import Sender

log = logging.getLogger("conquian.serve")

ROLES = ("web", "worker", "telegram", "mail", "migrate")
TOGETHER = ("worker", "mail", "telegram", "web")
"""The roles one process runs without ``--role``."""


class Running(Protocol):
    def stop(self) -> None: ...


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
    # a line for every job run, every migration plugin, every request to Telegram
    for noisy in ("apscheduler", "alembic.runtime.plugins", "httpx"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
    log.info("rules core and bots: %s build", rules_build())
    environ = dict(os.environ)
    settings = Settings.from_env(environ)
    if args.role in (None, "web", "telegram") and not settings.web.keys and _shared(settings):
        raise SettingsError(
            "CONQUIAN_WEB_KEYS must be set on PostgreSQL: every process that makes or checks "
            "players' links must sign them with the same keys"
        )
    if args.role != "migrate" and not settings.web.vapid_key_file and _shared(settings):
        log.warning(
            "CONQUIAN_VAPID_KEY_FILE is not set: processes on other machines must have the same "
            "vapid.pem in their data directory, or Web Push notices will be refused"
        )
    from adapters.bootstrap import build  # connects and migrates: only when serving

    wiring = build(settings)
    if args.role == "migrate":
        log.info("migrate: the database schema is up to date")
        wiring.close()
        return 0
    roles = (args.role,) if args.role else TOGETHER
    running: list[Running] = []
    channels = None
    with stopped_by_signals() as stopping:
        try:
            if args.role != "web":  # the web sends nothing: it makes links only
                channels = _channels(environ, wiring, settings, roles)
            for role in roles:
                running.extend(_start(role, wiring, settings, channels))
            if not running:  # e.g. --role telegram without its token: idle, not crash-loop
                log.warning("serve: nothing to run in this process; waiting for SIGTERM")
            while not stopping.wait(1.0):
                pass
        finally:
            for one in reversed(running):
                one.stop()
            if channels is not None:
                channels.close()
            wiring.close()
    return 0


def _shared(settings: Settings) -> bool:
    """Whether the database may be shared by processes on several machines (not SQLite)."""
    return not settings.effective_database_url.startswith("sqlite")


def _channels(
    environ: Mapping[str, str], wiring: Wiring, settings: Settings, roles: tuple[str, ...]
) -> Channels:
    """The channels that are on (one log line for each that is off); Telegram only in a process
    that sends or polls it."""
    from adapters.channels import build_channels
    from adapters.telegram.settings import TelegramSettings

    telegram = TelegramSettings.from_env(environ)
    if telegram is not None and not {"worker", "telegram"} & set(roles):
        telegram = None
    return build_channels(wiring, settings, telegram)


def _start(
    role: str, wiring: Wiring, settings: Settings, channels: Channels | None
) -> list[Running]:
    """Start ``role``: the web server; the worker with every channel's sender; the Telegram
    poller; and in the role ``CONQUIAN_IMAP_ROLE`` names, the mail poll."""
    if role == "web":
        return [_web(wiring, settings)]
    assert channels is not None
    started: list[Running] = []
    if role == "worker":
        started.append(_worker(wiring, settings, channels.senders, channels.digests))
    email = settings.email
    if channels.email is not None and email is not None and role == email.imap_role:
        if email.imap is None:
            log.info("email: replies are not polled (no CONQUIAN_IMAP_HOST; pipe them in)")
        else:
            from adapters.email.imap import ImapPoller

            poller = ImapPoller(
                email.imap,
                channels.email.handler,
                email.imap_folder,
                email.delete_handled,
                email.poll_seconds,
            )
            started.append(_Loop.start("email", poller.run))
    elif role == "mail":
        log.warning("mail: nothing to poll here (CONQUIAN_IMAP_ROLE is not mail, or email is off)")
    if role == "telegram" and channels.telegram is not None:
        started.append(_Loop.start("telegram", channels.telegram.poller().run))
    return started


@dataclass
class _Loop:
    """A channel's intake, running in a thread until told to stop."""

    name: str
    stopping: threading.Event
    thread: threading.Thread

    @classmethod
    def start(cls, name: str, run: Callable[[threading.Event], object]) -> _Loop:
        stopping = threading.Event()
        thread = threading.Thread(target=run, args=(stopping,), name=name, daemon=True)
        thread.start()
        log.info("%s: started", name)
        return cls(name, stopping, thread)

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(timeout=30)
        log.info("%s: stopped", self.name)


def _web(wiring: Wiring, settings: Settings) -> Running:
    """The web application, with the address to open printed for the person who started it."""
    from adapters.web.app import create_app, parts_for
    from adapters.web.server import web_server

    config = settings.web
    email = settings.email
    mail = None
    if email is not None and email.smtp is not None:  # the confirmation mails of turn notices
        from adapters.mail.smtp import SmtpTransport

        mail = SmtpTransport(email.smtp)
    running = web_server(create_app(parts_for(wiring, settings, mail=mail)), config)
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


def _worker(
    wiring: Wiring,
    settings: Settings,
    senders: Mapping[str, Sender],
    digests: DigestJob | None = None,
) -> Running:
    """The background jobs, and the heartbeat ``/readyz`` looks for while they run.  Besides the
    channels' senders (``log`` among them) the ``web`` one is always there: it has nothing to push
    (a web player's page shows the news)."""
    from adapters.sql.pulse import pulse_for
    from adapters.web.notices.page_sender import PageSender
    from adapters.worker import Worker

    worker = Worker(
        wiring,
        settings,
        senders={"web": PageSender(wiring.directory), **senders},
        ratings=wiring.ratings,
        digests=digests,
    )
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
