"""Stored updates answered on a few threads: different chats at once, each chat's in order.

Answering one update is mostly waiting — on the database and on the Bot API — so one poller
answering updates one after another kept players waiting seconds under load while the machine
idled (issue 21).  Updates are queued in one lane per chat (``lane_of``): a lane answers its
chat's updates oldest first, on one of ``threads`` threads, and stops at the first it could not
answer yet (so a later update of that chat never overtakes it; it is given again by the next
``look``).  A lane's thread takes the next chat's update as soon as it is free, so a chat never
waits for another chat's slow answer (a post held back by Telegram's pace, ``pacing.py``): the
poller hands over each stored batch (``look``) and goes back to Telegram at once.  Two chats of
one game (its two players) may be answered at the same moment; the game service settles that as
it does for two web requests, by the version each move was made at.

``TryLater`` or an unavailable database in one lane stops that lane and is kept for the poller
(``trouble``), which waits as it did before; the other lanes go on.

The outbox drain runs beside the lanes (the poller's follow-up), and it too writes to chats:
``ChatLocks`` lets one thing at a time change a chat's board, so an answer and a notification
never both edit one board to the same text (Telegram's 400 "message is not modified").
"""

from __future__ import annotations

import json
import threading
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager, contextmanager
from typing import Any

from adapters.sql.telegram_records import Waiting


def lane_of(waiting: Waiting) -> str:
    """The lane an update goes in: its chat (a button's chat is its message's, else the
    presser's private chat); an update without one is a lane of its own."""
    try:
        update = json.loads(waiting.payload or "")
    except ValueError:
        return waiting.key
    if not isinstance(update, dict):
        return waiting.key
    for kind in ("message", "my_chat_member"):
        chat = _get(update, kind, "chat", "id")
        if chat is not None:
            return f"chat:{chat}"
    query = update.get("callback_query")
    chat = _get(query, "message", "chat", "id") or _get(query, "from", "id")
    return waiting.key if chat is None else f"chat:{chat}"


def _get(value: Any, *path: str) -> Any:
    for name in path:
        if not isinstance(value, dict):
            return None
        value = value.get(name)
    return value


class ChatLocks:
    """One answer or notification at a time per chat in this process.  A chat's lock lives
    while someone holds or waits for it, so there are never more than the threads.  Taken only
    around a whole answer or notification, never one inside another's, so they cannot
    deadlock."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._locks: dict[str, tuple[threading.RLock, int]] = {}
        """Per lane held or waited for: its lock and how many hold or wait for it."""

    def of_chat(self, chat: int) -> AbstractContextManager[None]:
        return self.holding(f"chat:{chat}")

    @contextmanager
    def holding(self, lane: str) -> Iterator[None]:
        with self._guard:
            lock, users = self._locks.get(lane, (threading.RLock(), 0))
            self._locks[lane] = (lock, users + 1)
        try:
            with lock:
                yield
        finally:
            with self._guard:
                lock, users = self._locks[lane]
                if users == 1:
                    del self._locks[lane]
                else:
                    self._locks[lane] = (lock, users - 1)


class Lanes:
    def __init__(self, answer: Callable[[Waiting], bool], threads: int) -> None:
        """``answer`` answers one update (False: not yet, try it again later)."""
        self.answer = answer
        self.threads = threads
        self.answered: Callable[[], object] | None = None
        """Called after each update answered, before its lane may be seen idle (the poller
        sets it: its follow-up drains the outbox)."""
        self.emptied: Callable[[], object] | None = None
        """Called when a lane has nothing left (a test's harness: to look at once whether the
        bot has settled)."""
        self._pool = ThreadPoolExecutor(threads, thread_name_prefix="telegram-chat")
        self._lock = threading.Condition()
        self._queues: dict[str, deque[Waiting]] = {}
        """Per lane being answered: its updates not answered yet, oldest first."""
        self._known: set[str] = set()
        """Keys queued or being answered: a look that finds them again leaves them."""
        self._finished: set[str] | None = None
        """While a look runs: the keys answered since it began (see ``look``)."""
        self._answered_count = 0
        self._looking = threading.Lock()
        self._trouble: Exception | None = None
        self._stopped = False
        """A lane stopped at an update it could not answer since the last look."""

    def look(self, waiting: Callable[[], Sequence[Waiting]]) -> int:
        """Queue what ``waiting()`` finds stored and unanswered, and return at once; how many
        were new.  A key answered while the query ran is still in its result (the query began
        before the answer was marked): ``_finished`` holds it back, so nothing is answered
        twice."""
        with self._looking:
            with self._lock:
                self._finished, self._stopped = set(), False
            try:
                found = waiting()
            finally:
                with self._lock:
                    finished, self._finished = self._finished, None
            with self._lock:
                return self._queue([one for one in found if one.key not in finished])

    def run(self, waiting: Sequence[Waiting]) -> int:
        """Answer ``waiting`` (oldest first) chat by chat in parallel and wait until every lane
        is done; how many were answered.  The first trouble met is raised."""
        with self._lock:
            self._queue(list(waiting))
            before = self._answered_count
            while self._queues:
                self._lock.wait()
            answered = self._answered_count - before
        trouble = self.trouble()
        if trouble is not None:
            raise trouble
        return answered

    def idle(self) -> bool:
        """Nothing is queued or being answered."""
        with self._lock:
            return not self._queues

    def stopped(self) -> bool:
        """A lane stopped at an update to be tried again since the last look."""
        with self._lock:
            return self._stopped

    def trouble(self) -> Exception | None:
        """The first ``TryLater`` or database error a lane met since the last call (taken)."""
        with self._lock:
            trouble, self._trouble = self._trouble, None
            return trouble

    def _queue(self, waiting: list[Waiting]) -> int:
        """Queue ``waiting`` in their lanes (the lock held); start a thread for each lane that
        has none.  Keys already queued are left."""
        new = 0
        for one in waiting:
            if one.key in self._known:
                continue
            self._known.add(one.key)
            new += 1
            lane = lane_of(one)
            queue = self._queues.get(lane)
            if queue is None:
                self._queues[lane] = deque([one])
                self._pool.submit(self._lane, lane)
            else:
                queue.append(one)
        return new

    def _lane(self, lane: str) -> None:
        """Answer ``lane``'s updates until it is empty or one is not answered yet."""
        self._answer_lane(lane)
        if self.emptied is not None:
            self.emptied()

    def _answer_lane(self, lane: str) -> None:
        while True:
            with self._lock:
                update = self._queues[lane][0]
            try:
                done = self.answer(update)
            except Exception as error:  # TryLater, the database away: for the poller
                done = False
                with self._lock:
                    self._trouble = self._trouble or error
            if done and self.answered is not None:
                self.answered()
            with self._lock:
                queue = self._queues[lane]
                if done:
                    queue.popleft()
                    self._known.discard(update.key)
                    self._answered_count += 1
                    if self._finished is not None:
                        self._finished.add(update.key)
                if not done or not queue:
                    self._known.difference_update(one.key for one in queue)
                    del self._queues[lane]
                    self._stopped = self._stopped or not done
                    self._lock.notify_all()
                    return

    def close(self) -> None:
        self._pool.shutdown(wait=True)
