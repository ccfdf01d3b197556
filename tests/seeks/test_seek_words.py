"""The lobby's one grammar and its words: what a player types on any channel becomes the same
typed request, a request delivered twice is answered once (its reply kept in the inbox), a seek
is named by the code its listing shows, and a listing names a private owner to nobody."""

from __future__ import annotations

from datetime import timedelta

import pytest

from service.game.events import PlayerId, TimeControl
from service.language.translation import ENGLISH, translator
from service.rules.errors import IllegalAction
from service.rules.variants import MatchTerms
from service.seeks.requests import (
    AcceptSeek,
    LeavePairing,
    PairingLeft,
    PublishSeek,
    SeekAccepted,
    SeekPublished,
    WaitForPairing,
    WithdrawSeek,
)
from service.seeks.seeks import SeekId
from service.seeks.terms import SeekTerms, Wanted
from service.words.refusals import Refused
from service.words.seek_replies import listed_line, seek_code, seek_said, terms_words
from service.words.seek_words import LookAtLobby, read_seek_command
from tests.seeks.conftest import Site
from tests.service.given import T0

ANA, BEN, CY = PlayerId("ana"), PlayerId("ben"), PlayerId("cy")


def test_a_seek_reads_its_terms_whom_it_admits_and_how_long_it_lasts() -> None:
    asked = read_seek_command(
        ANA, "seek deals=3 time 2d casual rating 1400-1800 reliable=80 days 3"
    )
    assert asked == PublishSeek(
        ANA,
        SeekTerms.of(match=MatchTerms(deals=3), time_control=TimeControl(2 * 86400), rated=False),
        Wanted(1400, 1800, 80),
        timedelta(days=3),
    )
    assert read_seek_command(ANA, "/seek") == PublishSeek(ANA, SeekTerms.of())
    assert read_seek_command(ANA, "seek rating=-1600") == PublishSeek(
        ANA, SeekTerms.of(), Wanted(None, 1600)
    )


def test_the_other_verbs() -> None:
    assert read_seek_command(ANA, "pair time=1d") == WaitForPairing(
        ANA, SeekTerms.of(time_control=TimeControl(86400))
    )
    assert read_seek_command(ANA, "unpair") == LeavePairing(ANA)
    assert read_seek_command(ANA, "Accept 3F9A2C") == AcceptSeek(ANA, SeekId("3f9a2c"))
    assert read_seek_command(ANA, "withdraw 3f9a2c") == WithdrawSeek(ANA, SeekId("3f9a2c"))
    assert read_seek_command(ANA, "lobby casual") == LookAtLobby(False)
    assert read_seek_command(ANA, "lobby") == LookAtLobby(None)
    assert read_seek_command(ANA, "take 5c") is None
    assert read_seek_command(ANA, "") is None


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("seek bot", "unknown_option"),  # whoever accepts is the opponent
        ("seek deals=x", "bad_field"),
        ("seek rating 1800", "bad_wanted"),
        ("seek rating abc-1800", "bad_wanted"),
        ("seek reliable 120", "bad_wanted"),
        ("seek days 31", "seek_lasts"),
        ("pair days 3", "unknown_option"),
        ("accept", "no_seek_code"),
        ("withdraw a b", "no_seek_code"),
    ],
)
def test_words_it_cannot_read_are_refused_with_a_reason(text: str, code: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        read_seek_command(ANA, text)
    assert refused.value.code == code


def test_a_request_delivered_twice_is_answered_once(site: Site) -> None:
    publish = PublishSeek(ANA)
    first = site.lobby.request("test", "m1", "seek", publish)
    assert isinstance(first, SeekPublished)
    assert site.lobby.request("test", "m1", "seek", publish) == first
    assert [seek.seek_id for seek in site.seeks.seeks_of(ANA, site.clock.now())] == [first.seek_id]
    code = SeekId(seek_code(first.seek_id))
    accepted = site.lobby.request("test", "m2", "accept", AcceptSeek(BEN, code))
    assert isinstance(accepted, SeekAccepted) and accepted.seek_id == first.seek_id
    again = site.lobby.request("test", "m2", "accept", AcceptSeek(BEN, code))
    assert again == accepted  # heard again, though the code now names no open seek
    gone = site.lobby.request("test", "m3", "accept", AcceptSeek(CY, code))
    assert isinstance(gone, Refused) and gone.code == "seek_gone"


def test_a_code_that_names_no_open_seek_is_gone(memory_site: Site) -> None:
    reply = memory_site.lobby.request("test", "m1", "accept", AcceptSeek(BEN, SeekId("ffffff")))
    assert isinstance(reply, Refused) and reply.code == "seek_gone"


def test_a_private_owner_is_a_player_in_every_language_a_public_one_named(
    memory_site: Site,
) -> None:
    lobby = memory_site.lobby
    lobby.publish(ANA, SeekTerms.of(match=MatchTerms(deals=3), rated=False))
    for language in ("en", "es", "fil", "hi", "ms", "uk"):
        tr = translator(language)
        (listed,) = lobby.listing(BEN)
        line = listed_line(listed, lambda player: "Ana", tr)
        assert "Ana" not in line and seek_code(listed.seek_id) in line
    assert "a player" in listed_line(listed, lambda player: "Ana", ENGLISH)
    assert terms_words(listed.terms, ENGLISH) == "3 deals, 1 day a move, casual"
    memory_site.ratings.choose(ANA, public=True)
    (listed,) = lobby.listing(BEN)
    assert listed_line(listed, lambda player: "Ana", ENGLISH).startswith(
        f"{seek_code(listed.seek_id)} · Ana ("
    )


def test_each_answer_speaks_to_the_player_who_asked() -> None:
    said = seek_said(SeekPublished(SeekId("0123456789abcdef"), T0), ENGLISH)
    assert said.startswith("Your seek 012345 is in the lobby until")
    assert seek_said(PairingLeft(False), ENGLISH) == "You were not waiting to be paired."


def test_a_code_shorter_than_a_listing_shows_names_no_seek(memory_site: Site) -> None:
    seek = memory_site.lobby.publish(ANA, SeekTerms.of())
    short = SeekId(seek.seek_id[:3])
    reply = memory_site.lobby.request("test", "m1", "accept", AcceptSeek(BEN, short))
    assert isinstance(reply, Refused) and reply.code == "seek_gone"
    assert [one.seek_id for one in memory_site.lobby.listing(CY)] == [seek.seek_id]
