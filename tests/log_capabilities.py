"""No log record carries a capability link or token (issue 15), checked over the web, API,
Telegram, email and mixed-channel suites: every record of every level, of every logger and
thread of the test process, is formatted as a handler would write it (with its traceback), and
a test whose records hold a page or invitation link, a signed web token, an email reply token or
a bot token fails.  The processes the suites start (``conquian serve``) are checked by their
own output in ``tests/web/test_serve.py``.

The patterns are written here again on purpose, apart from ``adapters.redaction``: they say
what a leak looks like, not what the redaction happens to replace.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator

import pytest

SUITES = {"web", "telegram", "email", "channels"}
LEAK = re.compile(
    r"/(?:p|join)/(?!\[link\])[A-Za-z0-9_-]{6,}"  # a page or invitation link
    r"|[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{22}(?![A-Za-z0-9_-])"  # a signed web token
    r"|reply\+(?!\[token\])[0-9a-z]+-[0-9a-z]+-"  # an email reply address
    r"|(?:[0-9a-z]{1,10}-){3}[a-z2-7]{26}"  # an email reply token
    r"|\d{6,}:[A-Za-z0-9_-]{30,}"  # a Telegram bot token
)


class Everything(logging.Handler):
    """Every record, formatted as a log file would hold it."""

    def __init__(self) -> None:
        super().__init__(logging.NOTSET)
        self.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


@pytest.fixture(autouse=True)
def no_capability_in_any_log_record(request: pytest.FixtureRequest) -> Iterator[None]:
    if not SUITES & set(request.node.path.parts[-3:-1]):
        yield
        return
    root = logging.getLogger()
    handler, level = Everything(), root.level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    try:
        yield
    finally:
        root.removeHandler(handler)
        root.setLevel(level)
    leaks = [line for line in handler.lines if LEAK.search(line)]
    assert not leaks, f"{len(leaks)} log records carry a capability, e.g. {leaks[0][:300]}"
