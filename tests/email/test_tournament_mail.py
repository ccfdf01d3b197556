"""Tournaments by mail (issue 37): ``tournaments`` (a listing of ``join tournament CODE``
lines), ``join tournament CODE`` and ``withdraw tournament CODE`` to the service's address.  A
proven address is acted for at once; an unproven one confirms first, or replies to a listing,
whose reply address proves it.  Words without a code, an unknown code and a withdrawal by a
stranger are refused, specifically, and change nothing; a round paired comes as game mail to
both players, naming the round and the tournament."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from adapters.cli.tournament_cmd import OPERATORS
from service.tournaments.events import Format, TournamentId
from tests.email.world import ANA, BEN, SERVICE, World, only, request
from tests.tournaments.play import terms

STRANGER = "cy@example.org"


def opened(world: World, size: int) -> TournamentId:
    tournaments = world.wiring.tournaments
    assert tournaments is not None
    closes = world.clock.now() + timedelta(days=7)
    swiss = replace(terms(Format.SWISS, size=size, rounds=size - 1), join_closes=closes)
    return tournaments.create(OPERATORS, swiss, operator=True)


def entrants(world: World, tournament_id: TournamentId) -> list[str]:
    assert world.wiring.tournaments is not None
    return [one.player for one in world.wiring.tournaments.tournament(tournament_id).active]


def test_a_listing_by_mail_and_a_proven_player_joins_and_withdraws(world: World) -> None:
    tournament_id = opened(world, 3)
    code = tournament_id[:6]
    assert only(world.deliver(request(BEN, "tournaments"), (SERVICE,))) == "tournaments: 1 listed"
    listing = world.latest(BEN).text().replace("\r\n", "\n")
    assert f"{code} · Swiss, 2 rounds · 0 of 3 players · 1 deal" in listing
    assert f"\n  join tournament {code}\n" in listing

    assert only(world.deliver(request(ANA, f"join tournament {code}"), (SERVICE,))) == (
        "TournamentEntered"
    )
    said = world.latest(ANA).text()
    assert f"You are in tournament {code}." in said
    assert f"To leave it, write withdraw tournament {code}." in said
    assert entrants(world, tournament_id) == [world.players[ANA]]
    assert only(world.deliver(request(BEN, f"tournament {code}"), (SERVICE,))) == (
        "tournament: 1 standing"
    )
    standings = world.latest(BEN).text()
    assert f"Standings of tournament {code} (Swiss, 2 rounds), in points:" in standings
    assert "1. a player — 0" in standings and "Ana" not in standings  # her profile is private
    done = world.deliver(request(ANA, f"withdraw tournament {code}"), (SERVICE,))
    assert only(done) == "TournamentLeft"
    assert f"You withdrew from tournament {code}" in world.latest(ANA).text()
    assert entrants(world, tournament_id) == []


def test_an_unproven_address_confirms_before_it_is_entered(world: World) -> None:
    tournament_id = opened(world, 3)
    code = tournament_id[:6]

    outcome = only(world.deliver(request(STRANGER, f"join tournament {code}"), (SERVICE,)))

    assert outcome == "confirmation asked"
    assert entrants(world, tournament_id) == []
    question = world.latest(STRANGER)
    assert f"to enter tournament {code}. Reply yes" in question.text()
    assert only(world.answer(question, "yes")) == "TournamentEntered"
    assert len(entrants(world, tournament_id)) == 1


def test_a_reply_to_a_listing_proves_the_address_and_enters_at_once(world: World) -> None:
    tournament_id = opened(world, 3)
    code = tournament_id[:6]
    assert only(world.deliver(request(STRANGER, "tournaments"), (SERVICE,))) == (
        "tournaments: 1 listed"
    )
    assert only(world.deliver(request(STRANGER, "tournaments"), (SERVICE,))).endswith("(one a day)")

    done = world.answer(world.sink.to(STRANGER)[0], f"join tournament {code}")

    assert only(done) == "TournamentEntered"
    assert world.channel.handler.consent.proven(STRANGER)


def test_words_without_a_code_or_naming_no_tournament_are_refused_and_change_nothing(
    world: World,
) -> None:
    tournament_id = opened(world, 3)
    refusals = {
        "join tournament": "Write the tournament's code as the list shows it",
        "join tournament ffffff": "There is no such tournament.",
        "tournament 0": "There is no such tournament.",
        f"withdraw tournament {tournament_id[:6]}": "You are not playing in this tournament.",
    }
    for text, why in refusals.items():
        world.clock.advance(hours=2)  # error replies go out once an hour
        assert only(world.deliver(request(ANA, text), (SERVICE,))).startswith("refused"), text
        said = world.latest(ANA).text()
        assert why in said, (text, said)
        assert "join tournament CODE" in said  # the commands follow
    assert entrants(world, tournament_id) == []


def test_a_round_paired_comes_as_game_mail_to_both_naming_the_round(world: World) -> None:
    tournament_id = opened(world, 2)
    code = tournament_id[:6]
    for address in (ANA, BEN):
        world.deliver(request(address, f"join tournament {code}"), (SERVICE,))
    assert world.wiring.tournaments is not None

    [game_id] = world.wiring.tournaments.tend().games
    world.drain()

    for address in (ANA, BEN):
        told = world.latest(address)
        assert f"This is round 1 of tournament {code}." in told.text(), address
        assert str(told.message["Reply-To"]).startswith("reply+")  # replies to it play
    assert set(world.service.game(game_id).players) == {world.players[ANA], world.players[BEN]}
