"""Hints by mail (issue 38): a reply ``hint`` in a casual game against the bot is answered with
the hard bot's move in words; in a rated game and in a game between people it is refused and
changes nothing.  Replies go through Dovecot and the IMAP poller, mail out through aiosmtpd."""

from __future__ import annotations

from service.game.events import GameId, HintGiven
from tests.email.world import ANA, BEN, SERVICE, World, request


def bot_game(world: World, options: str = "") -> GameId:
    world.send(request(ANA, f"new game with the bot {options}".strip()), SERVICE)
    [line] = world.service.games_of(world.players[ANA])
    return line.game_id


def test_a_hint_by_mail_in_a_casual_bot_game(imap_world: World) -> None:
    world = imap_world
    game_id = bot_game(world)
    before = world.service.game(game_id).version

    world.answer(world.latest(ANA), "hint")

    text = world.latest(ANA).text()
    assert "The hard bot would play: " in text and "% of the deal endings" in text
    last = world.service.events(game_id)[-1]
    assert isinstance(last.event, HintGiven) and last.event.version == before


def test_a_hint_by_mail_is_refused_in_a_rated_bot_game(imap_world: World) -> None:
    world = imap_world
    game_id = bot_game(world, "rated")
    before = world.service.game(game_id).version

    world.answer(world.latest(ANA), "hint")

    assert "No hints in a rated game" in world.latest(ANA).text()
    assert world.service.game(game_id).version == before


def test_a_hint_by_mail_is_refused_in_a_game_between_people(imap_world: World) -> None:
    world = imap_world
    game_id = world.start_game()
    before = world.service.game(game_id).version
    mover = ANA if world.service.game(game_id).to_act == world.players[ANA] else BEN

    world.answer(world.latest(mover), "hint")

    assert "No hints in a game against a person" in world.latest(mover).text()
    assert world.service.game(game_id).version == before


def test_review_by_mail_is_the_senders_own_summary(world: World) -> None:
    game_id = bot_game(world)
    world.answer(world.latest(ANA), "resign")
    assert world.service.game(game_id).status == "over"
    assert world.service.reviewing.follow() == 1

    world.send(request(ANA, "review"), SERVICE)

    assert world.latest(ANA).text().count("The hard bot reviewed your ") == 1
    world.send(request(BEN, f"review {game_id}"), SERVICE)
    assert "You are not a player in this game." in world.latest(BEN).text()
