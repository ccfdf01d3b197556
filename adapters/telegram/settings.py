"""The Telegram channel's settings, read once from the environment by the entry points.

=====================================  ====================  ======================================
``CONQUIAN_TELEGRAM_TOKEN``            (none: channel off)   the bot's token from @BotFather
``CONQUIAN_TELEGRAM_API_URL``          Telegram's            Bot API base (``…/bot``), for a local
                                                             Bot API server or a fake in tests
``CONQUIAN_TELEGRAM_WEBHOOK_SECRET``   (none)                ``X-Telegram-Bot-Api-Secret-Token``
                                                             the webhook route requires
``CONQUIAN_TELEGRAM_INVITATION_DAYS``  7                     how long an invitation can be used
``CONQUIAN_TELEGRAM_POSTS_PER_SECOND``  30                   messages this process may post a
                                                             second (``pacing.py``): where the
                                                             Telegram role and the worker run
                                                             apart, give each a share of 30
=====================================  ====================  ======================================
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from adapters.config import SettingsError

TELEGRAM_API = "https://api.telegram.org/bot"


@dataclass(frozen=True)
class RateLimits:
    """Telegram's documented limits by default: about 30 messages a second in all and one a
    second in one chat (``pacing.py``), 20 a minute in one group (python-telegram-bot's
    ``AIORateLimiter``, which may also hold every call to ``overall_per_second``; 0: it does
    not, and the posts are paced by the first two)."""

    overall_per_second: float = 0
    group_per_minute: float = 20
    posts_per_second: int = 30
    chat_seconds: float = 1.0


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
    chats_at_once: int = 12
    """How many chats' updates are answered at the same moment (``lanes.py``); each chat's are
    answered in order.  Each takes a database connection while it answers (a pool holds 15),
    and a thread waiting to post in its chat (``pacing.py``) holds up no other chat."""
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
            limits=RateLimits(posts_per_second=_posts(environ)),
        )


def _per_day(environ: Mapping[str, str]) -> int:
    text = environ.get("CONQUIAN_TELEGRAM_NEW_GAMES_PER_DAY", "").strip() or "20"
    if not text.isdigit() or int(text) < 1:
        raise SettingsError(
            f"CONQUIAN_TELEGRAM_NEW_GAMES_PER_DAY must be a whole number above 0, not {text!r}"
        )
    return int(text)


def _posts(environ: Mapping[str, str]) -> int:
    text = environ.get("CONQUIAN_TELEGRAM_POSTS_PER_SECOND", "").strip() or "30"
    if not text.isdigit() or not 1 <= int(text) <= 30:
        raise SettingsError(
            f"CONQUIAN_TELEGRAM_POSTS_PER_SECOND must be a whole number from 1 to 30, not {text!r}"
        )
    return int(text)
