"""The lobby's stores on every backend (memory, SQLite, PostgreSQL) keep one contract: a seek
round-trips with its terms, is listed while open, ends once (claimed by one taker, or withdrawn
by its owner), and expires; the pool renews a waiting player, pairs two only while both wait,
keeps a pair until it is settled, and lets only the unpaired leave."""

from __future__ import annotations

from datetime import timedelta

from service.game.events import PlayerId, TimeControl
from service.rules.variants import MatchTerms
from service.seeks.seeks import Pair, Seek, SeekId, SeekStatus, Waiting
from service.seeks.terms import SeekTerms, Wanted
from tests.seeks.conftest import Site
from tests.service.given import T0

ANA, BEN, CY = PlayerId("ana"), PlayerId("ben"), PlayerId("cy")
TERMS = SeekTerms.of(match=MatchTerms(deals=3), time_control=TimeControl(3600), rated=False)
WANTED = Wanted(1400, 1700, 80)


def seek(seek_id: str, owner: PlayerId = ANA) -> Seek:
    return Seek(SeekId(seek_id), owner, TERMS, WANTED, T0, T0 + timedelta(days=7))


def waiting(player: PlayerId, minutes: int = 0) -> Waiting:
    return Waiting(player, TERMS, Wanted(), 1500.0, None, T0 + timedelta(minutes=minutes))


def test_a_seek_round_trips_and_is_listed_while_open(site: Site) -> None:
    site.seeks.publish(seek("s1"))
    site.seeks.publish(seek("s2", BEN))
    assert site.seeks.seek(SeekId("s1")) == seek("s1")
    assert [one.seek_id for one in site.seeks.open_seeks(T0)] == ["s1", "s2"]
    assert [one.seek_id for one in site.seeks.seeks_of(BEN, T0)] == ["s2"]
    assert site.seeks.open_seeks(T0 + timedelta(days=7)) == []  # expired
    assert site.seeks.seek(SeekId("nothing")) is None


def test_a_seek_is_claimed_once(site: Site) -> None:
    site.seeks.publish(seek("s1"))
    taken = site.seeks.claim(SeekId("s1"), BEN, T0)
    assert taken is not None and (taken.status, taken.taker) == (SeekStatus.ACCEPTED, BEN)
    assert site.seeks.claim(SeekId("s1"), CY, T0) is None
    assert site.seeks.seek(SeekId("s1")) == taken
    assert site.seeks.open_seeks(T0) == []


def test_only_the_owner_withdraws_an_open_seek_and_only_once(site: Site) -> None:
    site.seeks.publish(seek("s1"))
    assert not site.seeks.withdraw(SeekId("s1"), BEN, T0)
    assert site.seeks.withdraw(SeekId("s1"), ANA, T0)
    assert not site.seeks.withdraw(SeekId("s1"), ANA, T0)
    assert site.seeks.claim(SeekId("s1"), BEN, T0) is None


def test_an_expired_seek_is_neither_claimed_nor_withdrawn(site: Site) -> None:
    site.seeks.publish(seek("s1"))
    later = T0 + timedelta(days=8)
    assert site.seeks.claim(SeekId("s1"), BEN, later) is None
    assert not site.seeks.withdraw(SeekId("s1"), ANA, later)


def test_the_pool_renews_pairs_while_both_wait_and_settles(site: Site) -> None:
    assert site.seeks.wait(waiting(ANA))
    assert site.seeks.wait(waiting(BEN, 5))
    assert site.seeks.wait(waiting(CY, 9))
    assert site.seeks.wait(waiting(ANA, 1))  # renewed
    assert [one.player for one in site.seeks.waiting()] == [ANA, BEN, CY]
    pair = Pair(waiting(ANA, 1), waiting(BEN, 5))
    assert site.seeks.pair(pair)
    assert not site.seeks.pair(Pair(waiting(BEN, 5), waiting(CY, 9)))  # Ben is paired
    assert [one.player for one in site.seeks.waiting()] == [CY]
    assert site.seeks.paired() == [pair]
    assert not site.seeks.leave(ANA) and not site.seeks.wait(waiting(ANA, 2))
    site.seeks.settle(pair)
    assert site.seeks.paired() == []
    assert site.seeks.leave(CY) and not site.seeks.leave(CY)
    assert site.seeks.waiting() == []
