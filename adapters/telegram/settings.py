"""The Telegram channel's settings, read once from the environment by the entry points.

=====================================  ====================  ======================================
``CONQUIAN_TELEGRAM_TOKEN``            (none: channel off)   the bot's token from @BotFather
``CONQUIAN_TELEGRAM_API_URL``          Telegram's            Bot API base (``…/bot``), for a local
                                                             Bot API server or a fake in tests
``CONQUIAN_TELEGRAM_WEBHOOK_SECRET``   (none)                ``X-Telegram-Bot-Api-Secret-Token``
                                                             the webhook route requires
``CONQUIAN_TELEGRAM_INVITATION_DAYS``  7                     how long an invitation can be used
=====================================  ====================  ======================================
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from adapters.config import SettingsError

TELEGRAM_API = "https://api.telegram.org/bot"


@dataclass(frozen=True)
class RateLimits:
    """python-telegram-bot's ``AIORateLimiter`` settings: Telegram's documented limits by default
    (about 30 messages a second overall, 20 a minute in one group)."""

    overall_per_second: float = 30
    group_per_minute: float = 20


@dataclass(frozen=True)
class TelegramSettings:
    token: str
    api_url: str = TELEGRAM_API
    webhook_secret: str | None = None
    invitation_days: float = 7
    new_games_per_day: int = 20
    """``/new`` one user may send a day (``CONQUIAN_TELEGRAM_NEW_GAMES_PER_DAY``): each opens a
    game and an invitation to pass on, so a flood of them is a flood of invitations."""
    long_poll_seconds: int = 25
    """How long one ``getUpdates`` waits for news."""
    limits: RateLimits = RateLimits()
    chats_at_once: int = 8
    """How many chats' updates are answered at the same moment (``lanes.py``); each chat's are
    answered in order.  Each takes a database connection while it answers."""
    mail_address: str | None = None
    """The email channel's own address, when this service has email (``adapters.channels`` sets
    it): invitations say that a friend without Telegram can join by mail, and ``/link`` where to
    mail the code."""

    @classmethod
    def from_env(cls, environ: Mapping[str, str]) -> TelegramSettings | None:
        """The settings, or None when no token is set (the channel is off)."""
        token = environ.get("CONQUIAN_TELEGRAM_TOKEN", "").strip()
        if not token:
            return None
        days_text = environ.get("CONQUIAN_TELEGRAM_INVITATION_DAYS", "").strip() or "7"
        try:
            days = float(days_text)
        except ValueError:
            days = -1.0
        if not days > 0:
            raise SettingsError(
                f"CONQUIAN_TELEGRAM_INVITATION_DAYS must be a number above 0, not {days_text!r}"
            )
        return cls(
            token=token,
            api_url=environ.get("CONQUIAN_TELEGRAM_API_URL", "").strip() or TELEGRAM_API,
            webhook_secret=environ.get("CONQUIAN_TELEGRAM_WEBHOOK_SECRET", "").strip() or None,
            invitation_days=days,
            new_games_per_day=_per_day(environ),
        )


def _per_day(environ: Mapping[str, str]) -> int:
    text = environ.get("CONQUIAN_TELEGRAM_NEW_GAMES_PER_DAY", "").strip() or "20"
    if not text.isdigit() or int(text) < 1:
        raise SettingsError(
            f"CONQUIAN_TELEGRAM_NEW_GAMES_PER_DAY must be a whole number above 0, not {text!r}"
        )
    return int(text)
