"""No log record carries a capability: links and tokens are cut out as each record is made.

A player's page link (``/p/<token>``), an invitation (``/join/<code>``), a web player's key, an
email reply address (``reply+<token>@…``) and the bot's own Telegram token each let whoever
holds them act as someone; logs are read by more people, kept longer and copied further than
any of these should go.  So the redaction sits in the logging set-up of every process (the
composition root installs it, ``install()``), not at each call that logs: a log line written
tomorrow by code that does not know of capabilities is redacted too, and so are tracebacks and
the records of libraries (waitress, Flask, httpx).

It is a log-record factory, not a handler's filter, so it holds for every handler whatever
configures them (``logging.basicConfig`` in a command, pytest's capture in the tests).  A record
is made only for a level that is logged, so a quiet level costs nothing.
"""

from __future__ import annotations

import logging
import re
import threading
from typing import Any

_CAPABILITIES = (
    (re.compile(r"/(p|join)/[^\s/?#\"'<>()\[\]]+"), r"/\1/[link]"),
    (re.compile(r"(?<![\w-])[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{22}(?![\w-])"), "[token]"),
    (re.compile(r"reply\+[0-9a-z-]+", re.IGNORECASE), "reply+[token]"),
    (re.compile(r"(?<![\w-])(?:[0-9a-z]{1,10}-){3}[a-z2-7]{26}(?![\w-])"), "[token]"),
    (re.compile(r"(?<!\d)\d{5,}:[A-Za-z0-9_-]{30,}"), "[bot token]"),
)
_installed = threading.Lock()
_done = False


def redacted(text: str) -> str:
    """``text`` with every capability link and token in it replaced by a mark of its kind."""
    for pattern, mark in _CAPABILITIES:
        text = pattern.sub(mark, text)
    return text


def install() -> None:
    """Redact every log record made from now on in this process (once, however often called)."""
    global _done
    with _installed:
        if _done:
            return
        base = logging.getLogRecordFactory()

        def make(*args: Any, **kwargs: Any) -> logging.LogRecord:
            return _redact(base(*args, **kwargs))

        logging.setLogRecordFactory(make)
        _done = True


def _redact(record: logging.LogRecord) -> logging.LogRecord:
    try:
        message = record.getMessage()
    except (TypeError, ValueError, KeyError):  # arguments that do not fit the message
        record.msg, record.args = redacted(str(record.msg)), None
        return record
    clean = redacted(message)
    if clean != message:
        record.msg, record.args = clean, None
    if record.exc_info and record.exc_info[1] is not None:
        record.exc_text = redacted(logging.Formatter().formatException(record.exc_info))
    if record.stack_info:
        record.stack_info = redacted(record.stack_info)
    return record
