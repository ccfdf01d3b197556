"""How often a typed Telegram move reads the game's log once it is appended (issue 32).

The service folds the game while it decides and appends; after that, the mover's answer (the news
of the move over their table, the old board's one-line record) and each notification of it (the
opponent's news and board) are laid out from one read of the log each — the player's ``Notice``:
``GameReads.board`` in the answer, the one the dispatcher hands the sender in a notification —
never from one read per sentence, board and headline as before (five reads in the answer, seven in
a notification).  The store's reads are counted in scopes opened around the mover's answer, the
service's own handling inside it, and each notification sent.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from service.game.events import GameId
from tests.telegram.driver import play
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot, Phone
from tests.telegram.test_play import start_game


class LogReads:
    """The store's reads of a game's log, counted per scope (a mover's answer, a notification)."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.scopes: list[str] = []
        self._here = threading.local()

    @contextmanager
    def scope(self, kind: str | None) -> Iterator[None]:
        """Reads inside count to a new scope of ``kind``; None: reads inside are not counted."""
        outer = getattr(self._here, "scope", None)
        name = None if kind is None else f"{kind} {len(self.scopes)}"
        if name is not None:
            self.scopes.append(name)
        self._here.scope = name
        try:
            yield
        finally:
            self._here.scope = outer

    def counted(self, read: Callable[..., Any]) -> Callable[..., Any]:
        def counting(*args: Any, **kwargs: Any) -> Any:
            scope = getattr(self._here, "scope", None)
            if scope is not None:
                self.counts[scope] += 1
            return read(*args, **kwargs)

        return counting

    def within(self, kind: str, method: Callable[..., Any]) -> Callable[..., Any]:
        def scoped(*args: Any, **kwargs: Any) -> Any:
            with self.scope(kind):
                return method(*args, **kwargs)

        return scoped

    def most(self, kind: str) -> tuple[int, int]:
        """How many scopes of ``kind`` there were, and the most reads any of them made."""
        mine = [name for name in self.scopes if name.startswith(kind + " ")]
        return len(mine), max((self.counts[name] for name in mine), default=0)


def traced(bot: Bot) -> LogReads:
    """Count ``bot``'s reads of game logs: in each typed move's answer after the service handled
    it, and in each Telegram notification."""
    reads = LogReads()
    store = bot.wiring.store
    store.load = reads.counted(store.load)  # type: ignore[method-assign]
    store.load_many = reads.counted(store.load_many)  # type: ignore[method-assign]
    moves = bot.app.processor.moves
    moves.typed = reads.within("answer", moves.typed)  # type: ignore[method-assign]
    service = bot.service
    handle = service.handle

    def handled(*args: Any, **kwargs: Any) -> Any:  # deciding and appending: not counted
        with reads.scope(None):
            return handle(*args, **kwargs)

    service.handle = handled  # type: ignore[method-assign]
    sender = bot.channels.senders["telegram"]
    sender.send = reads.within("notification", sender.send)  # type: ignore[method-assign]
    return reads


def test_a_typed_move_reads_the_log_once_in_its_answer_and_once_per_notification(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    game_id: GameId = start_game(bot, ana, ben)
    reads = traced(bot)

    play(bot, [ana, ben], game_id, seed=3, typed=1.0)

    answers, most_in_an_answer = reads.most("answer")
    notifications, most_in_a_notification = reads.most("notification")
    assert answers > 20 and notifications > 20, "a whole deal was typed and told"
    assert most_in_an_answer <= 1, reads.counts
    assert most_in_a_notification <= 1, reads.counts
