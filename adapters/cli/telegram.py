"""``conquian telegram``: the Telegram bot with the worker's jobs, in one process.

By default it long-polls ``getUpdates`` (for one machine); with ``--webhook URL`` it registers
that URL with Telegram (with ``CONQUIAN_TELEGRAM_WEBHOOK_SECRET``) and serves the webhook route
on ``--port`` instead.  Either way the worker's jobs run alongside with the senders of every
configured channel (``adapters.channels``), so turn notifications, reminders and timeouts reach
Telegram players, and email players too when email is configured; the outbox is also drained
after every batch of updates, so the opponent hears of a move at once.  Runs until SIGINT or
SIGTERM.  Without ``CONQUIAN_TELEGRAM_TOKEN`` it says so and exits with 2.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import threading
from typing import Any

from adapters.cli.signals import stopped_by_signals
from adapters.config import Settings


def add_commands(commands: Any) -> None:
    """Register ``telegram`` on ``conquian``'s subparsers."""
    telegram = commands.add_parser("telegram", help="run the Telegram bot (and the worker's jobs)")
    telegram.add_argument("--webhook", metavar="URL", help="receive updates at this HTTPS URL")
    telegram.add_argument("--port", type=int, default=8080, help="the webhook's port (8080)")
    telegram.add_argument("--verbose", "-v", action="store_true", help="log at debug level")
    telegram.set_defaults(run=_telegram)


def _telegram(args: argparse.Namespace) -> int:
    from adapters.telegram.settings import TelegramSettings

    settings = Settings.from_env(os.environ)
    telegram = TelegramSettings.from_env(os.environ)
    if telegram is None:
        print(
            "conquian telegram: CONQUIAN_TELEGRAM_TOKEN is not set; the channel is off",
            file=sys.stderr,
        )
        return 2
    if args.webhook and not telegram.webhook_secret:
        print(
            "conquian telegram: --webhook needs CONQUIAN_TELEGRAM_WEBHOOK_SECRET", file=sys.stderr
        )
        return 2
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    for noisy in ("apscheduler", "httpx"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
    _serve(args, settings, telegram)
    return 0


def _serve(args: argparse.Namespace, settings: Settings, telegram: Any) -> None:
    from adapters.bootstrap import build
    from adapters.channels import build_channels
    from adapters.worker import Worker

    wiring = build(settings)
    try:
        channels = build_channels(wiring, settings, telegram)
        app = channels.telegram
        assert app is not None  # the token is set
        worker = Worker(wiring, settings, senders=channels.senders, ratings=wiring.ratings)
        with stopped_by_signals() as stop:
            worker.start()
            try:
                if args.webhook:
                    _webhook(args, app, worker, telegram.webhook_secret, stop)
                else:
                    app.poller(after_round=worker.drain).run(stop)
            finally:
                worker.stop()
                channels.close()
    finally:
        wiring.close()


def _webhook(
    args: argparse.Namespace, app: Any, worker: Any, secret: str, stop: threading.Event
) -> None:
    from werkzeug.serving import make_server

    from adapters.telegram.webhook import webhook_app

    app.processor.answer_waiting(shared=True)  # what a previous run stored and left
    server = make_server(
        "0.0.0.0", args.port, webhook_app(app.processor, secret, worker.drain), threaded=True
    )
    app.channel.api.set_webhook(args.webhook, secret)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    stop.wait()
    server.shutdown()
