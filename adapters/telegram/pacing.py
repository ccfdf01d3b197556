"""Posts paced under Telegram's limits before they are sent, so that Telegram need not refuse
one with 429.

Telegram documents two limits on the messages a bot posts: about 30 a second in all, and about
one a second in one chat (a group's own limit, 20 a minute, is python-telegram-bot's
``AIORateLimiter``'s, ``api.py``).  ``Pacer.wait`` holds the posting thread until its post fits
both: first its chat's second, then a place among the process's posts, counted over any second
(a sliding window) and handed out first come, first served.  So threads answering different
chats at once (``lanes.py``) share the budget, and a post that waits for its own chat holds up
no other chat.  Each wait keeps ``MARGIN`` more, for the moments between the decision and
Telegram's receipt.  Edits and answers to button presses are not counted: the documented limits
speak of messages posted.

The budget is this process's: a deployment where several processes post for one bot (the
Telegram role and the worker) gives each a share (``CONQUIAN_TELEGRAM_POSTS_PER_SECOND``) so
that together they stay under Telegram's 30.  A chat's second cannot be shared out that way —
both processes post to the same player — so with ``shared`` (``chat_pace.py``) the chat's turns
are taken from the database, one statement a post, and every process keeps it.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Protocol

MARGIN = 0.25
"""Seconds kept above each limit, for the time a post takes from its turn to Telegram (threads,
the event loop and the network; 0.1 was too little on a busy two-core machine, where twelve
lanes and another process post at once)."""


class Chats(Protocol):
    """Chats' turns to post, shared by the processes of one bot (``chat_pace.SharedChats``)."""

    def take(self, chat: int, now: float, gap: float) -> float: ...

    def push(self, chat: int, at: float, gap: float) -> None: ...


class Pacer:
    def __init__(
        self,
        per_second: int,
        chat_seconds: float,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
        wall: Callable[[], float] = time.time,
    ) -> None:
        """``per_second`` 0: no limit in all; ``chat_seconds`` 0: none per chat.  ``wall``:
        the clock the processes share, for ``shared``."""
        self.per_second = per_second
        self.chat_seconds = chat_seconds
        self.shared: Chats | None = None
        """Where chats' turns are taken when several processes post for the bot (set once
        the database is known); None: this process's own count."""
        self._clock = clock
        self._sleep = sleep
        self._wall = wall
        self._lock = threading.Lock()
        self._posts: deque[float] = deque()
        """The moments given to the latest posts, oldest first (the last ``per_second``)."""
        self._chats: dict[int, float] = {}
        """Per private chat: the moment given to its last post."""

    def wait(self, chat: int) -> None:
        """Wait until a post to ``chat`` fits the limits, and count it."""
        turn = None
        if self.chat_seconds > 0 and chat > 0:
            turn = self._chat_turn(chat)
            self._until(turn)
        if self.per_second > 0:
            with self._lock:
                at = self._clock()
                posts = self._posts
                if posts:
                    at = max(at, posts[-1])
                if len(posts) >= self.per_second:
                    at = max(at, posts[-self.per_second] + 1.0 + MARGIN)
                posts.append(at)
                while len(posts) > self.per_second:
                    posts.popleft()
                if chat in self._chats:
                    self._chats[chat] = max(self._chats[chat], at)
            self._until(at)
            if self.shared is not None and turn is not None and at > turn:
                self.shared.push(chat, self._wall() + at - self._clock(), self._gap)

    @property
    def _gap(self) -> float:
        return self.chat_seconds + MARGIN

    def _chat_turn(self, chat: int) -> float:
        """When (``clock``) this post to ``chat`` may go, by the chat's second."""
        if self.shared is not None:
            now, wall = self._clock(), self._wall()
            return now + self.shared.take(chat, wall, self._gap) - wall
        with self._lock:
            now = self._clock()
            last = self._chats.get(chat)
            at = now if last is None else max(now, last + self._gap)
            self._chats[chat] = at
            self._forget(now)
        return at

    def _until(self, at: float) -> None:
        wait = at - self._clock()
        if wait > 0:
            self._sleep(wait)

    def _forget(self, now: float) -> None:
        """Chats whose last post is long past need no entry (a long run meets many)."""
        if len(self._chats) > 10_000:
            horizon = now - self._gap
            self._chats = {chat: at for chat, at in self._chats.items() if at > horizon}
