"""``Remembering``: reads a store remembers for one piece of work in one thread.

Delivering one notification reads its player's addresses (the dispatcher, then the page's
sender) and both players' profiles (their names in the news, twice in a board, the reader's
mutes): about five reads of the same two or three rows, each a statement (measured, issue 35).
Inside ``remembering()`` each is read once; outside it every read goes to the store.  The block
is one thread's own, so work done at the same moment on other threads shares nothing, and any
write through the same store forgets what was remembered.  A block is short (one delivery): a
change another process makes meanwhile is seen by the next one, as it would be a moment later.

A block may also be handed what it will need before it is asked (``keep``): the dispatcher
reads every player's addresses and profile of a claimed batch in two statements, not two per
delivery, and holds them for the batch's sending (issue 35: a batch is sent within its lease).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import TypeVar

T = TypeVar("T")


class Remembering:
    def __init__(self) -> None:
        self._local = threading.local()

    @contextmanager
    def remembering(self, first: Callable[[], object] | None = None) -> Iterator[None]:
        """Remember what this thread reads until the block ends (nested: the outermost's);
        ``first`` runs as a new block opens (what it ``keep``s is remembered)."""
        if getattr(self._local, "found", None) is not None:
            yield
            return
        self._local.found = {}
        try:
            if first is not None:
                first()
            yield
        finally:
            self._local.found = None

    def recall(self, key: Hashable, read: Callable[[], T]) -> T:
        """What ``read`` gives, read once per block for ``key`` (every time outside one)."""
        found: dict[Hashable, object] | None = getattr(self._local, "found", None)
        if found is None:
            return read()
        if key not in found:
            found[key] = read()
        return found[key]  # type: ignore[return-value]

    def keep(self, key: Hashable, value: object) -> None:
        """Remember ``value`` for ``key`` in this thread's block, as if read (nothing outside)."""
        found: dict[Hashable, object] | None = getattr(self._local, "found", None)
        if found is not None:
            found[key] = value

    def forget(self) -> None:
        """A write: what this thread remembered may be out of date."""
        found = getattr(self._local, "found", None)
        if found is not None:
            found.clear()
