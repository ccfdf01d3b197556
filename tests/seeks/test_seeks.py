"""Seeks through the lobby's typed requests: given a seek, a player who accepts it starts its game
at once on its terms; the lobby lists it only to those it admits, names a private owner to nobody
(terms, a rating and a reliability only), refuses what it must with a reason and changes nothing."""

from __future__ import annotations

from datetime import timedelta

from service.app.replies import Reply
from service.game.events import PlayerId, TimeControl
from service.game.status import GameStatus
from service.rules.variants import MatchTerms
from service.seeks.listing import SeekFilter
from service.seeks.requests import (
    AcceptSeek,
    PublishSeek,
    SeekAccepted,
    SeekPublished,
    SeekWithdrawn,
    WithdrawSeek,
)
from service.seeks.seeks import SeekId
from service.seeks.terms import SeekTerms, Wanted
from service.words.refusals import Refused
from tests.seeks.conftest import Site

ANA, BEN, CY = PlayerId("ana"), PlayerId("ben"), PlayerId("cy")
SLOW = SeekTerms.of(match=MatchTerms(deals=3), time_control=TimeControl(2 * 86400), rated=False)


def given(site: Site, owner: PlayerId = ANA, **asked: object) -> SeekId:
    """A seek published by ``owner`` (``PublishSeek``'s fields as asked)."""
    reply = site.lobby.answer(PublishSeek(owner, **asked))  # type: ignore[arg-type]
    assert isinstance(reply, SeekPublished), reply
    return reply.seek_id


def refused(reply: Reply) -> str:
    assert isinstance(reply, Refused), reply
    return reply.code


def test_accepting_a_seek_starts_its_game_at_once_on_its_terms(site: Site) -> None:
    seek_id = given(site, terms=SLOW)
    reply = site.lobby.answer(AcceptSeek(BEN, seek_id))
    assert isinstance(reply, SeekAccepted)
    game = site.service.game(reply.game_id)
    assert game.players == (ANA, BEN) and game.status is GameStatus.PLAYING
    assert (game.terms.deals, game.time_control.move_seconds) == (3, 2 * 86400)
    if site.engine is None:  # the owner hears of the game on their channel (the taker asked)
        told = {item.notification.player for item in site.service.store.outbox}  # type: ignore[attr-defined]
        assert told == {ANA}
    assert site.lobby.listing(CY) == []
    again = site.lobby.answer(AcceptSeek(BEN, seek_id))  # a second delivery: the same game
    assert again == reply
    assert refused(site.lobby.answer(AcceptSeek(CY, seek_id))) == "seek_gone"


def test_a_seek_lasts_a_week_unless_said(memory_site: Site) -> None:
    week = given(memory_site)
    day = given(memory_site, BEN, lasts=timedelta(days=1))
    memory_site.clock.advance(days=2)
    assert [one.seek_id for one in memory_site.lobby.listing(CY)] == [week]
    assert refused(memory_site.lobby.answer(AcceptSeek(CY, day))) == "seek_gone"
    memory_site.clock.advance(days=5)
    assert memory_site.lobby.listing(CY) == []
    assert refused(memory_site.lobby.answer(PublishSeek(CY, lasts=timedelta(days=31)))) == (
        "seek_lasts"
    )


def test_the_owner_withdraws_a_seek_and_nobody_else_may(memory_site: Site) -> None:
    seek_id = given(memory_site)
    assert refused(memory_site.lobby.answer(WithdrawSeek(BEN, seek_id))) == "not_your_seek"
    assert memory_site.lobby.answer(WithdrawSeek(ANA, seek_id)) == SeekWithdrawn(seek_id)
    assert refused(memory_site.lobby.answer(WithdrawSeek(ANA, seek_id))) == "seek_gone"
    assert refused(memory_site.lobby.answer(AcceptSeek(BEN, seek_id))) == "seek_gone"


def test_a_seek_admits_only_the_ratings_and_reliability_it_asks_for(memory_site: Site) -> None:
    high = given(memory_site, wanted=Wanted(lowest=1600))
    proven = given(memory_site, BEN, wanted=Wanted(least_reliability=90))
    anyone = given(memory_site, CY)
    stranger = PlayerId("dee")
    assert [one.seek_id for one in memory_site.lobby.listing(stranger)] == [anyone]
    every = memory_site.lobby.listing(stranger, SeekFilter(admitting_me=False))
    assert {one.seek_id for one in every} == {high, proven, anyone}
    assert refused(memory_site.lobby.answer(AcceptSeek(stranger, high))) == "not_wanted"
    assert refused(memory_site.lobby.answer(AcceptSeek(stranger, proven))) == "not_wanted"
    assert refused(memory_site.lobby.answer(AcceptSeek(ANA, high))) == "own_seek"
    assert memory_site.service.store.all_summaries() == []


def test_the_listing_filters_by_terms(memory_site: Site) -> None:
    slow = given(memory_site, terms=SLOW)
    memory_site.clock.advance(minutes=1)
    rated = given(memory_site, BEN, terms=SeekTerms.of(time_control=TimeControl(3600)))
    assert [one.seek_id for one in memory_site.lobby.listing(CY, SeekFilter(rated=False))] == [slow]
    quick = SeekFilter(longest_move=86400)
    assert [one.seek_id for one in memory_site.lobby.listing(CY, quick)] == [rated]


def test_a_private_owner_is_a_player_with_a_rating_and_a_reliability(memory_site: Site) -> None:
    given(memory_site)
    memory_site.ratings.choose(BEN, public=True)
    memory_site.clock.advance(minutes=1)
    given(memory_site, BEN)
    ana, ben = memory_site.lobby.listing(CY)
    assert ana.owner is None and (ana.rating, ana.reliability) == (1500, None)
    assert ben.owner == BEN
    own = memory_site.lobby.listing(ANA)
    assert own[0].owner == ANA and own[0].own


def test_a_publication_handled_twice_under_one_key_is_one_seek(site: Site) -> None:
    first = site.lobby.answer(PublishSeek(ANA), key="telegram:u1")
    again = site.lobby.answer(PublishSeek(ANA), key="telegram:u1")
    assert isinstance(first, SeekPublished) and again == first
    assert len(site.lobby.listing(BEN)) == 1


def test_a_player_has_at_most_three_open_seeks(memory_site: Site) -> None:
    for _ in range(3):
        given(memory_site)
    assert refused(memory_site.lobby.answer(PublishSeek(ANA))) == "too_many_seeks"
    assert refused(memory_site.lobby.answer(PublishSeek(BEN, wanted=Wanted(1700, 1600)))) == (
        "bad_wanted"
    )


def test_a_new_player_holds_at_most_four_games_against_people(memory_site: Site) -> None:
    for host in (BEN, CY):
        accepted = memory_site.lobby.answer(AcceptSeek(ANA, given(memory_site, host)))
        assert isinstance(accepted, SeekAccepted)
    memory_site.service.open_game(ANA, opponent=PlayerId("bot:greedy"))  # bots are not counted
    given(memory_site)
    given(memory_site)  # two games and two seeks: four
    assert refused(memory_site.lobby.answer(PublishSeek(ANA))) == "too_many_games"
    late = given(memory_site, PlayerId("dee"))
    assert refused(memory_site.lobby.answer(AcceptSeek(ANA, late))) == "too_many_games"
    assert len(memory_site.lobby.listing(BEN)) == 3


def test_a_player_accepts_at_most_ten_seeks_an_hour(memory_site: Site) -> None:
    owners = [PlayerId(f"o{n}") for n in range(11)]
    seeks = [given(memory_site, owner) for owner in owners]
    for seek_id in seeks[:10]:
        accepted = memory_site.lobby.answer(AcceptSeek(BEN, seek_id))
        assert isinstance(accepted, SeekAccepted)
        memory_site.service.resign(accepted.game_id, BEN)  # finished: the limit is the hour's
    assert refused(memory_site.lobby.answer(AcceptSeek(BEN, seeks[10]))) == "too_many_accepts"
    memory_site.clock.advance(hours=1)
    assert isinstance(memory_site.lobby.answer(AcceptSeek(BEN, seeks[10])), SeekAccepted)
