"""A request not stored before it is handled (one over HTTP, a terminal line) is stored with its
reply in one write: by the append of the events it caused, or by ``complete`` (issue 32: the one
intake costs one insert, not an insert before and an update after).  On every backend."""

from __future__ import annotations

import pytest

from service.game.events import GameId
from service.ports.protocols import ConcurrencyError, Inbox, InboxEntry, InboxReply
from tests.storage.conftest import Backend
from tests.storage.test_event_store_contract import ANA, T0, opened, summary


def test_the_append_stores_a_request_not_stored_before_with_its_reply(backend: Backend) -> None:
    reply = InboxReply("api", "p1:fresh:1", '{"ok": true}', payload="pass")

    backend.store.append(GameId("g1"), 0, [opened("g1")], T0, summary("g1", 1), (), reply)

    stored = backend.inbox.entry("api", "p1:fresh:1")
    assert stored == InboxEntry("api", "p1:fresh:1", "pass", T0, '{"ok": true}')
    assert backend.inbox.pending() == []


def test_a_request_stored_already_is_not_stored_again_and_moves_nothing(backend: Backend) -> None:
    backend.inbox.receive("web-page", "k1", "pass", T0)  # a duplicate stored it first
    reply = InboxReply("web-page", "k1", '{"ok": true}', payload="pass")

    with pytest.raises(ConcurrencyError):
        backend.store.append(GameId("g1"), 0, [opened("g1")], T0, summary("g1", 1), (), reply)

    assert backend.store.load(GameId("g1")) == []
    assert backend.store.summaries(ANA) == []
    assert backend.inbox.entry("web-page", "k1") == InboxEntry("web-page", "k1", "pass", T0, None)


def test_complete_stores_a_request_never_received_with_its_reply(inbox: Inbox) -> None:
    assert inbox.entry("terminal", "g1:1") is None

    assert inbox.complete("terminal", "g1:1", '{"ok": false}', "tkae", T0) == '{"ok": false}'
    again = inbox.complete("terminal", "g1:1", '{"ok": true}', "tkae", T0)

    assert again == '{"ok": false}', "the first reply stands"
    assert inbox.entry("terminal", "g1:1") == InboxEntry(
        "terminal", "g1:1", "tkae", T0, '{"ok": false}'
    )
