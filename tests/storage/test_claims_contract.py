"""Deadlines and reminders in the game summaries, and the worker's claims on them, on every
backend: an append stores the current decision's deadline and next reminder time;
``claim_due`` / ``claim_reminders`` hand out the playing games whose time has come, oldest first,
each to one claimer for the lease; ``reminded`` queues a reminder only at the claimed version; and
the next append supersedes the reminders still waiting."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

import pytest

from service.game.codec import LogEvent
from service.game.events import GameId, PlayerJoined, RematchOffered
from service.ports.protocols import Due, EventStore, GameSummary, Notification
from service.rules.seats import Seat
from tests.storage.conftest import Backend
from tests.storage.test_event_store_contract import ANA, BEN, T0, open_game

LEASE = timedelta(seconds=30)
HOUR = timedelta(hours=1)
BEGAN = T0 - HOUR
"""When Ana's decision began: its reminders fall after it."""


def line(
    game_id: str,
    version: int,
    due_at: datetime | None = None,
    next_reminder_at: datetime | None = None,
    status: str = "playing",
) -> GameSummary:
    """The summary of a game between Ana and Ben in which Ana is to act (since ``BEGAN``)."""
    return GameSummary(
        GameId(game_id), (ANA, BEN), status, ANA, BEGAN, version, None, due_at, next_reminder_at
    )


def start(
    store: EventStore,
    game_id: str,
    due_at: datetime | None = None,
    next_reminder_at: datetime | None = None,
    status: str = "playing",
    notifications: Sequence[Notification] = (),
) -> None:
    """Open the game and let Ben join: version 2, Ana to act by ``due_at``."""
    open_game(store, game_id)
    joined: list[LogEvent] = [PlayerJoined(BEN, Seat.SECOND)]
    summary = line(game_id, 2, due_at, next_reminder_at, status)
    store.append(GameId(game_id), 1, joined, T0, summary, notifications)


def move(
    store: EventStore,
    game_id: str,
    version: int,
    due_at: datetime | None = None,
    next_reminder_at: datetime | None = None,
    notifications: Sequence[Notification] = (),
    status: str = "playing",
    at: datetime = T0,
) -> None:
    """One more event at ``at``: the game goes from ``version`` to ``version + 1`` with these
    times."""
    offer: list[LogEvent] = [RematchOffered(ANA)]
    summary = line(game_id, version + 1, due_at, next_reminder_at, status)
    store.append(GameId(game_id), version, offer, at, summary, notifications)


@dataclass(frozen=True)
class Kind:
    """One of the two claims: of deadlines or of reminder times."""

    name: str

    def claim(self, store: EventStore) -> Callable[[datetime, int, timedelta], list[Due]]:
        return store.claim_due if self.name == "deadline" else store.claim_reminders

    def times(self, at: datetime) -> tuple[datetime, datetime]:
        """A deadline and a next reminder time: this kind's at ``at``, the other far off."""
        far = T0 + 100 * HOUR
        return (at, far) if self.name == "deadline" else (far, at)

    def start(self, store: EventStore, game_id: str, at: datetime, status: str = "playing") -> None:
        start(store, game_id, *self.times(at), status=status)


KINDS = (Kind("deadline"), Kind("reminder"))


@pytest.fixture(params=KINDS, ids=[kind.name for kind in KINDS])
def kind(request: pytest.FixtureRequest) -> Kind:
    return request.param


def test_an_append_stores_the_deadline_and_the_next_reminder_time(store: EventStore) -> None:
    offset = timezone(timedelta(hours=-6))
    due, remind = (T0 + HOUR).astimezone(offset), (T0 + HOUR / 2).astimezone(offset)
    start(store, "g1", due, remind)
    open_game(store, "g2", at=T0 - HOUR)

    playing, waiting = store.all_summaries()
    assert playing == line("g1", 2, due, remind)
    assert (waiting.game_id, waiting.due_at, waiting.next_reminder_at) == ("g2", None, None)
    assert store.summaries(ANA) == [playing, waiting]
    assert store.summaries(BEN) == [playing]


def test_each_append_replaces_the_times(store: EventStore) -> None:
    start(store, "g1", T0 + HOUR, T0 + HOUR / 2)

    move(store, "g1", 2, T0 + 2 * HOUR, None)
    assert store.all_summaries() == [line("g1", 3, T0 + 2 * HOUR, None)]
    move(store, "g1", 3, None, None, status="over")
    assert store.all_summaries() == [line("g1", 4, status="over")]


def test_a_claim_hands_out_playing_games_whose_time_has_come_oldest_first(
    store: EventStore, kind: Kind
) -> None:
    kind.start(store, "late", T0 + 2 * HOUR)
    kind.start(store, "early", T0 + HOUR)
    kind.start(store, "now", T0 + 3 * HOUR)
    kind.start(store, "future", T0 + 3 * HOUR + timedelta(microseconds=1))
    kind.start(store, "finished", T0, status="over")
    open_game(store, "open")

    now = (T0 + 3 * HOUR).astimezone(timezone(timedelta(hours=5)))  # the same instant
    claimed = kind.claim(store)(now, 10, LEASE)

    assert claimed == [
        Due(GameId("early"), 2, ANA, T0 + HOUR),
        Due(GameId("late"), 2, ANA, T0 + 2 * HOUR),
        Due(GameId("now"), 2, ANA, T0 + 3 * HOUR),
    ]


def test_games_due_at_the_same_time_are_claimed_in_game_id_order(
    store: EventStore, kind: Kind
) -> None:
    for game in ("g3", "g1", "g2"):
        kind.start(store, game, T0)

    assert [due.game_id for due in kind.claim(store)(T0, 10, LEASE)] == ["g1", "g2", "g3"]


def test_a_claim_takes_at_most_the_limit(store: EventStore, kind: Kind) -> None:
    for minute in range(5):
        kind.start(store, f"g{minute}", T0 + timedelta(minutes=minute))
    claim, now = kind.claim(store), T0 + HOUR

    batches = [[due.game_id for due in claim(now, 2, LEASE)] for _ in range(4)]

    assert batches == [["g0", "g1"], ["g2", "g3"], ["g4"], []]


def test_a_claimed_game_is_not_handed_out_again_until_the_lease_lapses(
    store: EventStore, kind: Kind
) -> None:
    kind.start(store, "g1", T0)
    claim = kind.claim(store)

    assert [due.game_id for due in claim(T0, 10, LEASE)] == ["g1"]
    assert claim(T0 + LEASE - timedelta(microseconds=1), 10, LEASE) == []
    assert [due.game_id for due in claim(T0 + LEASE, 10, LEASE)] == ["g1"]  # a worker died
    assert claim(T0 + LEASE, 10, LEASE) == []


def test_an_append_releases_the_claim_made_at_an_older_version(
    store: EventStore, kind: Kind
) -> None:
    """What makes a late duplicate harmless: the worker acts under the claimed version, and an
    append since then moved the game on.  The new deadline is nobody's yet: it is handed out as
    soon as it falls due, not held up by the older claim's lease."""
    kind.start(store, "g1", T0)
    claim = kind.claim(store)
    (claimed,) = claim(T0, 10, LEASE)
    assert claimed.version == 2

    soon = T0 + timedelta(seconds=10)
    move(store, "g1", 2, *kind.times(soon))

    assert claim(soon, 10, LEASE) == [Due(GameId("g1"), 3, ANA, soon)]
    assert claim(soon, 10, LEASE) == []


def test_a_game_that_no_longer_has_the_time_is_not_claimed(store: EventStore, kind: Kind) -> None:
    kind.start(store, "moved", T0)
    kind.start(store, "finished", T0)
    move(store, "moved", 2)
    move(store, "finished", 2, status="over")

    assert kind.claim(store)(T0 + HOUR, 10, LEASE) == []


def test_deadline_and_reminder_are_claimed_separately(store: EventStore) -> None:
    start(store, "g1", T0, T0)

    assert [due.game_id for due in store.claim_due(T0, 10, LEASE)] == ["g1"]
    assert [due.game_id for due in store.claim_reminders(T0, 10, LEASE)] == ["g1"]
    assert store.claim_due(T0, 10, LEASE) == store.claim_reminders(T0, 10, LEASE) == []


# -- reminded ------------------------------------------------------------------------------------


def reminders(backend: Backend) -> list[tuple[Notification, str]]:
    return [
        (item.notification, item.status)
        for item in backend.outbox_items()
        if item.notification.kind == "reminder"
    ]


def reminder(version: int, game_id: str = "g1") -> Notification:
    return Notification(ANA, GameId(game_id), version, version, "reminder")


def remind(
    store: EventStore, game_id: str = "g1", then: datetime | None = None, version: int = 2
) -> bool:
    """Queue Ana's first reminder of the decision, due at ``T0``; the next one at ``then``."""
    schedule = (T0,) if then is None else (T0, then)
    return store.reminded(GameId(game_id), version, ANA, schedule, T0)


def test_reminded_queues_a_reminder_and_moves_the_next_reminder_time(backend: Backend) -> None:
    store = backend.store
    start(store, "g1", T0 + HOUR, T0 + HOUR / 2)
    (due,) = store.claim_reminders(T0 + HOUR / 2, 10, LEASE)

    schedule = (T0 + HOUR / 2, T0 + 50 * timedelta(minutes=1))
    assert store.reminded(due.game_id, due.version, ANA, schedule, T0 + HOUR / 2)

    (item,) = backend.outbox_items()
    assert (item.notification, item.status, item.attempts) == (reminder(2), "pending", 0)
    assert item.next_attempt_at == T0 + HOUR / 2  # due when it fell due
    assert store.all_summaries() == [line("g1", 2, T0 + HOUR, T0 + 50 * timedelta(minutes=1))]


def test_reminded_releases_the_reminder_claim(store: EventStore) -> None:
    """The next reminder is due within the lease: it is not held up by the claim just used."""
    start(store, "g1", T0 + HOUR, T0)
    store.claim_reminders(T0, 10, LEASE)

    remind(store, then=T0 + timedelta(seconds=1))

    assert store.claim_reminders(T0 + timedelta(seconds=1), 10, LEASE) == [
        Due(GameId("g1"), 2, ANA, T0 + timedelta(seconds=1))
    ]


def test_after_the_last_reminder_none_is_due(store: EventStore) -> None:
    start(store, "g1", T0 + HOUR, T0)
    store.claim_reminders(T0, 10, LEASE)

    assert remind(store)

    assert store.all_summaries()[0].next_reminder_at is None
    assert store.claim_reminders(T0 + 2 * HOUR, 10, LEASE) == []


def test_a_game_that_moved_on_gets_no_reminder(backend: Backend) -> None:
    store = backend.store
    start(store, "g1", T0 + HOUR, T0)
    (due,) = store.claim_reminders(T0, 10, LEASE)
    move(store, "g1", 2, T0 + 2 * HOUR, T0 + HOUR)

    assert not remind(store, due.game_id, version=due.version)
    assert not remind(store, version=4)
    assert not remind(store, "nothing", version=1)

    assert reminders(backend) == []
    assert store.all_summaries() == [line("g1", 3, T0 + 2 * HOUR, T0 + HOUR)]


def test_a_new_reminder_supersedes_the_one_still_waiting(backend: Backend) -> None:
    store = backend.store
    start(store, "g1", T0 + HOUR, T0)
    start(store, "g2", T0 + HOUR, T0)
    remind(store, "g2")

    remind(store, "g1", then=T0 + HOUR / 2)
    store.reminded(GameId("g1"), 2, ANA, (T0, T0 + HOUR / 2), T0 + HOUR / 2)

    assert reminders(backend) == [
        (reminder(2, "g2"), "pending"),
        (reminder(2), "superseded"),
        (reminder(2), "pending"),
    ]


def test_an_append_supersedes_the_games_waiting_reminders_but_not_its_news(
    backend: Backend,
) -> None:
    store = backend.store
    news = Notification(BEN, GameId("g1"), 2, 2)
    start(store, "g1", T0 + HOUR, T0, notifications=[news])
    start(store, "g2", T0 + HOUR, T0)
    remind(store, "g1")
    remind(store, "g2")
    later = Notification(BEN, GameId("g1"), 3, 3)

    move(store, "g1", 2, T0 + 2 * HOUR, T0 + HOUR, notifications=[later])

    assert [(i.notification, i.status) for i in backend.outbox_items()] == [
        (news, "pending"),
        (reminder(2), "superseded"),
        (reminder(2, "g2"), "pending"),
        (later, "pending"),
    ]


def test_an_append_leaves_a_sent_reminder_as_it_is(backend: Backend) -> None:
    store = backend.store
    start(store, "g1", T0 + HOUR, T0)
    remind(store)
    (delivery,) = backend.outbox.claim(T0, 10, LEASE)
    backend.outbox.delivered(delivery.id, T0)

    move(store, "g1", 2, T0 + 2 * HOUR, T0 + HOUR)

    assert reminders(backend) == [(reminder(2), "delivered")]


# -- a reminder once per decision -------------------------------------------------------------


def test_an_append_that_keeps_the_decision_does_not_send_its_reminder_again(
    backend: Backend,
) -> None:
    """A pause, an extension or a vacation is an append that keeps Ana's decision: its summary
    says the first reminder again, which was sent already."""
    store = backend.store
    start(store, "g1", T0 + HOUR, T0)
    remind(store)
    (delivery,) = backend.outbox.claim(T0, 10, LEASE)
    backend.outbox.delivered(delivery.id, T0)
    move(store, "g1", 2, T0 + 2 * HOUR, T0 + HOUR / 2)  # paused: later times
    later = T0 + HOUR

    assert [due.game_id for due in store.claim_reminders(later, 10, LEASE)] == ["g1"]
    assert not store.reminded(GameId("g1"), 3, ANA, (T0 + HOUR / 2,), later)

    assert reminders(backend) == [(reminder(2), "delivered")]
    assert store.all_summaries()[0].next_reminder_at is None
    assert store.claim_reminders(later, 10, LEASE) == []


def test_the_decisions_next_reminder_keeps_its_place_after_such_an_append(
    backend: Backend,
) -> None:
    store = backend.store
    start(store, "g1", T0 + HOUR, T0)
    remind(store, then=T0 + HOUR / 2)
    (delivery,) = backend.outbox.claim(T0, 10, LEASE)
    backend.outbox.delivered(delivery.id, T0)
    move(store, "g1", 2, T0 + 2 * HOUR, T0 + HOUR / 4)  # the first reminder's new time
    schedule = (T0 + HOUR / 4, T0 + HOUR)

    assert not store.reminded(GameId("g1"), 3, ANA, schedule, T0 + HOUR / 2)
    assert store.all_summaries()[0].next_reminder_at == T0 + HOUR  # the second's new time
    assert store.reminded(GameId("g1"), 3, ANA, schedule, T0 + HOUR)
    assert [one for _, one in reminders(backend)] == ["delivered", "pending"]


def test_a_reminder_an_append_superseded_before_it_went_out_is_queued_again(
    backend: Backend,
) -> None:
    store = backend.store
    start(store, "g1", T0 + HOUR, T0)
    remind(store)
    move(store, "g1", 2, T0 + HOUR, T0)  # before the reminder went out

    assert store.reminded(GameId("g1"), 3, ANA, (T0,), T0)

    assert reminders(backend) == [(reminder(2), "superseded"), (reminder(3), "pending")]


def test_the_next_decision_is_reminded_afresh(backend: Backend) -> None:
    store = backend.store
    start(store, "g1", T0 + HOUR, T0)
    remind(store)
    ben_to_act = GameSummary(
        GameId("g1"), (ANA, BEN), "playing", BEN, T0 + HOUR, 3, None, T0 + 3 * HOUR, T0 + 2 * HOUR
    )
    store.append(GameId("g1"), 2, [RematchOffered(ANA)], T0 + HOUR, ben_to_act)

    assert store.reminded(GameId("g1"), 3, BEN, (T0 + 2 * HOUR,), T0 + 2 * HOUR)
    assert len(reminders(backend)) == 2
