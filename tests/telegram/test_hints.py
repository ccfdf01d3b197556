"""Hints on Telegram (issue 38): ``hint`` typed in the chat answers with the hard bot's move in a
casual game against a bot, and is refused, changing nothing, in a rated game and in a game
between people."""

from __future__ import annotations

from service.game.events import GameId, HintGiven
from tests.telegram.harness import Bot, Phone
from tests.telegram.test_play import start_game


def bot_game(bot: Bot, phone: Phone, options: str = "") -> GameId:
    phone.say(f"/new bot {options}".strip())
    [line] = bot.service.games_of(bot.player(phone.person))
    return line.game_id


def test_hint_in_a_casual_bot_game_says_what_the_hard_bot_would_play(bot: Bot, ana: Phone) -> None:
    game_id = bot_game(bot, ana)
    before = bot.service.game(game_id).version

    ana.say("hint")

    assert ana.last().text.startswith("The hard bot would play: ")
    assert "% of the deal endings" in ana.last().text
    last = bot.service.events(game_id)[-1]
    assert isinstance(last.event, HintGiven) and last.event.version == before


def test_hint_is_refused_in_a_rated_game_against_the_bot(bot: Bot, ana: Phone) -> None:
    game_id = bot_game(bot, ana, "rated")
    before = bot.service.game(game_id).version

    ana.say("hint")

    assert "No hints in a rated game" in ana.last().text
    assert bot.service.game(game_id).version == before


def test_hint_is_refused_in_a_game_between_people(bot: Bot, ana: Phone, ben: Phone) -> None:
    game_id = start_game(bot, ana, ben)
    before = bot.service.game(game_id).version
    mover = ana if bot.service.game(game_id).to_act == bot.player(ana.person) else ben

    mover.say("hint")

    assert "No hints in a game against a person" in mover.last().text
    assert bot.service.game(game_id).version == before


def test_review_after_the_game_is_the_players_own_summary(bot: Bot, ana: Phone, ben: Phone) -> None:
    ben.say("/review")
    assert ben.last().text == "You have no finished game to review yet."
    game_id = bot_game(bot, ana)
    ana.say("hint")
    move = ana.last().text.split(": ", 1)[1].split(".")[0]
    ana.say(move)
    ana.say("/resign")
    assert bot.service.game(game_id).status == "over"

    ana.say("/review")
    assert ana.last().text == "Your review of this game is not ready yet: try again in a minute."
    assert bot.service.reviewing.follow() == 1
    ana.say("/review")

    assert ana.last().text.startswith("The hard bot reviewed your ")
    ben.say(f"/review #{game_id[:6]}")
    assert "The hard bot reviewed" not in ben.last().text


def test_the_board_has_a_hint_button_only_in_a_casual_bot_game(
    bot: Bot, ana: Phone, ben: Phone
) -> None:
    bot_game(bot, ana)
    board = ana.turn_message()
    assert "Hint" in board.labels()

    ana.press(board, "Hint")

    assert ana.last().text.startswith("The hard bot would play: ")
    game_id = start_game(bot, ben, ana)
    mover = ana if bot.service.game(game_id).to_act == bot.player(ana.person) else ben
    assert "Hint" not in mover.wait_for_turn().labels()


def test_help_lists_hint_in_a_casual_bot_game(bot: Bot, ana: Phone) -> None:
    bot_game(bot, ana)
    ana.say("help")
    assert "hint    " in ana.last().text


def test_help_lists_no_hint_in_a_game_between_people(bot: Bot, ana: Phone, ben: Phone) -> None:
    game_id = start_game(bot, ana, ben)
    mover = ana if bot.service.game(game_id).to_act == bot.player(ana.person) else ben
    mover.say("help")
    assert "resign" in mover.last().text and "hint    " not in mover.last().text
