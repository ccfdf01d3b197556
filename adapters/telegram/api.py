"""``BotApi``: python-telegram-bot's ``ExtBot`` called from synchronous code, and its errors in
the dispatcher's terms.

The game service, the SQL stores, the dispatcher and Flask are synchronous; python-telegram-bot is
asyncio.  So the bot lives on an event loop in a thread of its own and every call is handed to
that loop and waited for.  One loop per process means one ``AIORateLimiter`` sees every message
the process sends, whichever thread asks (the update processor, the outbox dispatcher).

Errors become what callers can act on: ``Undeliverable`` when the person can never be reached
this way (403: blocked, kicked, deactivated; 400: chat not found), ``TryLater`` for flood control
(with Telegram's ``retry_after``) and network trouble, ``Refused`` for any other 400.  Network
trouble after the request went out (a timeout waiting for the answer, a connection closed
before it) is ``LostAnswer``, a ``TryLater`` that says Telegram may well have done it: a board
sent so counts as shown (docs/decisions/telegram-a-lost-answer-counts-as-shown.md).
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from collections.abc import Coroutine
from datetime import timedelta
from typing import Any, TypeVar, cast

import httpx
from telegram import BotCommand, InlineKeyboardMarkup, Message, Update
from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter, TelegramError
from telegram.ext import AIORateLimiter, ExtBot
from telegram.request import HTTPXRequest

from adapters.telegram.pacing import Pacer
from adapters.telegram.settings import TelegramSettings
from service.delivery.dispatch import TryLater, Undeliverable

log = logging.getLogger(__name__)
T = TypeVar("T")

UPDATES = ("message", "callback_query", "my_chat_member")
"""The kinds of update the bot asks for: messages, button presses, and changes of the bot's own
membership in a chat (blocked, unblocked, added to or removed from a group); edited messages,
reactions … are not commands."""
_GONE = ("chat not found", "user not found", "bot was kicked", "chat_id is empty")
_AFTER_SENDING = (httpx.ReadTimeout, httpx.ReadError, httpx.RemoteProtocolError)
"""Network errors that come after the request was written: Telegram may have done it."""


class Refused(Exception):
    """Telegram refused the request itself (400), e.g. an edit of a message that no longer
    exists or would not change."""

    @property
    def not_modified(self) -> bool:
        return "not modified" in str(self).lower()


class LostAnswer(TryLater):
    """The request went out and its answer never came (a timeout, a dropped connection):
    Telegram may have done it, a message sent may be in the chat."""


class _Bot(ExtBot[Any]):
    """``ExtBot`` with ``getUpdates`` as JSON: its own ``get_updates`` parses the whole batch
    at once, so one update it cannot parse would fail that batch, and every poll after it, for
    every chat.  Each update is parsed when it is answered (``processor.py``), where one that
    cannot be is kept and ignored."""

    async def raw_updates(self, offset: int | None, timeout: int) -> list[dict[str, Any]]:
        data = {"offset": offset, "timeout": timeout, "allowed_updates": list(UPDATES)}
        read_timeout = (self._request[0].read_timeout or 0) + timeout  # as ``get_updates``
        result = await self._post("getUpdates", data, read_timeout=read_timeout)
        return cast("list[dict[str, Any]]", result)


class BotApi:
    """The Bot API methods the channel uses, synchronous; ``close`` when done."""

    def __init__(self, settings: TelegramSettings) -> None:
        # Opt in to python-telegram-bot's timedelta durations (``RetryAfter.retry_after``):
        # without it every flood-control error warns of the coming change.
        os.environ.setdefault("PTB_TIMEDELTA", "true")
        self.settings = settings
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(
            target=self._loop.run_forever, name="telegram-bot-loop", daemon=True
        )
        self._thread.start()
        limits = settings.limits
        self.pacer = Pacer(limits.posts_per_second, limits.chat_seconds)
        self.bot = _Bot(
            settings.token,
            base_url=settings.api_url,
            request=HTTPXRequest(connection_pool_size=32, read_timeout=15),
            get_updates_request=HTTPXRequest(connection_pool_size=2),
            rate_limiter=AIORateLimiter(
                overall_max_rate=limits.overall_per_second,
                overall_time_period=1,
                group_max_rate=limits.group_per_minute,
                group_time_period=60,
                max_retries=0,  # a 429 goes back to the caller, who knows when to try again
            ),
        )
        try:
            self._run(self.bot.initialize())  # getMe: checks the token, learns the username
        except BaseException:
            self._stop_loop()
            raise

    @property
    def username(self) -> str:
        return self.bot.username

    def close(self) -> None:
        try:
            self._run(self.bot.shutdown())
        finally:
            self._stop_loop()

    def _stop_loop(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=5)
        self._loop.close()

    def _run(self, call: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(call, self._loop).result()

    def _call(self, call: Coroutine[Any, Any, T]) -> T:
        """Run one Bot API call, its errors translated (see the module's docstring)."""
        try:
            return self._run(call)
        except Forbidden as error:
            raise Undeliverable(error.message) from error
        except RetryAfter as error:
            wait = error.retry_after
            seconds = wait.total_seconds() if isinstance(wait, timedelta) else float(wait)
            raise TryLater("flood control", seconds) from error
        except BadRequest as error:
            if any(words in error.message.lower() for words in _GONE):
                raise Undeliverable(error.message) from error
            raise Refused(error.message) from error
        except NetworkError as error:  # includes TimedOut; BadRequest was caught above
            if isinstance(error.__cause__, _AFTER_SENDING):
                raise LostAnswer(f"answer lost: {error.message}") from error
            raise TryLater(f"network: {error.message}") from error
        except TelegramError as error:
            raise TryLater(f"telegram: {error.message}") from error

    # -- receiving ------------------------------------------------------------------------------

    def get_updates(self, offset: int | None, timeout: int) -> list[dict[str, Any]]:
        """Updates from ``offset`` on (which confirms every earlier one), waiting up to
        ``timeout`` seconds for the first, as Telegram sent them (``_Bot.raw_updates``)."""
        return self._call(self.bot.raw_updates(offset, timeout))

    def parse(self, data: dict[str, Any]) -> Update:
        return Update.de_json(data, self.bot)

    def set_webhook(self, url: str, secret: str | None) -> None:
        self._call(self.bot.set_webhook(url, allowed_updates=UPDATES, secret_token=secret))

    def delete_webhook(self) -> None:
        self._call(self.bot.delete_webhook())

    # -- sending --------------------------------------------------------------------------------

    def send_message(
        self, chat_id: int, text: str, markup: InlineKeyboardMarkup | None = None
    ) -> int:
        """Send ``text``; the new message's id."""
        self.pacer.wait(chat_id)
        sent: Message = self._call(self.bot.send_message(chat_id, text, reply_markup=markup))
        return sent.message_id

    def can_write(self, chat_id: int) -> bool:
        """Whether the bot may write in ``chat_id`` (a person's private chat): asked with the
        "typing…" action, which posts nothing; refused (403) to a person who never opened a
        private chat with the bot, or blocked it."""
        try:
            self._call(self.bot.send_chat_action(chat_id, "typing"))
        except Undeliverable:
            return False
        return True

    def send_photo(self, chat_id: int, png: bytes, caption: str) -> int:
        self.pacer.wait(chat_id)
        sent: Message = self._call(self.bot.send_photo(chat_id, png, caption=caption))
        return sent.message_id

    def send_document(self, chat_id: int, content: bytes, filename: str, caption: str) -> int:
        """Send a file (a player's data); the new message's id."""
        self.pacer.wait(chat_id)
        call = self.bot.send_document(chat_id, content, filename=filename, caption=caption)
        sent: Message = self._call(call)
        return sent.message_id

    def edit_message(
        self,
        chat_id: int,
        message_id: int,
        text: str,
        markup: InlineKeyboardMarkup | None = None,
    ) -> None:
        self._call(self.bot.edit_message_text(text, chat_id, message_id, reply_markup=markup))

    def edit_buttons(
        self, chat_id: int, message_id: int, markup: InlineKeyboardMarkup | None
    ) -> None:
        self._call(self.bot.edit_message_reply_markup(chat_id, message_id, reply_markup=markup))

    def react(self, chat_id: int, message_id: int, emoji: str) -> None:
        """Put a reaction on a message (a person's own, to say it was heard): no new message,
        no notification."""
        self._call(self.bot.set_message_reaction(chat_id, message_id, emoji))

    def set_commands(self, commands: list[tuple[str, str]], language_code: str | None) -> None:
        """The "/" menu for users whose app is in ``language_code`` (None: everyone else)."""
        listed = [BotCommand(name, description) for name, description in commands]
        self._call(self.bot.set_my_commands(listed, language_code=language_code))

    def answer(self, callback_id: str, text: str = "", alert: bool = False) -> None:
        """Answer a button press (always, or the client shows a spinner)."""
        self._call(self.bot.answer_callback_query(callback_id, text or None, show_alert=alert))
