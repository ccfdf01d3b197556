"""The tournaments' one way in for the channels (issue 37): the grammar every channel reads
(``tournament_words``) and ``Tournaments.request``, which handles a request once per inbox key —
a creation delivered again is one tournament, a refusal is heard again and changes nothing —
and names a tournament by its code as listed, never by a place in a list."""

from __future__ import annotations

from dataclasses import replace

import pytest

from service.app.games import GameService
from service.app.replies import Reply
from service.app.tournaments import CreatorLimits, Tournaments
from service.game.events import PlayerId
from service.ports.memory import InMemoryEventStore, InMemoryInbox
from service.ports.memory_directory import ManualClock, SeededChance
from service.ports.tournaments import InMemoryTournaments
from service.rules.errors import IllegalAction
from service.tournaments.events import TournamentId
from service.tournaments.requests import (
    CreateTournament,
    EnterTournament,
    TournamentEntered,
    TournamentLeft,
    TournamentOpened,
    WithdrawFromTournament,
)
from service.words.refusals import Refused
from service.words.tournament_words import (
    LookAtTournaments,
    NoTournamentCode,
    ShowStandings,
    read_tournament_command,
)
from tests.service.given import T0
from tests.tournaments.play import terms

ANA, BEN = PlayerId("ana"), PlayerId("ben")


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("tournaments", LookAtTournaments()),
        ("/tournaments@conquian_bot", LookAtTournaments()),
        ("join tournament 3F9A2C", EnterTournament(ANA, "3f9a2c")),
        ("/join_tournament 3f9a2c", EnterTournament(ANA, "3f9a2c")),
        ("withdraw tournament 3f9a2c", WithdrawFromTournament(ANA, "3f9a2c")),
        ("/withdraw_tournament 3f9a2c", WithdrawFromTournament(ANA, "3f9a2c")),
        ("tournament 3f9a2c", ShowStandings("3f9a2c")),
        ("withdraw 3f9a2c", None),  # the lobby's: a seek
        ("join abc123", None),  # an invitation
        ("seek deals 3", None),
    ],
)
def test_the_grammar_reads_each_command(text: str, read: object) -> None:
    assert read_tournament_command(ANA, text) == read


@pytest.mark.parametrize("text", ["join tournament", "withdraw tournament a b", "tournament"])
def test_a_verb_without_one_code_is_refused_naming_the_command(text: str) -> None:
    with pytest.raises(NoTournamentCode) as refused:
        read_tournament_command(ANA, text)
    assert text.split()[0] in refused.value.message


def requests() -> Tournaments:
    service = GameService(InMemoryEventStore(), ManualClock(T0), SeededChance(3), InMemoryInbox())
    return Tournaments(service, InMemoryTournaments(), limits=CreatorLimits(0, 1))


def asked(tournaments: Tournaments, key: str, request: object) -> Reply:
    return tournaments.request("test", key, key, request)  # type: ignore[arg-type]


def test_a_creation_delivered_again_is_one_tournament_and_the_limit_holds() -> None:
    tournaments = requests()
    first = asked(tournaments, "m1", CreateTournament(ANA, terms()))
    again = asked(tournaments, "m1", CreateTournament(ANA, terms()))
    assert isinstance(first, TournamentOpened) and again == first
    assert len(tournaments.listed()) == 1
    over = asked(tournaments, "m2", CreateTournament(ANA, terms()))
    assert isinstance(over, Refused) and over.code == "too_many_tournaments"
    assert len(tournaments.listed()) == 1


def test_a_code_names_one_tournament_and_a_refusal_is_heard_again() -> None:
    tournaments = requests()
    created = asked(tournaments, "m1", CreateTournament(ANA, terms()))
    assert isinstance(created, TournamentOpened)
    code = created.tournament_id[:6]
    entered = asked(tournaments, "m2", EnterTournament(BEN, code.upper()))
    assert entered == TournamentEntered(created.tournament_id)
    assert asked(tournaments, "m2", EnterTournament(BEN, code)) == entered
    left = asked(tournaments, "m3", WithdrawFromTournament(BEN, created.tournament_id))
    assert left == TournamentLeft(created.tournament_id)
    refused = asked(tournaments, "m4", EnterTournament(BEN, code))
    assert isinstance(refused, Refused) and refused.code == "entries_closed"
    for short in ("m5", "m6"):  # too short to name one, or naming none
        unknown = asked(
            tournaments, short, EnterTournament(ANA, code[:3] if short == "m5" else "0" * 6)
        )
        assert isinstance(unknown, Refused) and unknown.code == "unknown_tournament"
    assert [one.player for one in tournaments.tournament(created.tournament_id).active] == []


def test_found_reads_a_tournament_by_its_code_or_its_whole_id() -> None:
    tournaments = requests()
    tournament_id = tournaments.create(ANA, replace(terms(), size=2, rounds=1), operator=True)
    assert tournaments.found(tournament_id[:6]).tournament_id == tournament_id
    assert tournaments.found(tournament_id).tournament_id == tournament_id
    with pytest.raises(IllegalAction):
        tournaments.found(TournamentId("ffffff"))
