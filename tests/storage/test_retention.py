"""Retention (issue 25) on SQLite and PostgreSQL, with a clock the test moves: working rows go once
past their window, and a message delivered again inside the window is still recognised — by its
inbox row and reply, its stored mail's key, its mailbox UID and its Telegram update id."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import Engine, func, select

from adapters.bootstrap import build
from adapters.config import Settings
from adapters.sql.confirmations import SqlConfirmations
from adapters.sql.directory import SqlDirectory
from adapters.sql.email_records import EmailRecords
from adapters.sql.email_tables import email_messages, link_codes
from adapters.sql.inbox import SqlInbox
from adapters.sql.link_codes import SqlLinkCodes
from adapters.sql.outbox import SqlOutbox
from adapters.sql.quota_tables import quota_uses
from adapters.sql.retention import CONFIRMING, SqlRetention, Windows
from adapters.sql.store import SqlEventStore
from adapters.sql.tables import inbox, outbox
from adapters.sql.telegram_records import TelegramRecords
from adapters.worker import Worker
from service.app.games import GameService
from service.players.linking import LinkCode
from service.ports.confirmations import Pending, Purpose
from service.ports.directory import Address
from service.ports.memory_directory import ManualClock, SeededChance
from tests.conftest import sql_engine
from tests.storage.conftest import SQL_BACKENDS

KEY = "message:555:1"
MAIL = "<m1@example.org>"
ASKING = "<m2@example.org>"
UID = ("games@here/INBOX", 1, 7)
WINDOWS = Windows(copies=timedelta(days=14), keys=timedelta(days=30), sent=timedelta(days=7))


class Traffic:
    """A day of working rows: a Telegram message and its update, two mails (one waiting for its
    sender's confirmation), a game's notifications sent, a counted use, a link code."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.clock = ManualClock()
        self.inbox = SqlInbox(engine, self.clock)
        self.records = TelegramRecords(engine)
        self.mail = EmailRecords(engine)
        self.retention = SqlRetention(engine, WINDOWS)
        now = self.clock.now()
        self.inbox.receive("telegram", KEY, '{"text": "hand"}', now)
        self.inbox.complete("telegram", KEY, '{"type": "shown", "command": "hand"}')
        self.records.enqueue(1, KEY, now)
        self.records.answered(KEY, now)
        self.mail.receive(MAIL, b"From: a@example.org\r\n\r\nhand\r\n", now, (), UID)
        self.mail.done(MAIL, now, "answered")
        self.mail.receive(ASKING, b"From: b@example.org\r\n\r\nnew c@example.org\r\n", now)
        self.mail.done(ASKING, now, CONFIRMING)
        directory = SqlDirectory(engine)
        ana = directory.register("Ana", Address("telegram", "1"))
        bob = directory.register("Bob", Address("telegram", "2"))
        service = GameService(SqlEventStore(engine), self.clock, SeededChance(1), None, directory)
        game = service.open_game(ana)
        service.join(service.game(game).invitation or "", bob)
        sent = SqlOutbox(engine)
        for delivery in sent.claim(now, 100, timedelta(seconds=30)):
            sent.delivered(delivery.id, now)
        service.resign(game, ana)  # its notifications wait
        SqlLinkCodes(engine).put(LinkCode("9", ana, None, now + timedelta(hours=1)))
        expires = now + timedelta(minutes=30)
        SqlConfirmations(engine).put(Pending(ana, Purpose.ERASE, "telegram", "d" * 64, expires))
        with engine.begin() as connection:
            connection.execute(quota_uses.insert().values(key="invite-from:a@example.org", at=now))

    def prune_after(self, **elapsed: float) -> dict[str, int]:
        self.clock.current = ManualClock().current + timedelta(**elapsed)
        return self.retention.prune(self.clock.now())

    def recognised(self) -> list[str]:
        """Which stores recognise the messages delivered again."""
        at = self.clock.now()
        known = []
        if self.inbox.receive("telegram", KEY, "again", at).reply is not None:
            known.append("inbox")
        if not self.records.enqueue(1, KEY, at):
            known.append("update id")
        if self.mail.known_uids(UID[0], UID[1], [UID[2]]):
            known.append("mailbox uid")
        self.mail.receive(MAIL, b"From: a@example.org\r\n\r\nhand\r\n", at)
        if MAIL not in [stored.key for stored in self.mail.waiting()]:
            known.append("mail key")
        return known

    def count(self, table: object, *where: object) -> int:
        query = select(func.count()).select_from(table).where(*where)  # type: ignore[arg-type]
        with self.engine.connect() as connection:
            return int(connection.execute(query).scalar_one())


@pytest.fixture(params=SQL_BACKENDS)
def traffic(request: pytest.FixtureRequest, tmp_path: Path) -> Traffic:
    return Traffic(sql_engine(request.param, request, tmp_path))


ALL = ["inbox", "update id", "mailbox uid", "mail key"]


def test_nothing_goes_inside_its_window(traffic: Traffic) -> None:
    pruned = traffic.prune_after(days=6, hours=23)
    assert pruned["inbox copies"] == pruned["mail copies"] == pruned["notifications"] == 0
    assert traffic.count(inbox, inbox.c.payload != "") == 1
    assert traffic.recognised() == ALL


def test_copies_go_first_and_a_duplicate_is_still_recognised(traffic: Traffic) -> None:
    delivered = traffic.count(outbox, outbox.c.status == "delivered")
    pruned = traffic.prune_after(days=15)
    assert pruned["inbox copies"] == 1
    assert pruned["mail copies"] == 1  # not the one whose confirmation may still come
    assert pruned["notifications"] == delivered > 0
    assert pruned["counted uses"] == pruned["link codes"] == pruned["confirmation codes"] == 1
    assert traffic.count(inbox, inbox.c.payload != "") == 0
    assert traffic.count(email_messages, email_messages.c.raw != "") == 1
    assert traffic.count(outbox) > 0  # the ones still waiting
    assert traffic.count(link_codes) == 0
    assert traffic.recognised() == ALL


def test_keys_go_once_nothing_can_arrive_again(traffic: Traffic) -> None:
    traffic.prune_after(days=29)
    assert traffic.recognised() == ALL
    pruned = traffic.prune_after(days=31)
    assert pruned["inbox keys"] >= 1 and pruned["mail keys"] == 2
    assert pruned["mailbox uids"] == pruned["telegram updates"] == 1
    assert traffic.count(email_messages) == traffic.count(inbox) == 0


def test_the_worker_prunes_on_the_configured_windows(tmp_path: Path) -> None:
    clock = ManualClock()
    settings = Settings.from_env(
        {"CONQUIAN_DATA_DIR": str(tmp_path), "CONQUIAN_KEEP_KEYS_DAYS": "2"}
    )
    wiring = build(settings, clock)
    try:
        wiring.inbox.receive("web", "k", "payload", clock.now())
        wiring.inbox.complete("web", "k", '{"type": "shown", "command": "hand"}')
        worker = Worker(wiring, settings, clock)
        assert worker.prune()["inbox keys"] == 0
        clock.advance(days=2, seconds=1)
        assert worker.prune()["inbox keys"] == 1
    finally:
        wiring.close()
