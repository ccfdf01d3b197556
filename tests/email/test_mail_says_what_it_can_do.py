"""Issue 34 item 7, through the test mail servers: each mail says only what can be done with it
— an answer to talk is no move played, news while waiting tells only what is new, a deal's
commitment is told once and its salt never in a list of news (the ending links to the replay,
which checks them), and the list of other commands comes once a game."""

from __future__ import annotations

from tests.email.world import ANA, BEN, World, greedy_command

COMMANDS = "Other commands:"


def test_an_answer_to_talk_says_it_is_still_your_turn_not_that_a_move_was_played(
    world: World,
) -> None:
    world.start_game()
    game = world.service.game(next(iter(world.service.games_of(world.players[ANA]))).game_id)
    on_turn = ANA if game.to_act == world.players[ANA] else BEN
    world.answer(world.latest(on_turn), "say good luck!")
    text = world.latest(on_turn).text()
    assert "Done. It is still your turn." in text
    assert "Your move is played" not in text
    world.answer(world.latest(on_turn), "offer draw")
    assert "Done. It is still your turn." in world.latest(on_turn).text()


def test_a_whole_game_by_mail_tells_each_thing_once(world: World) -> None:
    game_id = world.start_game()
    service = world.service
    on_turn = ANA if service.game(game_id).to_act == world.players[ANA] else BEN
    waiting = BEN if on_turn == ANA else ANA
    before = len(world.sink.to(waiting))
    world.answer(world.latest(on_turn), "say hello")
    world.answer(world.latest(on_turn), "say are you there?")
    news = [mail.text() for mail in world.sink.to(waiting)[before:]]
    assert len(news) == 2 and "hello" in news[0] and "are you there?" in news[1]
    assert "hello" not in news[1], "a news mail tells only what is new"
    assert not any("joins as player 2" in text for text in news)
    for step in range(300):
        game = service.game(game_id)
        if game.status == "over":
            break
        address = ANA if game.to_act == world.players[ANA] else BEN
        world.answer(world.latest(address), greedy_command(world, game_id, address, seed=step))
    deals = len(service.game(game_id).rules.results)
    for address in (ANA, BEN):
        mails = [mail.text() for mail in world.sink.to(address)]
        committed = sum(text.count("deck order is committed: SHA-256") for text in mails)
        assert committed == deals, address
        assert not any("salt is revealed" in text for text in mails), address
        assert f"commitment. https://conquian.test/games/{game_id}/replay" in mails[-1]
        assert sum(COMMANDS in text for text in mails) == 1, address
