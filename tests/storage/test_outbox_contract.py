"""The outbox as dispatchers use it, on every backend: ``claim`` hands out the pending
notifications that are due, oldest first, each to one dispatcher for the lease; ``delivered``,
``retry`` (a later attempt, one more counted, the error kept) and ``failed`` record the outcome."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from sqlalchemy import insert

from adapters.sql import tables
from adapters.sql.outbox import outbox_row
from service.game.events import GameId, PlayerId
from service.ports.memory import OutboxItem
from service.ports.protocols import Delivery, Notification
from tests.storage.conftest import Backend
from tests.storage.test_claims_contract import HOUR, LEASE, move, remind, reminder, start
from tests.storage.test_event_store_contract import ANA, BEN, T0

TICK = timedelta(microseconds=1)


def news(player: PlayerId, seq: int, game_id: str = "g1") -> Notification:
    return Notification(player, GameId(game_id), seq, seq)


def notify(backend: Backend, *notes: Notification, at: datetime = T0) -> None:
    """One more event in game ``g1`` (started first if need be) at ``at``, telling ``notes``."""
    version = len(backend.store.load(GameId("g1")))
    if version == 0:
        start(backend.store, "g1")
        version = 2
    move(backend.store, "g1", version, notifications=notes, at=at)


def claimed(deliveries: list[Delivery]) -> list[tuple[Notification, int]]:
    return [(delivery.notification, delivery.attempts) for delivery in deliveries]


def item(backend: Backend, note: Notification) -> OutboxItem:
    (found,) = [one for one in backend.outbox_items() if one.notification == note]
    return found


def test_a_claim_hands_out_due_notifications_oldest_first_up_to_the_limit(
    backend: Backend,
) -> None:
    first, second, third = news(ANA, 3), news(BEN, 3), news(ANA, 4)
    notify(backend, first, second)
    notify(backend, third)
    outbox = backend.outbox

    batch = outbox.claim(T0, 2, LEASE)

    assert claimed(batch) == [(first, 0), (second, 0)]
    assert item(backend, first).claimed_until == T0 + LEASE
    assert outbox.claim(T0, 2, LEASE) == []  # Ana's next waits while her first is held
    outbox.delivered(batch[0].id, T0)
    assert claimed(outbox.claim(T0, 2, LEASE)) == [(third, 0)]
    assert outbox.claim(T0, 2, LEASE) == []


def test_a_notification_is_not_handed_out_before_its_time(backend: Backend) -> None:
    later = news(ANA, 3)
    notify(backend, later, at=T0 + HOUR)

    east = timezone(timedelta(hours=5))  # the same instants, written in another zone
    assert backend.outbox.claim((T0 + HOUR - TICK).astimezone(east), 10, LEASE) == []
    assert claimed(backend.outbox.claim((T0 + HOUR).astimezone(east), 10, LEASE)) == [(later, 0)]


def test_a_claimed_notification_comes_round_again_once_the_lease_lapses(backend: Backend) -> None:
    """A dispatcher that died while sending: its claim lapses and another sends the notification."""
    notify(backend, news(ANA, 3))
    outbox = backend.outbox
    (first,) = outbox.claim(T0, 10, LEASE)

    assert outbox.claim(T0 + LEASE - TICK, 10, LEASE) == []
    assert outbox.claim(T0 + LEASE, 10, LEASE) == [first]


def test_a_claim_hands_back_what_it_did_not_send(backend: Backend) -> None:
    """A dispatcher whose sending was cut short: the rest is claimable at once, not after the
    lease."""
    first, second = news(ANA, 3), news(BEN, 3)
    notify(backend, first, second)
    outbox = backend.outbox
    sent, unsent = outbox.claim(T0, 10, LEASE)
    outbox.delivered(sent.id, T0)

    outbox.release([sent.id, unsent.id], T0 + LEASE)

    assert claimed(outbox.claim(T0 + TICK, 10, LEASE)) == [(second, 0)]
    assert item(backend, first).status == "delivered"  # handed back or not, sent is sent


def test_a_late_hand_back_leaves_alone_what_another_claim_holds(backend: Backend) -> None:
    notify(backend, news(ANA, 3))
    outbox = backend.outbox
    (lapsed,) = outbox.claim(T0, 10, LEASE)
    (again,) = outbox.claim(T0 + LEASE, 10, LEASE)  # the first claim lapsed: claimed again

    outbox.release([lapsed.id], T0 + LEASE)  # the first dispatcher hands it back, too late

    assert again.id == lapsed.id
    assert outbox.claim(T0 + LEASE, 10, LEASE) == []  # the second claim still holds it


def test_a_delivered_notification_is_never_handed_out_again(backend: Backend) -> None:
    note = news(ANA, 3)
    notify(backend, note)
    (delivery,) = backend.outbox.claim(T0, 10, LEASE)

    backend.outbox.delivered(delivery.id, T0 + TICK)

    sent = item(backend, note)
    assert (sent.status, sent.attempts, sent.claimed_until, sent.error) == (
        "delivered",
        0,
        None,
        None,
    )


def test_a_delivery_records_when_and_by_which_channel_it_was_handed_over(
    backend: Backend,
) -> None:
    """What the soak and the notification bench read: the append's time to the hand-over's."""
    note, other = news(ANA, 3), news(BEN, 3)
    notify(backend, note, other)
    first, second = backend.outbox.claim(T0, 10, LEASE)

    backend.outbox.delivered(first.id, T0 + HOUR, "telegram")
    backend.outbox.delivered(second.id, T0 + TICK)

    assert (item(backend, note).delivered_at, item(backend, note).channel) == (
        T0 + HOUR,
        "telegram",
    )
    assert (item(backend, other).delivered_at, item(backend, other).channel) == (T0 + TICK, None)
    assert backend.outbox.claim(T0 + HOUR, 10, LEASE) == []


def test_a_retry_waits_for_its_time_and_counts_the_attempt(backend: Backend) -> None:
    note = news(BEN, 3)
    notify(backend, note)
    outbox = backend.outbox
    (delivery,) = outbox.claim(T0, 10, LEASE)
    again = T0 + timedelta(seconds=10)  # within the claim's lease: the retry gives the claim up

    outbox.retry(delivery.id, again, "try later: network down")

    waiting = item(backend, note)
    assert (waiting.status, waiting.attempts, waiting.error) == (
        "pending",
        1,
        "try later: network down",
    )
    assert (waiting.next_attempt_at, waiting.claimed_until) == (again, None)
    assert outbox.claim(again - TICK, 10, LEASE) == []
    (retried,) = outbox.claim(again, 10, LEASE)
    assert (retried.id, retried.notification, retried.attempts) == (delivery.id, note, 1)

    outbox.retry(retried.id, again + HOUR, "try later: rate limited")

    assert (item(backend, note).attempts, item(backend, note).error) == (
        2,
        "try later: rate limited",
    )
    assert claimed(outbox.claim(again + HOUR, 10, LEASE)) == [(note, 2)]


def test_a_retried_notification_keeps_its_place_in_the_queue(backend: Backend) -> None:
    first, second = news(ANA, 3), news(BEN, 4)
    notify(backend, first)
    (delivery,) = backend.outbox.claim(T0, 10, LEASE)
    backend.outbox.retry(delivery.id, T0 + timedelta(seconds=10), "try later: network down")
    notify(backend, second, at=T0 + timedelta(seconds=5))

    batch = backend.outbox.claim(T0 + timedelta(seconds=10), 10, LEASE)

    assert claimed(batch) == [(first, 1), (second, 0)]


def test_a_retry_does_not_hold_back_the_players_later_notifications(backend: Backend) -> None:
    """A channel that asked to wait gets the next one later too; one notification that keeps
    failing must not stall every later one (docs/decisions/worker-several-workers-share-…)."""
    first, later = news(ANA, 3), news(ANA, 4)
    notify(backend, first)
    (delivery,) = backend.outbox.claim(T0, 10, LEASE)
    again = T0 + timedelta(seconds=10)
    backend.outbox.retry(delivery.id, again, "try later: network down")
    notify(backend, later, at=T0 + timedelta(seconds=5))

    assert claimed(backend.outbox.claim(again - TICK, 10, LEASE)) == [(later, 0)]


def test_a_notification_queued_first_but_timed_later_goes_out_first(backend: Backend) -> None:
    """A sweep's timeout is timed at its deadline, which a claim's clock may not have reached
    when a move's news queued after it is due: the news waits behind the timeout's."""
    timed_out, news_after = news(ANA, 3), news(ANA, 4)
    notify(backend, timed_out, at=T0 + timedelta(seconds=3))
    notify(backend, news_after, at=T0 + timedelta(seconds=1))

    assert backend.outbox.claim(T0 + timedelta(seconds=2), 10, LEASE) == []
    batch = backend.outbox.claim(T0 + timedelta(seconds=3), 10, LEASE)
    assert claimed(batch) == [(timed_out, 0), (news_after, 0)]


def test_a_failed_notification_is_given_up(backend: Backend) -> None:
    note = news(ANA, 3)
    notify(backend, note)
    (delivery,) = backend.outbox.claim(T0, 10, LEASE)

    backend.outbox.failed(delivery.id, "undeliverable: blocked by the user")

    given_up = item(backend, note)
    assert (given_up.status, given_up.attempts, given_up.claimed_until, given_up.error) == (
        "failed",
        1,
        None,
        "undeliverable: blocked by the user",
    )
    assert backend.outbox.claim(T0 + 100 * HOUR, 10, LEASE) == []


def test_a_waiting_reminder_is_handed_out_and_a_superseded_one_is_not(backend: Backend) -> None:
    store = backend.store
    start(store, "g1", T0 + HOUR, T0)
    start(store, "g2", T0 + HOUR, T0)
    remind(store, "g1")
    remind(store, "g2")
    told = news(BEN, 3)
    move(store, "g1", 2, notifications=[told])  # answers g1's reminder

    assert claimed(backend.outbox.claim(T0, 10, LEASE)) == [(reminder(2, "g2"), 0), (told, 0)]


def test_a_reminder_about_a_decision_already_made_is_not_handed_out(
    sql_backend: Backend,
) -> None:
    """On PostgreSQL an append can miss a reminder queued after its snapshot was taken; such a
    reminder (its version is no longer the game's) must still never be sent."""
    store = sql_backend.store
    start(store, "g1", T0 + HOUR, T0)
    start(store, "g2", T0 + HOUR, T0)
    move(store, "g1", 2)
    remind(store, "g2")
    assert sql_backend.engine is not None
    with sql_backend.engine.begin() as connection:  # as if queued just before that move
        connection.execute(insert(tables.outbox), outbox_row(reminder(2), T0))

    outbox = sql_backend.outbox
    (current,) = outbox.claim(T0 + HOUR, 10, LEASE)
    assert current.notification == reminder(2, "g2")
    outbox.delivered(current.id, T0 + HOUR)
    assert outbox.claim(T0 + 2 * HOUR, 10, LEASE) == []
