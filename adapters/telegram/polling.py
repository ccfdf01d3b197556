"""Polling for one machine: ``getUpdates`` in a loop, each update stored before the next
``getUpdates`` confirms it.

python-telegram-bot's ``Updater`` confirms an update (by asking for the next offset) before the
handlers have finished with it, so it is not used: this loop stores every update of a batch
(``Processor.receive``), then answers what is waiting, then runs ``after_round`` (the outbox
drain, so the opponent hears of a move at once) — and only the next ``getUpdates`` confirms the
batch.  A crash anywhere loses nothing: unconfirmed updates come again (and are recognised), and
stored ones are answered after the restart.  While the database is away nothing can be stored,
so the offset stays where it is and Telegram keeps the updates until it is back.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from adapters.sql.engine import is_unavailable
from adapters.telegram.api import BotApi
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
        """Poll until ``stop`` is set (the first round answers what an earlier run left)."""
        self.api.delete_webhook()  # getUpdates is refused while a webhook is set
        while not stop.is_set():
            try:
                self.round()
            except TryLater as error:
                log.info("Telegram asks to wait: %s", error)
                stop.wait(error.retry_after or 1.0)
            except Exception as error:
                if is_unavailable(error):
                    log.warning("database unavailable, updates left unconfirmed: %s", error)
                else:
                    log.exception("polling round failed; trying again")
                stop.wait(1.0)
        self._confirm()

    def _confirm(self) -> None:
        """Confirm the stored batch before stopping, so it is not delivered again."""
        if self.offset is not None:
            try:
                self.api.get_updates(self.offset, 0)
            except Exception as error:  # it comes again and is recognised: harmless
                log.info("last batch not confirmed: %s", error)
