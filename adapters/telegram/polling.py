"""Polling for one machine: ``getUpdates`` in a loop, each update stored before the next
``getUpdates`` confirms it.

python-telegram-bot's ``Updater`` confirms an update (by asking for the next offset) before it
is stored, so it is not used: this loop stores every update of a batch (``Processor.receive``)
and hands what is stored and unanswered to the chats' lanes (``lanes.py``), which answer it on
their own threads — and only the next ``getUpdates`` confirms the batch.  The loop does not wait
for the answers: a chat's move is taken up as soon as it arrives, whatever another chat's answer
is waiting for.  After each answer the follow-up thread runs ``after_round`` (the outbox drain,
so the opponent hears of a move at once) and sends the groups' deferred news.  A crash anywhere
loses nothing: unconfirmed updates come again (and are recognised), and stored ones are answered
after the restart.  While the database is away nothing can be stored, so the offset stays where
it is and Telegram keeps the updates until it is back.

``round`` is the same work in lock step (fetch, answer everything, ``after_round``, the groups'
news), for a process that is driven one step at a time: a restart's first step, and tests.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from adapters.sql.engine import is_unavailable
from adapters.telegram.api import BotApi
from adapters.telegram.group_news import GroupNews
from adapters.telegram.lanes import Lanes
from adapters.telegram.processor import Processor
from service.delivery.dispatch import TryLater

log = logging.getLogger(__name__)


class Poller:
    def __init__(
        self,
        api: BotApi,
        processor: Processor,
        long_poll_seconds: int = 25,
        after_round: Callable[[], object] | None = None,
    ) -> None:
        self.api = api
        self.processor = processor
        self.long_poll_seconds = long_poll_seconds
        self.after_round = after_round
        self.offset: int | None = None
        self.follow_up = FollowUp(after_round, processor.screens.groups)
        processor.lanes.answered = self.follow_up.kick

    def fetch(self, timeout: int | None = None) -> int:
        """Receive and store one batch (confirming the previous one); how many were new."""
        wait = self.long_poll_seconds if timeout is None else timeout
        updates = self.api.get_updates(self.offset, wait)
        new = sum(self.processor.receive(update) for update in updates)
        if updates:
            self.offset = int(updates[-1]["update_id"]) + 1
        return new

    def round(self) -> None:
        """Fetch a batch (without waiting when stored updates wait for an answer, and no longer
        than until a group's deferred news is due), answer everything waiting, then
        ``after_round``, then the groups' deferred news (``group_news.py``)."""
        groups = self.processor.screens.groups
        due = groups.due_in()
        wait = None if due is None else min(self.long_poll_seconds, int(due))
        self.fetch(0 if self.processor.has_waiting() else wait)
        self.processor.answer_waiting()
        if self.after_round is not None:
            self.after_round()
        groups.flush()

    def run(self, stop: threading.Event) -> None:
        """Poll until ``stop`` is set (the first look takes up what an earlier run left)."""
        self.api.delete_webhook()  # getUpdates is refused while a webhook is set
        follow_up = threading.Thread(
            target=self.follow_up.run, args=(stop,), name="telegram-follow-up"
        )
        follow_up.start()
        lanes = self.processor.lanes
        try:
            while not stop.is_set():
                try:
                    self.processor.look()
                    trouble = lanes.trouble()
                    if trouble is not None:
                        raise trouble
                    if not self.fetch(self._patience(lanes)):
                        self.follow_up.kick()  # news of moves made elsewhere goes out too
                except TryLater as error:
                    log.info("Telegram asks to wait: %s", error)
                    stop.wait(error.retry_after or 1.0)
                except Exception as error:
                    if is_unavailable(error):
                        log.warning("database unavailable, updates left unconfirmed: %s", error)
                    else:
                        log.exception("polling failed; trying again")
                    stop.wait(1.0)
        finally:
            self.follow_up.kick()  # to see ``stop``
            follow_up.join()
        self._confirm()

    def _patience(self, lanes: Lanes) -> int | None:
        """How long the next ``getUpdates`` may wait for news: not at all when a lane stopped
        at an update to try again, a second while lanes are answering (one may stop), else
        the long poll."""
        if lanes.stopped():
            return 0
        return None if lanes.idle() else 1

    def settled(self) -> bool:
        """Every update handed to the lanes is answered and followed up (for tests, which wait
        for this after their update was confirmed, and so handed over)."""
        return self.processor.lanes.idle() and not self.follow_up.pending()

    def _confirm(self) -> None:
        """Confirm the stored batch before stopping, so it is not delivered again."""
        if self.offset is not None:
            try:
                self.api.get_updates(self.offset, 0)
            except Exception as error:  # it comes again and is recognised: harmless
                log.info("last batch not confirmed: %s", error)


class FollowUp:
    """What follows answers, on a thread of its own so that polling never waits for it:
    ``after_round`` (the outbox drain) after answers, and after each ``getUpdates`` that brought
    nothing new (news of moves made elsewhere goes out too), and the groups' deferred news when
    they are due (``group_news.py``).  Not after a ``getUpdates`` that brought updates: their
    answers kick it, and a player's typed move is answered before news of the position it was
    not typed for reaches their chat, as in a round."""

    def __init__(self, after_round: Callable[[], object] | None, groups: GroupNews) -> None:
        self.after_round = after_round
        self.groups = groups
        self._lock = threading.Lock()
        self._kicked = threading.Event()
        self._running = False
        self.ran: Callable[[], object] | None = None
        """Called after each run (a test's harness: to wake whoever waits for the bot to
        settle, as every answer's run ends after it)."""

    def kick(self) -> None:
        """An update was answered: run soon."""
        self._kicked.set()

    def pending(self) -> bool:
        """Kicked and not yet run to the end."""
        with self._lock:
            return self._running or self._kicked.is_set()

    def run(self, stop: threading.Event) -> None:
        """Until ``stop`` (with a ``kick`` to wake it): run when kicked, or when the groups'
        next news is due."""
        while True:
            self._kicked.wait(self.groups.due_in())
            if stop.is_set():
                return
            with self._lock:
                self._running = True
                self._kicked.clear()
            try:
                if self.after_round is not None:
                    self.after_round()
                self.groups.flush()
            except Exception as error:
                if is_unavailable(error):
                    log.warning("database unavailable, follow-up waits: %s", error)
                else:
                    log.exception("follow-up failed; trying again")
                self._kicked.set()
                stop.wait(1.0)
            finally:
                with self._lock:
                    self._running = False
                if self.ran is not None:
                    self.ran()
