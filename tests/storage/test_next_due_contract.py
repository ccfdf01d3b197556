"""``EventStore.next_due`` on every backend: the earliest deadline of a playing game that no live
claim holds, passed or not — what a worker sets its next sweep for."""

from __future__ import annotations

from datetime import timedelta, timezone

from service.ports.protocols import EventStore
from tests.storage.test_claims_contract import HOUR, LEASE, move, start
from tests.storage.test_event_store_contract import T0, open_game


def test_no_playing_game_with_a_deadline_means_none(store: EventStore) -> None:
    assert store.next_due(T0) is None
    open_game(store, "open")
    start(store, "finished", T0 + HOUR, status="over")
    start(store, "waits for nobody", None)
    assert store.next_due(T0) is None


def test_the_earliest_deadline_of_a_playing_game_passed_or_not(store: EventStore) -> None:
    start(store, "later", T0 + 2 * HOUR)
    start(store, "sooner", T0 + HOUR)
    start(store, "finished", T0, status="over")
    assert store.next_due(T0) == T0 + HOUR
    elsewhere = (T0 + 5 * HOUR).astimezone(timezone(timedelta(hours=-3)))
    assert store.next_due(elsewhere) == T0 + HOUR  # overdue and unclaimed: sweep now
    move(store, "sooner", 2, T0 + 3 * HOUR)
    assert store.next_due(T0) == T0 + 2 * HOUR


def test_a_claimed_deadline_counts_again_once_its_claim_lapses(store: EventStore) -> None:
    start(store, "claimed", T0 + HOUR)
    start(store, "free", T0 + 2 * HOUR)
    now = T0 + HOUR
    assert [due.game_id for due in store.claim_due(now, 10, LEASE)] == ["claimed"]
    assert store.next_due(now) == T0 + 2 * HOUR
    assert store.next_due(now + LEASE - timedelta(microseconds=1)) == T0 + 2 * HOUR
    assert store.next_due(now + LEASE) == T0 + HOUR
