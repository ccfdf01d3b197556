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
are taken from the database, one statement a post, and every process keeps it.  A post its
process's budget holds up past its chat's turn moves the chat's next turn after it before it
waits — or, if another process took that next turn meanwhile, takes a new turn after theirs.
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

    def push(self, chat: int, taken: float, at: float, gap: float) -> bool: ...


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
        paced = self.chat_seconds > 0 and chat > 0
        while True:
            turn, taken = self._chat_turn(chat) if paced else (None, 0.0)
            if turn is not None:
                self._until(turn)
            at = self._place(chat) if self.per_second > 0 else None
            if (
                at is None
                or turn is None
                or at <= turn + MARGIN / 2
                or self._moved(chat, taken, at)
            ):
                break
        if at is not None:
            self._until(at)

    def _place(self, chat: int) -> float:
        """This post's place among the process's posts (``clock``), counted."""
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
        return at

    def _moved(self, chat: int, taken: float, at: float) -> bool:
        """The post goes at ``at``, later than its chat's turn: move the chat's next turn after
        it.  False when another process took that next turn meanwhile (the post must take a new
        one); always True for this process's own count, which the place just moved."""
        if self.shared is None:
            return True
        return self.shared.push(chat, taken, self._wall() + at - self._clock(), self._gap)

    @property
    def _gap(self) -> float:
        return self.chat_seconds + MARGIN

    def _chat_turn(self, chat: int) -> tuple[float, float]:
        """When (``clock``) this post to ``chat`` may go, by the chat's second; and the turn as
        taken (the processes' shared clock; ``Chats.push`` names the turn by it)."""
        if self.shared is not None:
            now, wall = self._clock(), self._wall()
            taken = self.shared.take(chat, wall, self._gap)
            return now + taken - wall, taken
        with self._lock:
            now = self._clock()
            last = self._chats.get(chat)
            at = now if last is None else max(now, last + self._gap)
            self._chats[chat] = at
            self._forget(now)
        return at, at

    def _until(self, at: float) -> None:
        wait = at - self._clock()
        if wait > 0:
            self._sleep(wait)

    def _forget(self, now: float) -> None:
        """Chats whose last post is long past need no entry (a long run meets many)."""
        if len(self._chats) > 10_000:
            horizon = now - self._gap
            self._chats = {chat: at for chat, at in self._chats.items() if at > horizon}
