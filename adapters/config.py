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
    email: EmailSettings | None = None
    """The email channel; None (off) unless ``CONQUIAN_MAIL_DOMAIN`` and the token keys are set."""

    @classmethod
    def from_env(cls, environ: Mapping[str, str]) -> Settings:
        """The settings in ``environ`` (``os.environ`` in the entry points, a dict in tests);
        ``SettingsError`` names a variable whose value cannot be used."""
        return cls(
            data_dir=Path(environ.get("CONQUIAN_DATA_DIR", "var")),
            database_url=environ.get("CONQUIAN_DATABASE_URL") or None,
            worker=WorkerSettings.from_env(environ),
            email=EmailSettings.from_env(environ),
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


# -- the email channel ------------------------------------------------------------------------
#
# ====================================  ==========  ===========================================
# ``CONQUIAN_MAIL_DOMAIN``              (off)       the domain of the reply addresses
#                                                   ``reply+<token>@<domain>``
# ``CONQUIAN_MAIL_TOKEN_KEYS``          (off)       ``id:secret,…``: the first signs reply
#                                                   tokens, all verify (rotate by prepending)
# ``CONQUIAN_MAIL_FROM``                conquian@…  the service's address (new games start here)
# ``CONQUIAN_SMTP_HOST`` / ``_PORT``    -, 587      where mail is sent; no host: nothing is sent
# ``CONQUIAN_SMTP_SECURITY``            starttls    ``starttls``, ``tls`` or ``none``
# ``CONQUIAN_SMTP_USER`` / ``_PASSWORD``            log in when set
# ``CONQUIAN_IMAP_HOST`` / ``_PORT``    -, 993      the mailbox replies arrive in; no host: no poll
# ``CONQUIAN_IMAP_SECURITY``            tls         ``tls``, ``starttls`` or ``none``
# ``CONQUIAN_IMAP_USER`` / ``_PASSWORD``
# ``CONQUIAN_IMAP_FOLDER``              INBOX
# ``CONQUIAN_IMAP_POLL_SECONDS``        60          between polls (IDLE wakes up sooner)
# ``CONQUIAN_IMAP_DELETE``              0           1: delete handled mail instead of flagging it
# ====================================  ==========  ===========================================

_SECURITY = ("starttls", "tls", "none")


@dataclass(frozen=True)
class MailServer:
    """An SMTP or IMAP server and how to log in to it."""

    host: str
    port: int
    security: str
    user: str | None = None
    password: str | None = None
    timeout: float = 30.0


@dataclass(frozen=True)
class EmailSettings:
    domain: str
    token_keys: str
    """``id:secret,…`` (``adapters.email.tokens.TokenKeys.parse``)."""
    service_address: str
    smtp: MailServer | None = None
    imap: MailServer | None = None
    imap_folder: str = "INBOX"
    poll_seconds: float = 60.0
    delete_handled: bool = False

    @classmethod
    def from_env(cls, environ: Mapping[str, str]) -> EmailSettings | None:
        domain = environ.get("CONQUIAN_MAIL_DOMAIN", "").strip()
        keys = environ.get("CONQUIAN_MAIL_TOKEN_KEYS", "").strip()
        if not domain or not keys:
            return None
        return cls(
            domain=domain,
            token_keys=keys,
            service_address=environ.get("CONQUIAN_MAIL_FROM", "").strip() or f"conquian@{domain}",
            smtp=_mail_server(environ, "SMTP", 587, "starttls"),
            imap=_mail_server(environ, "IMAP", 993, "tls"),
            imap_folder=environ.get("CONQUIAN_IMAP_FOLDER", "").strip() or "INBOX",
            poll_seconds=_positive(environ, "CONQUIAN_IMAP_POLL_SECONDS", float, 60.0),
            delete_handled=environ.get("CONQUIAN_IMAP_DELETE", "0").strip() == "1",
        )


def _mail_server(
    environ: Mapping[str, str], kind: str, port: int, security: str
) -> MailServer | None:
    host = environ.get(f"CONQUIAN_{kind}_HOST", "").strip()
    if not host:
        return None
    chosen = environ.get(f"CONQUIAN_{kind}_SECURITY", "").strip().lower() or security
    if chosen not in _SECURITY:
        raise SettingsError(f"CONQUIAN_{kind}_SECURITY must be one of {', '.join(_SECURITY)}")
    return MailServer(
        host,
        _positive(environ, f"CONQUIAN_{kind}_PORT", int, port),
        chosen,
        environ.get(f"CONQUIAN_{kind}_USER") or None,
        environ.get(f"CONQUIAN_{kind}_PASSWORD") or None,
    )
