"""A player is called one thing everywhere: the name they gave, in the case they gave it."""

from __future__ import annotations

from service.game.events import PlayerId, PlayerJoined
from service.language.translation import translator
from service.ports.directory import Address
from service.ports.memory_directory import InMemoryDirectory
from service.rules.events import PlayerResigned
from service.rules.seats import Seat
from service.rules.variants import DEFAULT
from service.rules.view import view_for
from service.words.cast import cast_of, named, player_name
from service.words.news import news
from service.words.position import position
from tests.positions import started

EN = translator("en")


def test_a_players_own_name_keeps_its_case_even_at_the_start_of_a_sentence() -> None:
    directory = InMemoryDirectory()
    ana = directory.register("Ana", Address("log", "ana"))
    bob = directory.register("bob", Address("log", "bob"))
    cast = cast_of((ana, bob), directory, EN, ana)
    told = news([PlayerJoined(bob, Seat.SECOND), PlayerResigned(Seat.SECOND)], DEFAULT, cast, EN)
    assert told == ["bob joins as player 2.", "bob resigns."]
    seen = position(view_for(started(), Seat.FIRST), cast, EN)
    assert seen.lines[2].startswith("bob's table: ")


def test_a_name_the_product_makes_up_opens_a_sentence_with_a_capital() -> None:
    cast = cast_of((PlayerId("ana"), PlayerId("bot:greedy")), None, EN, PlayerId("ana"))
    assert news([PlayerResigned(Seat.SECOND)], DEFAULT, cast, EN) == ["The medium bot resigns."]
    nobody = named(("player 1", "player 2"), EN, None)
    assert news([PlayerResigned(Seat.FIRST)], DEFAULT, nobody, EN) == ["Player 1 resigns."]


def test_an_open_seat_and_an_unknown_player_have_one_text_each() -> None:
    assert player_name(None, None, EN) == "(nobody yet)"
    assert player_name(PlayerId("bot:random"), None, EN) == "the easy bot"
    assert player_name(PlayerId("someone"), InMemoryDirectory(), EN) == "someone"
