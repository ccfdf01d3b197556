"""``EmailRecords`` on SQLite and PostgreSQL: a (game, player) thread is numbered once; an inbound
mail is stored once by its key, raw bytes and envelope as they came, and waits, oldest first,
until it is done; what handling did is noted; the mailbox UIDs it came from are known before it
is fetched again; a mail whose sender was erased since is known by its hidden key and not stored
again."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from adapters.sql.email_records import EmailRecords
from adapters.sql.erasure import erased_key
from service.game.events import GameId, PlayerId
from tests.storage.conftest import Backend

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
ANA, BEN = PlayerId("pana"), PlayerId("pben")
G1, G2 = GameId("g1"), GameId("g2")
INBOX = "games@example.org/INBOX"
RAW = "From: ana@example.org\r\nSubject: Re: g1\r\n\r\ntake 5c 5d, discard ks — ¡olé!\r\n"


@pytest.fixture
def records(sql_backend: Backend) -> EmailRecords:
    assert sql_backend.engine is not None
    return EmailRecords(sql_backend.engine)


def test_a_thread_is_numbered_once_per_game_and_player(records: EmailRecords) -> None:
    first = records.thread(G1, ANA)
    assert records.thread(G1, ANA) == first  # mailed again: the same thread
    others = {records.thread(G1, BEN), records.thread(G2, ANA)}
    assert first not in others and len(others) == 2
    assert records.thread_of(first) == (G1, ANA)
    assert records.thread_of(records.thread(G2, ANA)) == (G2, ANA)
    assert records.thread_of(first + 1000) is None


def test_a_mail_is_stored_once_as_it_came_and_waits_until_done(records: EmailRecords) -> None:
    raw = RAW.encode("utf-8")  # 8-bit mail round-trips byte for byte
    records.receive("<m1@example.org>", raw, T0, ("games+tok@example.org",))
    records.receive("<m2@example.org>", b"From: ben@example.org\r\n\r\npass\r\n", T0)
    records.receive("<m1@example.org>", b"a copy delivered again", T0 + timedelta(minutes=1))

    first, second = records.waiting()
    assert (first.key, first.raw, first.envelope, first.outcome) == (
        "<m1@example.org>",
        raw,
        ("games+tok@example.org",),
        None,
    )
    assert (second.key, second.envelope) == ("<m2@example.org>", ())
    assert [one.key for one in records.waiting(limit=1)] == ["<m1@example.org>"]
    assert records.message("<m1@example.org>") == first
    assert records.numbered(first.number) == first
    assert records.message("<nobody@example.org>") is None
    assert records.numbered(second.number + 1000) is None

    records.note("<m1@example.org>", "counted")  # part of its handling, before the rest
    assert [one.outcome for one in records.waiting()] == ["counted", None]
    records.done("<m1@example.org>", T0, "answered ana@example.org")
    assert [one.key for one in records.waiting()] == ["<m2@example.org>"]
    assert records.outcomes() == {
        "<m1@example.org>": "answered ana@example.org",
        "<m2@example.org>": None,
    }


def test_the_mailbox_uids_a_mail_came_from_are_known(records: EmailRecords) -> None:
    records.receive("<m1@example.org>", b"one", T0, uid=(INBOX, 7, 1))
    records.receive("<m2@example.org>", b"two", T0, uid=(INBOX, 7, 2))
    records.receive("<m2@example.org>", b"two", T0, uid=(INBOX, 7, 2))  # fetched again

    assert records.known_uids(INBOX, 7, [1, 2, 3]) == {1, 2}
    assert records.known_uids(INBOX, 8, [1, 2]) == set()  # a new UIDVALIDITY numbers afresh
    assert records.known_uids("games@example.org/Other", 7, [1]) == set()
    assert records.known_uids(INBOX, 7, []) == set()
    assert len(records.waiting()) == 2


def test_a_mail_of_an_erased_sender_is_not_stored_again(records: EmailRecords) -> None:
    hidden = erased_key("<m1@example.org>")
    records.receive(hidden, b"", T0)  # what erasure leaves of a handled mail
    records.done(hidden, T0, "erased")

    records.receive("<m1@example.org>", RAW.encode(), T0, uid=(INBOX, 7, 1))

    assert records.waiting() == [] and records.message("<m1@example.org>") is None
    assert records.known_uids(INBOX, 7, [1]) == {1}  # its UID is known: not fetched again
