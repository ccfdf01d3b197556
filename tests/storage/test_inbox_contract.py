"""The inbox contract, run against the in-memory inbox, SQLite and PostgreSQL alike."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

import pytest

from service.ports.protocols import Inbox, InboxEntry

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def test_a_new_message_is_stored_unanswered(inbox: Inbox) -> None:
    entry = inbox.receive("telegram", "update-1", "take 5c 5d discard ks", T0)

    assert entry == InboxEntry("telegram", "update-1", "take 5c 5d discard ks", T0, None)
    assert inbox.pending() == [entry]


def test_a_message_delivered_again_is_the_one_first_stored(inbox: Inbox) -> None:
    first = inbox.receive("email", "<m1@example.org>", "pass", T0)

    again = inbox.receive("email", "<m1@example.org>", "pass (resent)", T0 + timedelta(hours=1))

    assert again == first
    assert inbox.pending() == [first]


def test_the_same_key_from_another_source_is_another_message(inbox: Inbox) -> None:
    telegram = inbox.receive("telegram", "42", "pass", T0)
    email = inbox.receive("email", "42", "hand", T0)

    assert telegram.payload == "pass" and email.payload == "hand"
    assert len(inbox.pending()) == 2


def test_a_completed_message_answers_every_later_delivery(inbox: Inbox) -> None:
    inbox.receive("web", "k1", "hand", T0)

    stored = inbox.complete("web", "k1", '{"ok": true}')

    assert stored == '{"ok": true}'
    assert inbox.receive("web", "k1", "hand", T0).reply == '{"ok": true}'
    assert inbox.pending() == []


def test_the_first_reply_stands(inbox: Inbox) -> None:
    inbox.receive("web", "k1", "pass", T0)
    inbox.complete("web", "k1", '{"first": 1}')

    stored = inbox.complete("web", "k1", '{"second": 2}')

    assert stored == '{"first": 1}'
    assert inbox.receive("web", "k1", "pass", T0).reply == '{"first": 1}'


def test_completing_a_message_never_received_is_an_error(inbox: Inbox) -> None:
    with pytest.raises(KeyError):
        inbox.complete("web", "never", "{}")


def test_pending_lists_unanswered_messages_oldest_first_up_to_a_limit(inbox: Inbox) -> None:
    for minutes, key in ((3, "c"), (1, "a"), (2, "b"), (4, "d")):
        inbox.receive("telegram", key, key, T0 + timedelta(minutes=minutes))
    inbox.complete("telegram", "b", "{}")

    assert [e.key for e in inbox.pending()] == ["a", "c", "d"]
    assert [e.key for e in inbox.pending(limit=2)] == ["a", "c"]


def test_racing_deliveries_of_one_message_store_it_once(inbox: Inbox) -> None:
    barrier = threading.Barrier(8)
    seen: list[InboxEntry] = []

    def deliver(number: int) -> None:
        barrier.wait()
        seen.append(inbox.receive("telegram", "u7", f"copy {number}", T0))

    threads = [threading.Thread(target=deliver, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert len(seen) == 8 and len(set(seen)) == 1
    assert inbox.pending() == [seen[0]]
