"""``conquian email-in`` and ``conquian email-poll``: the two ways mail reaches the service.

``email-in`` is for an MTA's pipe transport (Postfix ``pipe``, Exim ``pipe``): it reads one
message on standard input, stores it, handles it and exits 0 — or 75 (``EX_TEMPFAIL``) when it
could not even store it, so the MTA keeps the message and tries again.  The envelope recipient
(the reply address) comes from ``--recipient``, else ``$ORIGINAL_RECIPIENT`` (Postfix) or
``$LOCAL_PART@$DOMAIN`` (Exim).

``email-poll`` reads the IMAP mailbox (``CONQUIAN_IMAP_*``): once with ``--once`` (printing
what it did as JSON), else until SIGINT/SIGTERM, in IDLE where the server offers it.

Both answer by SMTP (``CONQUIAN_SMTP_*``); the worker sends the notifications their moves cause.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from typing import Any

from adapters.cli.signals import stopped_by_signals
from adapters.config import Settings

EX_TEMPFAIL = 75
log = logging.getLogger(__name__)


def add_commands(commands: Any) -> None:
    """Register ``email-in`` and ``email-poll`` on ``conquian``'s subparsers; each sets ``run``."""
    pipe = commands.add_parser("email-in", help="take one mail on standard input (MTA pipe)")
    pipe.add_argument("--recipient", action="append", default=[], help="envelope recipient")
    pipe.set_defaults(run=_email_in)
    poll = commands.add_parser("email-poll", help="read replies from the IMAP mailbox")
    poll.add_argument("--once", action="store_true", help="one round, then exit")
    poll.set_defaults(run=_email_poll)


def _channel(settings: Settings) -> tuple[Any, Any]:
    from adapters.bootstrap import build
    from adapters.email.channel import build_channel

    email = settings.email
    if email is None:
        raise SystemExit(
            "conquian: email is off: set CONQUIAN_MAIL_DOMAIN and CONQUIAN_MAIL_TOKEN_KEYS"
        )
    wiring = build(settings)
    channel = build_channel(
        wiring.engine,
        wiring.service,
        wiring.directory,
        email,
        wiring.service.clock,
        secret=wiring.secret,
    )
    return wiring, channel


def _envelope(args: argparse.Namespace) -> list[str]:
    if args.recipient:
        return list(args.recipient)
    if os.environ.get("ORIGINAL_RECIPIENT"):
        return [os.environ["ORIGINAL_RECIPIENT"]]
    local, domain = os.environ.get("LOCAL_PART"), os.environ.get("DOMAIN")
    if local and domain:
        suffix = os.environ.get("LOCAL_PART_SUFFIX", "")
        return [f"{local}{suffix}@{domain}"]
    return []


def _email_in(args: argparse.Namespace) -> int:
    raw = sys.stdin.buffer.read()
    try:
        wiring, channel = _channel(Settings.from_env(os.environ))
    except SystemExit as refused:
        print(refused, file=sys.stderr)
        return EX_TEMPFAIL
    try:
        try:
            key = channel.handler.receive(raw, _envelope(args))
        except Exception as error:  # not stored: the MTA must keep it
            print(f"conquian: could not store the message: {error}", file=sys.stderr)
            return EX_TEMPFAIL
        done = channel.handler.handle_waiting()
        print(json.dumps({"key": key, "handled": done}), flush=True)
        return 0
    finally:
        wiring.close()


def _email_poll(args: argparse.Namespace) -> int:
    from adapters.email.imap import ImapPoller

    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    settings = Settings.from_env(os.environ)
    wiring, channel = _channel(settings)
    email = settings.email
    assert email is not None
    if email.imap is None:
        wiring.close()
        print("conquian: set CONQUIAN_IMAP_HOST to read replies by IMAP", file=sys.stderr)
        return 2
    poller = ImapPoller(
        email.imap, channel.handler, email.imap_folder, email.delete_handled, email.poll_seconds
    )
    try:
        if args.once:
            print(json.dumps(poller.poll_once()), flush=True)
            return 0
        with stopped_by_signals() as stopping:
            poller.run(stopping)
        return 0
    finally:
        wiring.close()
