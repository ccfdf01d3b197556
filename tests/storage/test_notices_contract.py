"""``SqlNotices`` on SQLite and PostgreSQL (issue 17, item 7): a browser subscribes once (again
replaces its keys), is forgotten alone or with the others, a gone one is deleted; a notice
address is confirmed only while it is still the one asked for, and asking again unconfirms;
the ledger lets each notice reach each target once, and a claim given back may be taken again."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from adapters.sql.erasure import SqlPersonalData
from adapters.sql.notices import CONFIRM_WITHIN, NoticeAddress, SqlNotices
from adapters.sql.retention import SqlRetention, Windows
from service.game.events import GameId, PlayerId
from service.ports.protocols import Notification
from tests.storage.conftest import Backend

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
ANA, BEN = PlayerId("pana"), PlayerId("pben")


@pytest.fixture
def notices(sql_backend: Backend) -> SqlNotices:
    assert sql_backend.engine is not None
    return SqlNotices(sql_backend.engine)


def test_a_browser_subscribes_once_and_is_forgotten(notices: SqlNotices) -> None:
    notices.subscribe(ANA, "https://push.test/a", "k1", "a1", T0)
    notices.subscribe(ANA, "https://push.test/a", "k2", "a2", T0)  # the same browser again
    notices.subscribe(ANA, "https://push.test/b", "k3", "a3", T0)
    notices.subscribe(BEN, "https://push.test/c", "k4", "a4", T0)
    mine = notices.subscriptions(ANA)
    assert [(one.endpoint, one.p256dh) for one in mine] == [
        ("https://push.test/a", "k2"),
        ("https://push.test/b", "k3"),
    ]
    assert notices.targets_of(ANA).browsers == mine and notices.targets_of(ANA).mail is None
    notices.gone(mine[0].id)
    assert [one.endpoint for one in notices.subscriptions(ANA)] == ["https://push.test/b"]
    notices.unsubscribe(ANA, "https://push.test/c")  # Ben's browser: not Ana's to forget
    assert len(notices.subscriptions(BEN)) == 1
    notices.unsubscribe(ANA)
    assert notices.subscriptions(ANA) == [] and len(notices.subscriptions(BEN)) == 1


def test_an_address_is_confirmed_only_as_asked(notices: SqlNotices) -> None:
    assert notices.mail_of(ANA) is None
    notices.ask_mail(ANA, "Ana@Example.org", T0)
    assert not notices.confirm_mail(ANA, "other@example.org", T0)
    asked = notices.mail_of(ANA)
    assert asked is not None and asked.address == "ana@example.org" and not asked.confirmed
    assert notices.confirm_mail(ANA, "ana@example.org", T0)
    assert notices.mail_of(ANA) == NoticeAddress("ana@example.org", True)
    notices.subscribe(ANA, "https://push.test/a", "k1", "a1", T0)
    both = notices.targets_of(ANA)
    assert both.mail == NoticeAddress("ana@example.org", True)
    assert [one.endpoint for one in both.browsers] == ["https://push.test/a"]
    notices.ask_mail(ANA, "new@example.org", T0)  # a new address starts unconfirmed
    found = notices.mail_of(ANA)
    assert found is not None and found.address == "new@example.org" and not found.confirmed
    assert not notices.confirm_mail(BEN, "new@example.org", T0)
    notices.mail_off(ANA)
    assert notices.mail_of(ANA) is None


def test_the_ledger_tells_each_target_once(notices: SqlNotices) -> None:
    note = Notification(ANA, GameId("g1"), 3, 5)
    assert notices.first_time(note, "mail", T0)
    assert not notices.first_time(note, "mail", T0)
    assert notices.first_time(note, "push:1", T0)
    assert notices.first_time(Notification(ANA, GameId("g1"), 3, 5, "reminder"), "mail", T0)
    notices.untold(note, "mail")
    assert notices.first_time(note, "mail", T0)


def test_old_ledger_rows_and_unconfirmed_addresses_are_pruned(sql_backend: Backend) -> None:
    assert sql_backend.engine is not None
    notices = SqlNotices(sql_backend.engine)
    week = timedelta(days=7)
    retention = SqlRetention(sql_backend.engine, Windows(week, week, week))
    note = Notification(ANA, GameId("g1"), 3, 5)
    notices.first_time(note, "mail", T0)
    notices.ask_mail(ANA, "ana@example.org", T0)
    notices.ask_mail(BEN, "ben@example.org", T0)
    notices.confirm_mail(BEN, "ben@example.org", T0)
    retention.prune(T0 + CONFIRM_WITHIN + timedelta(minutes=1))
    assert notices.mail_of(ANA) is None and notices.mail_of(BEN) is not None
    assert not notices.first_time(note, "mail", T0)  # still in the ledger
    retention.prune(T0 + week + timedelta(minutes=1))
    assert notices.first_time(note, "mail", T0)


def test_erasing_a_player_forgets_their_browsers_and_address(sql_backend: Backend) -> None:
    assert sql_backend.engine is not None
    notices = SqlNotices(sql_backend.engine)
    notices.subscribe(ANA, "https://push.test/a", "k1", "a1", T0)
    notices.ask_mail(ANA, "ana@example.org", T0)
    notices.subscribe(BEN, "https://push.test/b", "k2", "a2", T0)
    personal = SqlPersonalData(sql_backend.engine, lambda: b"contract")
    held = personal.held(ANA, [])
    assert len(held["notice_push"]) == 1 and len(held["notice_mail"]) == 1
    personal.erase(ANA, [], "Ana", T0)
    assert notices.subscriptions(ANA) == [] and notices.mail_of(ANA) is None
    assert len(notices.subscriptions(BEN)) == 1


def test_a_batch_reads_its_players_targets_once_and_a_write_forgets_them(
    notices: SqlNotices, sql_backend: Backend
) -> None:
    """``remembering(players)``, as the dispatcher opens it for a claimed batch: every player's
    browsers and address read as the block opens (another process's change is not seen inside
    it), one of this store's writes seen at once, everything read afresh after the block."""
    assert sql_backend.engine is not None
    other = SqlNotices(sql_backend.engine)
    notices.subscribe(ANA, "https://push.test/a", "k1", "a1", T0)
    cara = PlayerId("pcara")

    with notices.remembering([ANA, BEN, cara]):
        other.subscribe(BEN, "https://push.test/b", "k2", "a2", T0)
        other.ask_mail(ANA, "ana@example.org", T0)
        assert [one.endpoint for one in notices.targets_of(ANA).browsers] == ["https://push.test/a"]
        assert notices.targets_of(ANA).mail is None
        assert notices.targets_of(BEN).browsers == [] and notices.targets_of(cara).mail is None
        notices.unsubscribe(ANA)
        assert notices.targets_of(ANA).browsers == []
        assert [one.endpoint for one in notices.targets_of(BEN).browsers] == ["https://push.test/b"]

    assert notices.targets_of(ANA).mail == NoticeAddress("ana@example.org", False)
