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
``CONQUIAN_PRUNE_SECONDS``            3600     how often working rows past their window are
                                               pruned (``adapters/sql/retention.py``)
``CONQUIAN_KEEP_COPIES_DAYS``         14       days the copy of a handled message is kept
``CONQUIAN_KEEP_KEYS_DAYS``           30       days a message's key (what recognises it
                                               delivered again) is kept
``CONQUIAN_KEEP_SENT_DAYS``           7        days a sent notification is kept
``CONQUIAN_REVIEW_QUIET_SECONDS``     5        how long the outbox must have been quiet before
                                               a review after a game runs
``CONQUIAN_REVIEW_PATIENCE_SECONDS``  60       under a load that never quiets, one match is
                                               reviewed this often (``adapters/giving_way.py``)
``CONQUIAN_SENDING_LANES``            1        players' notifications sent at once, each
                                               player's in order (docs/deploy.md)
====================================  =======  ================================================
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
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
    prune_seconds: float = 3600.0
    keep_copies_days: float = 14.0
    keep_keys_days: float = 30.0
    keep_sent_days: float = 7.0
    review_quiet_seconds: float = 5.0
    review_patience_seconds: float = 60.0
    sending_lanes: int = 1

    @property
    def lease(self) -> timedelta:
        return timedelta(seconds=self.lease_seconds)

    @classmethod
    def from_env(cls, environ: Mapping[str, str]) -> WorkerSettings:
        """Each setting from ``CONQUIAN_`` and its name in capitals (the table above): a number
        above 0, whole where its default is."""
        defaults = cls()
        read = {}
        for one in fields(cls):
            default = getattr(defaults, one.name)
            name = f"CONQUIAN_{one.name.upper()}"
            read[one.name] = _positive(environ, name, type(default), default)
        return cls(**read)


# -- The web side and ``conquian serve`` (adapters/web, adapters/cli/serve.py) -------------------


@dataclass(frozen=True)
class WebSettings:
    """The web server's settings, each from its environment variable:

    ==================================  ==========  ===============================================
    ``CONQUIAN_WEB_HOST``               127.0.0.1   the address the web server listens on
    ``CONQUIAN_WEB_PORT``               8000        its port
    ``CONQUIAN_PUBLIC_URL``             (derived)   the address people open, for links in messages
                                                    (``http://HOST:PORT`` unless set)
    ``CONQUIAN_WEB_KEYS``               (none)      secrets that sign player links, comma-separated:
                                                    the first signs, all are accepted; without it
                                                    ``conquian serve`` keeps one in the data
                                                    directory (``web.key``)
    ``CONQUIAN_WEB_THREADS``            4           request threads per web process (each waits on
                                                    the database part of the time; more only
                                                    contend for the interpreter lock)
    ``CONQUIAN_MAX_BODY_BYTES``         16384       larger request bodies are refused (413)
    ``CONQUIAN_MOVES_PER_MINUTE``       120         moves one player may send per minute
    ``CONQUIAN_INVITATIONS_PER_HOUR``   60          new players, games and joins per client address
    ``CONQUIAN_TRUSTED_PROXIES``        0           reverse proxies in front whose
                                                    ``X-Forwarded-*`` headers are believed
    ``CONQUIAN_HEARTBEAT_SECONDS``      30          ``/readyz`` wants a worker heartbeat this recent
    ``CONQUIAN_POLL_SECONDS``           2           how often a player page asks whether the game
                                                    moved
    ``CONQUIAN_VAPID_KEY_FILE``         (none)      the PEM file of the key that signs Web Push
                                                    turn notices; without it the data directory
                                                    keeps one (``vapid.pem``)
    ==================================  ==========  ===============================================
    """

    host: str = "127.0.0.1"
    port: int = 8000
    public_url: str | None = None
    keys: tuple[str, ...] = ()
    threads: int = 4
    max_body_bytes: int = 16384
    moves_per_minute: int = 120
    invitations_per_hour: int = 60
    trusted_proxies: int = 0
    heartbeat_seconds: float = 30.0
    poll_seconds: float = 2.0
    vapid_key_file: Path | None = None

    @property
    def base_url(self) -> str:
        """Where people reach the service, without a trailing slash."""
        return (self.public_url or f"http://{self.host}:{self.port}").rstrip("/")

    @classmethod
    def from_env(cls, environ: Mapping[str, str]) -> WebSettings:
        d = cls()
        keys = tuple(
            key.strip() for key in environ.get("CONQUIAN_WEB_KEYS", "").split(",") if key.strip()
        )
        if any(len(key) < 16 for key in keys):
            raise SettingsError("CONQUIAN_WEB_KEYS: each key must be at least 16 characters long")
        proxies = environ.get("CONQUIAN_TRUSTED_PROXIES", "").strip() or "0"
        if not proxies.isdigit():
            raise SettingsError(f"CONQUIAN_TRUSTED_PROXIES must be a whole number, not {proxies!r}")
        return cls(
            host=environ.get("CONQUIAN_WEB_HOST", "").strip() or d.host,
            port=_positive(environ, "CONQUIAN_WEB_PORT", int, d.port),
            public_url=environ.get("CONQUIAN_PUBLIC_URL", "").strip() or None,
            keys=keys,
            threads=_positive(environ, "CONQUIAN_WEB_THREADS", int, d.threads),
            max_body_bytes=_positive(environ, "CONQUIAN_MAX_BODY_BYTES", int, d.max_body_bytes),
            moves_per_minute=_positive(
                environ, "CONQUIAN_MOVES_PER_MINUTE", int, d.moves_per_minute
            ),
            invitations_per_hour=_positive(
                environ, "CONQUIAN_INVITATIONS_PER_HOUR", int, d.invitations_per_hour
            ),
            trusted_proxies=int(proxies),
            heartbeat_seconds=_positive(
                environ, "CONQUIAN_HEARTBEAT_SECONDS", float, d.heartbeat_seconds
            ),
            poll_seconds=_positive(environ, "CONQUIAN_POLL_SECONDS", float, d.poll_seconds),
            vapid_key_file=_path(environ.get("CONQUIAN_VAPID_KEY_FILE", "")),
        )


def _path(text: str) -> Path | None:
    return Path(text.strip()) if text.strip() else None


PRIVATE_FILE = 0o600
"""The mode of every file the service writes under its data directory: the database holds the
decks of running games, ``web.key`` signs every link; no other local user may read them."""
PRIVATE_DIRECTORY = 0o700
"""The mode of every directory the service makes for its data."""


@dataclass(frozen=True)
class Settings:
    data_dir: Path = Path("var")
    database_url: str | None = None
    """``CONQUIAN_DATABASE_URL``; None means ``sqlite:///<data_dir>/conquian.db``."""
    worker: WorkerSettings = field(default_factory=WorkerSettings)
    email: EmailSettings | None = None
    """The email channel; None (off) unless ``CONQUIAN_MAIL_DOMAIN`` and the token keys are set."""
    web: WebSettings = field(default_factory=WebSettings)

    @classmethod
    def from_env(cls, environ: Mapping[str, str]) -> Settings:
        """The settings in ``environ`` (``os.environ`` in the entry points, a dict in tests);
        ``SettingsError`` names a variable whose value cannot be used."""
        return cls(
            data_dir=Path(environ.get("CONQUIAN_DATA_DIR", "var")),
            database_url=environ.get("CONQUIAN_DATABASE_URL") or None,
            worker=WorkerSettings.from_env(environ),
            email=EmailSettings.from_env(environ),
            web=WebSettings.from_env(environ),
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
# ``CONQUIAN_IMAP_ROLE``                worker      the ``serve`` role that polls the mailbox:
#                                                   ``worker``, or ``mail`` (a process of its own)
# ``CONQUIAN_MAIL_INVITATIONS_PER_DAY`` 10          invitations one address may send a day
# ``CONQUIAN_MAIL_INVITATIONS_PER_HOUR`` 100        invitations mailed an hour in all
# ``CONQUIAN_PUBLIC_URL``               (none)      when set, every mail's ``List-Unsubscribe``
#                                                   carries the one-click ``<URL>/unsubscribe/…``
# ====================================  ==========  ===========================================

_SECURITY = ("starttls", "tls", "none")
IMAP_ROLES = ("worker", "mail")


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
    imap_role: str = "worker"
    """The ``conquian serve`` role that polls the mailbox (``CONQUIAN_IMAP_ROLE``): the worker's,
    or ``mail``, a process of its own that reads replies and plays them, so the worker's
    interpreter only sends (issue 35)."""
    unsubscribe_url: str | None = None
    """``<CONQUIAN_PUBLIC_URL>/unsubscribe`` when set: the one-click link in every mail."""
    invitations_per_day: int = 10
    """Invitations one address may send a day (``CONQUIAN_MAIL_INVITATIONS_PER_DAY``)."""
    invitations_per_hour: int = 100
    """Invitations the service mails an hour in all (``CONQUIAN_MAIL_INVITATIONS_PER_HOUR``)."""

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
            imap_role=_choice(environ, "CONQUIAN_IMAP_ROLE", IMAP_ROLES),
            unsubscribe_url=_unsubscribe_url(environ),
            invitations_per_day=_positive(environ, "CONQUIAN_MAIL_INVITATIONS_PER_DAY", int, 10),
            invitations_per_hour=_positive(environ, "CONQUIAN_MAIL_INVITATIONS_PER_HOUR", int, 100),
        )


def _unsubscribe_url(environ: Mapping[str, str]) -> str | None:
    public = environ.get("CONQUIAN_PUBLIC_URL", "").strip().rstrip("/")
    return f"{public}/unsubscribe" if public else None


def _choice(
    environ: Mapping[str, str], name: str, choices: tuple[str, ...], default: str | None = None
) -> str:
    """``name``'s value, one of ``choices`` (any case; unset: ``default``, else the first)."""
    chosen = environ.get(name, "").strip().lower() or default or choices[0]
    if chosen not in choices:
        raise SettingsError(f"{name} must be one of {', '.join(choices)}")
    return chosen


def _mail_server(
    environ: Mapping[str, str], kind: str, port: int, security: str
) -> MailServer | None:
    host = environ.get(f"CONQUIAN_{kind}_HOST", "").strip()
    if not host:
        return None
    return MailServer(
        host,
        _positive(environ, f"CONQUIAN_{kind}_PORT", int, port),
        _choice(environ, f"CONQUIAN_{kind}_SECURITY", _SECURITY, security),
        environ.get(f"CONQUIAN_{kind}_USER") or None,
        environ.get(f"CONQUIAN_{kind}_PASSWORD") or None,
    )
