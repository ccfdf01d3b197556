"""Settings read once from the environment at start-up (``Settings.from_env``), never at import.

Defaults are safe for one machine: an embedded SQLite file under the data directory.  Secrets
have no defaults; a channel whose settings are missing stays off.

The worker's settings (``WorkerSettings``), each from its environment variable:

====================================  =======  ================================================
``CONQUIAN_SWEEP_SECONDS``            2        how often overdue decisions are timed out
``CONQUIAN_REMINDER_SECONDS``         5        how often due reminders are queued
``CONQUIAN_DRAIN_SECONDS``            1        how often the outbox is sent
``CONQUIAN_LEASE_SECONDS``            30       how long a claimed game or notification is a
                                               worker's own before another may take it up
``CONQUIAN_BATCH_SIZE``               100      games or notifications claimed at a time
``CONQUIAN_DELIVERY_ATTEMPTS``        10       failed sends after which a notification is
                                               given up
====================================  =======  ================================================
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import TypeVar

N = TypeVar("N", int, float)


class SettingsError(ValueError):
    """An environment variable holds a value that cannot be used; the message names it."""


@dataclass(frozen=True)
class WorkerSettings:
    sweep_seconds: float = 2.0
    reminder_seconds: float = 5.0
    drain_seconds: float = 1.0
    lease_seconds: float = 30.0
    batch_size: int = 100
    delivery_attempts: int = 10

    @property
    def lease(self) -> timedelta:
        return timedelta(seconds=self.lease_seconds)

    @classmethod
    def from_env(cls, environ: Mapping[str, str]) -> WorkerSettings:
        defaults = cls()
        return cls(
            sweep_seconds=_positive(
                environ, "CONQUIAN_SWEEP_SECONDS", float, defaults.sweep_seconds
            ),
            reminder_seconds=_positive(
                environ, "CONQUIAN_REMINDER_SECONDS", float, defaults.reminder_seconds
            ),
            drain_seconds=_positive(
                environ, "CONQUIAN_DRAIN_SECONDS", float, defaults.drain_seconds
            ),
            lease_seconds=_positive(
                environ, "CONQUIAN_LEASE_SECONDS", float, defaults.lease_seconds
            ),
            batch_size=_positive(environ, "CONQUIAN_BATCH_SIZE", int, defaults.batch_size),
            delivery_attempts=_positive(
                environ, "CONQUIAN_DELIVERY_ATTEMPTS", int, defaults.delivery_attempts
            ),
        )


@dataclass(frozen=True)
class Settings:
    data_dir: Path = Path("var")
    database_url: str | None = None
    """``CONQUIAN_DATABASE_URL``; None means ``sqlite:///<data_dir>/conquian.db``."""
    worker: WorkerSettings = field(default_factory=WorkerSettings)

    @classmethod
    def from_env(cls, environ: Mapping[str, str]) -> Settings:
        """The settings in ``environ`` (``os.environ`` in the entry points, a dict in tests);
        ``SettingsError`` names a variable whose value cannot be used."""
        return cls(
            data_dir=Path(environ.get("CONQUIAN_DATA_DIR", "var")),
            database_url=environ.get("CONQUIAN_DATABASE_URL") or None,
            worker=WorkerSettings.from_env(environ),
        )

    @property
    def effective_database_url(self) -> str:
        if self.database_url:
            return self.database_url
        return f"sqlite:///{self.data_dir / 'conquian.db'}"


def _positive(environ: Mapping[str, str], name: str, kind: Callable[[str], N], default: N) -> N:
    """The number in ``environ[name]`` (``default`` when unset or empty); it must be above 0."""
    text = environ.get(name, "").strip()
    if not text:
        return default
    try:
        value = kind(text)
    except ValueError:
        number = "a whole number" if kind is int else "a number"
        raise SettingsError(f"{name} must be {number}, not {text!r}") from None
    if not value > 0:
        raise SettingsError(f"{name} must be above 0, not {text!r}")
    return value
