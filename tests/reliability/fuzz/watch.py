"""Failures a channel logs instead of raising: during a fuzz case, any is a finding."""

from __future__ import annotations

import logging


class LoggedFailures(logging.Handler):
    """Records everything logged at error level (a handler's unexpected exception)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)
