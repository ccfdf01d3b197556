"""Stored updates answered on a few threads: different chats at once, each chat's in order.

Answering one update is mostly waiting — on the database and on the Bot API — so one poller
answering updates one after another kept players waiting seconds under load while the machine
idled (issue 21).  A round's waiting updates are split into one lane per chat (``lane_of``): a
lane answers its chat's updates oldest first, on one of ``threads`` threads, and stops at the
first it could not answer yet (so a later update of that chat never overtakes it; the next round
tries it again).  The round ends when every lane has: the poller confirms a batch to Telegram,
and drains the outbox, only after all of it was answered, as before.  Two chats of one game (its
two players) may be answered at the same moment; the game service settles that as it does for
two web requests, by the version each move was made at.

``TryLater`` or an unavailable database in one lane stops that lane; the others finish, and the
first such error is raised at the end of the round, for the caller to wait as it did before.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Waiting:
    """A stored update not answered yet: its inbox key and payload (None: not in the inbox)."""

    key: str
    payload: str | None


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


class Lanes:
    def __init__(self, answer: Callable[[Waiting], bool], threads: int) -> None:
        self.answer = answer
        self.threads = threads
        self._pool = ThreadPoolExecutor(threads, thread_name_prefix="telegram-chat")

    def run(self, waiting: Sequence[Waiting]) -> int:
        """Answer ``waiting`` (oldest first) chat by chat in parallel; how many were answered."""
        lanes: dict[str, list[Waiting]] = {}
        for one in waiting:
            lanes.setdefault(lane_of(one), []).append(one)
        if len(lanes) <= 1 or self.threads <= 1:
            return sum(self._lane(updates) for updates in lanes.values())
        futures = [self._pool.submit(self._lane, updates) for updates in lanes.values()]
        answered, trouble = 0, None
        for future in futures:
            try:
                answered += future.result()
            except Exception as error:  # TryLater, the database away: after the other lanes
                trouble = trouble or error
        if trouble is not None:
            raise trouble
        return answered

    def _lane(self, updates: list[Waiting]) -> int:
        answered = 0
        for update in updates:
            if not self.answer(update):
                break  # failed, to be tried again: the chat's later updates wait behind it
            answered += 1
        return answered

    def close(self) -> None:
        self._pool.shutdown(wait=True)
