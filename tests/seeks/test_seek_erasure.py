"""An erased player leaves the lobby (issue 25 with issue 36) on SQLite and PostgreSQL: their
seeks and their wait in the pairing pool are in their export, and gone after their erasure, so
nobody can accept a game against a former player; another player's seek stays."""

from __future__ import annotations

from adapters.sql.erasure import SqlPersonalData
from service.game.events import PlayerId
from service.seeks.terms import SeekTerms
from tests.seeks.conftest import Site

ANA, BEN, CY = PlayerId("ana"), PlayerId("ben"), PlayerId("cy")


def test_an_erased_player_s_seeks_and_wait_are_exported_then_gone(sql_site: Site) -> None:
    assert sql_site.engine is not None
    personal = SqlPersonalData(sql_site.engine, lambda: b"k" * 32)
    sql_site.lobby.publish(ANA, SeekTerms())
    kept = sql_site.lobby.publish(BEN, SeekTerms())
    sql_site.lobby.wait(ANA, SeekTerms())
    held = personal.held(ANA, [])
    assert [row["owner"] for row in held["seeks"]] == [ANA]
    assert [row["player"] for row in held["pairing_pool"]] == [ANA]

    personal.erase(ANA, [], "Ana", sql_site.clock.now())

    assert [one.seek_id for one in sql_site.lobby.listing(CY)] == [kept.seek_id]
    assert sql_site.lobby.everyone_waiting() == []
    after = personal.held(ANA, [])
    assert after["seeks"] == after["pairing_pool"] == []
