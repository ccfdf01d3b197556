"""Ended seeks are pruned by the worker's retention job on SQLite and PostgreSQL, with a clock the
test moves: a seek goes the keys' window (30 days) after its expiry, however it ended — accepted,
withdrawn or expired — and not before, so an accept delivered again inside the window still
reaches the same game; an open seek stays (docs/decisions/lobby-ended-seeks-are-pruned.md)."""

from __future__ import annotations

from datetime import timedelta

from adapters.sql.retention import SqlRetention, Windows
from service.game.events import PlayerId
from service.seeks.requests import AcceptSeek, PublishSeek, SeekPublished, WithdrawSeek
from service.seeks.seeks import SeekId
from tests.seeks.conftest import Site

ANA, BEN, CY, DEE, EVE = (PlayerId(name) for name in ("ana", "ben", "cy", "dee", "eve"))
DAY = timedelta(days=1)


def published(site: Site, owner: PlayerId, lasts: timedelta) -> SeekId:
    reply = site.lobby.answer(PublishSeek(owner, lasts=lasts))
    assert isinstance(reply, SeekPublished), reply
    return reply.seek_id


def test_ended_seeks_go_thirty_days_after_their_expiry_and_open_ones_stay(sql_site: Site) -> None:
    assert sql_site.engine is not None
    retention = SqlRetention(sql_site.engine, Windows())
    accepted, withdrawn, expired = (published(sql_site, one, DAY) for one in (ANA, CY, DEE))
    taken = sql_site.lobby.answer(AcceptSeek(BEN, accepted))
    sql_site.lobby.answer(WithdrawSeek(CY, withdrawn))
    ended = (accepted, withdrawn, expired)

    sql_site.clock.advance(days=30, hours=23)  # the one-day seeks expired 29 days 23 hours ago
    still_open = published(sql_site, EVE, 7 * DAY)
    assert retention.prune(sql_site.clock.now())["ended seeks"] == 0
    assert all(sql_site.seeks.seek(one) is not None for one in ended)
    assert sql_site.lobby.answer(AcceptSeek(BEN, accepted)) == taken  # again: the same game

    sql_site.clock.advance(hours=1, seconds=1)
    assert retention.prune(sql_site.clock.now())["ended seeks"] == 3
    assert [sql_site.seeks.seek(one) for one in ended] == [None, None, None]
    assert [one.seek_id for one in sql_site.lobby.listing(ANA)] == [still_open]

    sql_site.clock.advance(days=37)  # a week for the seek to expire, and 30 days
    assert retention.prune(sql_site.clock.now())["ended seeks"] == 1
    assert sql_site.seeks.seek(still_open) is None
