"""The ground the mail fuzz surfaces stand on: a service on SQLite whose mail goes to a test SMTP
sink, the email channel's handler, and the adapters' logged failures watched (``watch.py``)."""

from __future__ import annotations

import logging
import tempfile
from pathlib import Path

from tests.email.smtp_sink import SmtpSink
from tests.email.world import World
from tests.reliability.fuzz.watch import LoggedFailures


class MailGround:
    def __init__(self, data_dir: Path | None, *players: tuple[str, str]) -> None:
        """The ground in ``data_dir`` (a temporary directory if None), with ``players`` (their
        names and addresses) registered."""
        self._temporary = tempfile.TemporaryDirectory() if data_dir is None else None
        where = data_dir or Path(self._temporary.name)  # type: ignore[union-attr]
        self.sink = SmtpSink()
        self.sink.start()
        self.world = World(where, self.sink)
        for name, address in players:
            self.world.register(name, address)
        self.handler = self.world.channel.handler
        self.failures = LoggedFailures()
        logging.getLogger("adapters").addHandler(self.failures)
        self.numbers = iter(range(10**9))
        """Numbers no mail of a run uses twice (message ids, random codes)."""

    def close(self) -> None:
        logging.getLogger("adapters").removeHandler(self.failures)
        self.world.close()
        self.sink.stop()
        if self._temporary is not None:
            self._temporary.cleanup()
