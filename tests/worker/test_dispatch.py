"""The dispatcher's lifecycle of a notification: delivered, tried again later, or given up.

Given notifications in the in-memory outbox and a recording sender, when the dispatcher drains,
then the outbox holds each one's status, attempts and next attempt time, and the sender what it
delivered.
"""

from __future__ import annotations

import logging
import threading
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from typing import Any

import pytest

from service.delivery.dispatch import (
    Backoff,
    Dispatcher,
    Drained,
    LogSender,
    Telling,
    TryLater,
    Undeliverable,
)
from service.game.events import GameId, PlayerId
from service.ports.directory import Address
from service.ports.memory import InMemoryEventStore, InMemoryOutbox, OutboxItem
from service.ports.memory_directory import InMemoryDirectory, ManualClock
from service.ports.protocols import Notification
from tests.fakes import FixedChance, RecordingSender

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
GAME = GameId("g1")


class Post:
    """An outbox, a directory with Ana (log and telegram addresses) and Ben (log), a clock."""

    def __init__(self, sender: RecordingSender | None = None, **options: object) -> None:
        self.clock = ManualClock(T0)
        self.store = InMemoryEventStore()
        self.directory = InMemoryDirectory()
        self.ana = self.directory.register("Ana", Address("telegram", "111"))
        self.directory.link(self.ana, Address("log", "ana"))
        self.ben = self.directory.register("Ben", Address("log", "ben"))
        self.sender = sender or RecordingSender()
        self.to_act: dict[GameId, PlayerId] = {}
        self.dispatcher = Dispatcher(
            InMemoryOutbox(self.store),
            self.directory,
            {"log": self.sender},
            self.clock,
            to_act=self.to_act.get,
            **options,  # type: ignore[arg-type]
        )

    def notify(self, player: PlayerId, game: GameId = GAME, kind: str = "moves") -> Notification:
        note = Notification(player, game, 2, 3, kind)
        self.store.outbox.append(OutboxItem(note, next_attempt_at=self.clock.now()))
        return note

    def drain(self, after: float = 0) -> Drained:
        self.clock.advance(seconds=after)
        return self.dispatcher.drain(100)

    def item(self, number: int = 0) -> OutboxItem:
        return self.store.outbox[number]


def test_a_notification_goes_to_the_first_address_with_a_sender() -> None:
    post = Post()
    note = post.notify(post.ana)
    assert post.drain() == Drained(delivered=1)
    assert post.sender.delivered == [(post.ana, Address("log", "ana"), note)]
    assert (post.item().status, post.item().attempts) == ("delivered", 0)
    assert post.drain() == Drained()  # delivered once


def test_try_later_backs_off_and_then_delivers() -> None:
    post = Post(RecordingSender(TryLater("network down")))
    post.notify(post.ben)
    assert post.drain() == Drained(retried=1)
    item = post.item()
    assert (item.status, item.attempts, item.error) == ("pending", 1, "try later: network down")
    assert item.next_attempt_at == T0 + timedelta(seconds=10)
    assert post.drain(after=9) == Drained()
    assert post.drain(after=1) == Drained(delivered=1)
    assert post.item().status == "delivered"


def test_failures_back_off_along_the_schedule_up_to_its_cap() -> None:
    failures = [TryLater("busy") for _ in range(7)]
    post = Post(RecordingSender(*failures))
    post.notify(post.ben)
    waits = []
    for _ in range(7):
        before = post.clock.now()
        assert post.drain() == Drained(retried=1)
        next_at = post.item().next_attempt_at
        assert next_at is not None
        waits.append((next_at - before).total_seconds())
        post.clock.current = next_at
    assert waits == [10, 30, 120, 600, 3600, 3600, 3600]


def test_the_channels_retry_after_is_honoured() -> None:
    post = Post(RecordingSender(TryLater("flood control", retry_after=3)))
    post.notify(post.ben)
    post.drain()
    assert post.item().next_attempt_at == T0 + timedelta(seconds=3)


def test_jitter_spreads_the_delay_by_the_injected_chance() -> None:
    backoff = Backoff(jitter=0.2)
    low, high = FixedChance(randoms=[0.0]), FixedChance(randoms=[0.75])
    assert backoff.delay(1, chance=low) == timedelta(seconds=8)
    assert backoff.delay(2, chance=high) == timedelta(seconds=33)
    assert backoff.delay(9) == timedelta(hours=1)


def test_after_the_last_attempt_the_notification_is_given_up() -> None:
    post = Post(
        RecordingSender(*(TryLater("busy") for _ in range(3))), backoff=Backoff(max_attempts=3)
    )
    post.notify(post.ben)
    assert post.drain() == Drained(retried=1)
    assert post.drain(after=10) == Drained(retried=1)
    assert post.drain(after=30) == Drained(failed=1)
    item = post.item()
    assert (item.status, item.attempts) == ("failed", 3)
    assert item.error == "gave up after 3 attempts; last: try later: busy"
    assert post.drain(after=3600) == Drained()


def test_an_undeliverable_notification_fails_at_once() -> None:
    post = Post(RecordingSender(Undeliverable("bot blocked by the user")))
    post.notify(post.ben)
    assert post.drain() == Drained(failed=1)
    assert (post.item().status, post.item().error) == (
        "failed",
        "undeliverable: bot blocked by the user",
    )
    assert post.sender.delivered == []


def test_an_undeliverable_address_passes_the_notification_to_the_next() -> None:
    post = Post()
    post.dispatcher.senders["telegram"] = blocked = RecordingSender(Undeliverable("bot blocked"))
    note = post.notify(post.ana)  # telegram first, then log
    assert post.drain() == Drained(delivered=1)
    assert blocked.delivered == []
    assert post.sender.delivered == [(post.ana, Address("log", "ana"), note)]
    assert (post.item().status, post.item().attempts) == ("delivered", 0)
    assert (post.item().delivered_at, post.item().channel) == (T0, "log")  # the one that took it


def test_try_later_waits_for_its_own_address_instead_of_passing_to_the_next() -> None:
    post = Post()
    post.dispatcher.senders["telegram"] = busy = RecordingSender(TryLater("flood control", 5))
    note = post.notify(post.ana)
    assert post.drain() == Drained(retried=1)
    assert post.sender.delivered == []  # not told by log now and by telegram again later
    assert post.drain(after=5) == Drained(delivered=1)
    assert busy.delivered == [(post.ana, Address("telegram", "111"), note)]
    assert post.sender.delivered == []


def test_when_every_address_is_undeliverable_it_fails_with_each_reason() -> None:
    post = Post(RecordingSender(Undeliverable("no such log")))
    post.dispatcher.senders["telegram"] = RecordingSender(Undeliverable("bot blocked"))
    post.notify(post.ana)
    assert post.drain() == Drained(failed=1)
    assert post.item().error == "undeliverable: bot blocked; no such log"


def test_a_player_without_a_reachable_address_fails() -> None:
    post = Post()
    post.to_act[GAME] = PlayerId("nobody")
    carol = post.directory.register("Carol", Address("email", "carol@example.org"))
    post.notify(carol)  # an address, but no sender for its channel
    post.notify(PlayerId("terminal:1"))  # not in the directory at all
    assert post.drain() == Drained(failed=2)
    assert {item.error for item in post.store.outbox} == {"no address with a channel that can send"}


def test_an_exception_in_a_sender_is_recorded_as_a_retry(
    caplog: pytest.LogCaptureFixture,
) -> None:
    post = Post(RecordingSender(RuntimeError("boom")))
    post.notify(post.ben)
    with caplog.at_level(logging.ERROR, logger="service.delivery.dispatch"):
        assert post.drain() == Drained(retried=1)
    item = post.item()
    assert (item.status, item.attempts, item.error) == ("pending", 1, "RuntimeError: boom")
    assert "boom" in caplog.text
    assert post.drain(after=10) == Drained(delivered=1)


def test_turn_notifications_go_before_the_others() -> None:
    post = Post()
    other = GameId("g2")
    post.to_act.update({GAME: post.ana, other: post.ben})
    first = post.notify(post.ben)  # Ben is told of Ana's turn: not his
    reminder = post.notify(post.ana, kind="reminder")
    turn = post.notify(post.ben, other)  # Ben's turn in g2
    post.drain()
    # Ben's turn brings Ben's notifications first, in their order: his chat reads them in order
    assert [note for _, _, note in post.sender.delivered] == [first, turn, reminder]


class SlowSender(RecordingSender):
    """Each send takes ten seconds of the manual clock."""

    def __init__(self, clock: ManualClock) -> None:
        super().__init__()
        self.clock = clock

    def send(self, address: Address, telling: Telling) -> None:
        self.clock.advance(seconds=10)
        super().send(address, telling)


def test_sending_stops_before_the_claim_runs_out() -> None:
    post = Post(lease=timedelta(seconds=30))
    post.dispatcher.senders["log"] = sender = SlowSender(post.clock)
    for _ in range(5):
        post.notify(post.ben)
    # Sends start at 0, 10 and 20 s; at 30 s the lease (less its margin) is used up.
    assert post.drain() == Drained(delivered=3, left=2)
    assert [item.status for item in post.store.outbox] == ["delivered"] * 3 + ["pending"] * 2
    assert post.drain() == Drained(delivered=2)  # the claim has expired: claimed again
    assert len(sender.delivered) == 5


class FlakyOutbox(InMemoryOutbox):
    """An outbox whose database goes away while ``down``: nothing can be recorded."""

    down = False

    def delivered(self, delivery_id: int, at: datetime, channel: str = "") -> None:
        if self.down:
            raise ConnectionError("the database went away")
        super().delivered(delivery_id, at, channel)

    def retry(self, delivery_id: int, at: datetime, error: str) -> None:
        if self.down:
            raise ConnectionError("the database went away")
        super().retry(delivery_id, at, error)


def test_what_a_failure_left_claimed_goes_out_once_the_database_answers_again() -> None:
    post = Post()
    post.dispatcher.outbox = outbox = FlakyOutbox(post.store)
    notes = [post.notify(post.ben, GameId(f"g{n}")) for n in range(3)]
    outbox.down = True
    with pytest.raises(ConnectionError):
        post.drain()  # the first was handed to its channel, then nothing could be recorded
    outbox.down = False

    assert post.drain(after=1) == Drained(delivered=3)  # a second later, not the lease's 30
    told = [note for _, _, note in post.sender.delivered]
    assert told == [notes[0], *notes]  # the first again: its delivery was never recorded


class Meeting(RecordingSender):
    """Each player's first send waits until the other player's first send has begun: sent one
    after the other, the first would wait in vain (a ``BrokenBarrierError``, a retry)."""

    def __init__(self) -> None:
        super().__init__()
        self.both = threading.Barrier(2, timeout=5)
        self.met: set[PlayerId] = set()

    def send(self, address: Address, telling: Telling) -> None:
        if telling.player not in self.met:
            self.met.add(telling.player)
            self.both.wait()
        super().send(address, telling)


def test_lanes_send_two_players_at_once_each_players_in_order() -> None:
    post = Post(lanes=4)
    post.dispatcher.senders["log"] = sender = Meeting()
    anas = [post.notify(post.ana, GameId(f"a{n}")) for n in range(3)]
    bens = [post.notify(post.ben, GameId(f"b{n}")) for n in range(3)]

    assert post.drain() == Drained(delivered=6)
    told = [(player, note) for player, _, note in sender.delivered]
    assert [note for player, note in told if player == post.ana] == anas
    assert [note for player, note in told if player == post.ben] == bens


class Overtaken(RecordingSender):
    """Ana's first send waits until Ben has been told of something queued while it waited: a
    lane that waited for the slowest before claiming again would keep Ana waiting in vain (a
    timeout, a retry)."""

    def __init__(self, post: Post) -> None:
        super().__init__()
        self.post = post
        self.later: Notification | None = None
        self.ben_told_later = threading.Event()

    def send(self, address: Address, telling: Telling) -> None:
        if telling.player == self.post.ana and not self.ben_told_later.wait(timeout=5):
            raise TimeoutError("Ben's later news never went out")
        super().send(address, telling)
        if telling.player == self.post.ben:
            if self.later is None:
                self.later = self.post.notify(self.post.ben, GameId("b1"))
            else:
                self.ben_told_later.set()


def test_a_lane_done_with_its_share_sends_what_came_in_while_another_is_slow() -> None:
    post = Post(lanes=2)
    post.dispatcher.senders["log"] = sender = Overtaken(post)
    ana = post.notify(post.ana, GameId("a0"))
    ben = post.notify(post.ben, GameId("b0"))

    assert post.drain() == Drained(delivered=3)
    told = [note for _, _, note in sender.delivered]
    assert told == [ben, sender.later, ana]


def test_the_log_sender_writes_a_line_per_notification(caplog: pytest.LogCaptureFixture) -> None:
    note = Notification(PlayerId("p1"), GAME, 4, 6)
    with caplog.at_level(logging.INFO, logger="conquian.notifications"):
        LogSender().send(Address("log", "ops"), Telling(note))
    assert caplog.messages == ["moves for p1 at log:ops: game g1, events 4-6"]


class NoticeReader:
    """A sender that lays out the notice it is handed (asked for with ``since``), then raises
    ``failure`` if any."""

    def __init__(self, since: int | None = None, failure: Exception | None = None) -> None:
        self.since = since
        self.failure = failure
        self.notices: list[object] = []

    def send(self, address: Address, telling: Telling) -> None:
        self.notices.append(telling.notice(self.since))
        if self.failure is not None:
            raise self.failure


def test_every_address_tried_is_handed_the_one_notice_made_when_first_asked() -> None:
    made: list[tuple[Notification, int | None]] = []

    def notices(note: Notification, since: int | None) -> Any:
        made.append((note, since))
        return SimpleNamespace(covers=lambda first: first >= (since or note.from_seq))

    post = Post(notices=notices)
    post.dispatcher.senders["telegram"] = blocked = NoticeReader(1, Undeliverable("bot blocked"))
    post.dispatcher.senders["log"] = mail = NoticeReader(2)
    note = post.notify(post.ana)  # telegram first, then log

    assert post.drain() == Drained(delivered=1)
    assert made == [(note, 1)], "one read, as far back as the first sender asked"
    assert mail.notices == blocked.notices and len(mail.notices) == 1


def test_a_sender_that_asks_for_no_notice_costs_no_read() -> None:
    made: list[Notification] = []
    post = Post(notices=lambda note, since: made.append(note))
    post.notify(post.ben)
    assert post.drain() == Drained(delivered=1)
    assert made == [] and len(post.sender.delivered) == 1
