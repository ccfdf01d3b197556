"""A notification counts as delivered by the page only for a player whose page is their channel
(issue 15).  A Telegram player who also has a web address (every message with a link to their
page makes one) is not told by a page nobody pushes: in a worker whose Telegram channel is off,
their notification is not marked delivered — it fails, saying why — while a web player's is."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import select

from adapters.bootstrap import build
from adapters.config import Settings
from adapters.sql.tables import outbox
from adapters.web.capabilities import Capabilities
from adapters.web.notices.page_sender import PageSender
from adapters.worker import Worker
from service.ports.directory import Address
from service.ports.memory_directory import SeededChance


def test_the_page_delivers_to_web_players_only(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path / "data")
    wiring = build(settings, chance=SeededChance(4))
    try:
        capabilities = Capabilities.from_settings(settings, wiring.directory)
        ana = capabilities.register("Ana")  # a web player: her page is her channel
        ben = wiring.directory.register("Ben", Address("telegram", "4711"))
        service = wiring.service
        hosted_by_ben, hosted_by_ana = service.open_game(ben), service.open_game(ana)
        capabilities.page_url(hosted_by_ben, ben)  # a link in Ben's messages: a web address
        assert [a.channel for a in wiring.directory.addresses(ben)] == ["telegram", "web"]
        service.join(service.game(hosted_by_ben).invitation, ana)  # Ben is told
        service.join(service.game(hosted_by_ana).invitation, ben)  # Ana is told
        worker = Worker(wiring, settings, senders={"web": PageSender(wiring.directory)})
        worker.run_once()
        with wiring.engine.connect() as connection:
            rows = connection.execute(
                select(outbox.c.player, outbox.c.status, outbox.c.last_error)
            ).all()
    finally:
        wiring.close()
    assert {row.status for row in rows if row.player == ana} == {"delivered"}
    told_ben = [row for row in rows if row.player == ben]
    assert told_ben and {row.status for row in told_ben} == {"failed"}
    assert all("telegram" in row.last_error for row in told_ben), told_ben
