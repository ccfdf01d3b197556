"""Presses and messages that must not move the game each get their own answer, and change
nothing: no event is appended and no message is sent or edited besides the answer itself."""

from __future__ import annotations

from itertools import combinations

import pytest

from adapters.telegram.callbacks import Press
from service.game.events import GameId
from service.language.notation import card_name
from service.rules.actions import Take
from service.words.prompts import action_text
from tests.telegram.driver import label
from tests.telegram.fake_api import Call, FakeTelegram
from tests.telegram.harness import Bot, Phone
from tests.telegram.test_play import start_game


class Unchanged:
    """The game's version and the bot's calls, to check that a refusal left both alone."""

    def __init__(self, fake: FakeTelegram, bot: Bot, game_id: GameId) -> None:
        self.fake, self.bot, self.game_id = fake, bot, game_id
        self.version = bot.service.game(game_id).version
        self.calls = len(fake.calls)

    def new_calls(self) -> list[Call]:
        return self.fake.calls[self.calls :]

    def assert_only(self, *methods: str) -> None:
        assert self.bot.service.game(self.game_id).version == self.version
        assert [c.method for c in self.new_calls()] == list(methods)


@pytest.fixture
def game(bot: Bot, ana: Phone, ben: Phone) -> GameId:
    return start_game(bot, ana, ben)


def on_turn(bot: Bot, game_id: GameId, ana: Phone, ben: Phone) -> tuple[Phone, Phone]:
    """The phone of the player to act, and the other one."""
    if bot.service.game(game_id).to_act == bot.player(ana.person):
        return ana, ben
    return ben, ana


def test_a_stale_button_says_the_position_moved_on(
    bot: Bot, fake: FakeTelegram, game: GameId, ana: Phone, ben: Phone
) -> None:
    mover, _ = on_turn(bot, game, ana, ben)
    message = mover.turn_message()
    old_take = next(b["callback_data"] for b in message.buttons() if b["text"].startswith("Take"))
    old_pass = next(b["callback_data"] for b in message.buttons() if b["text"] == "Pass")
    mover.press(message, "Pass")
    unchanged = Unchanged(fake, bot, game)

    for data in (old_pass, old_take):
        answer = mover.press_data(message, data)
        assert answer.startswith("This position has moved on")

    unchanged.assert_only("answerCallbackQuery", "answerCallbackQuery")


def test_a_press_by_the_other_player_is_refused(
    bot: Bot, fake: FakeTelegram, game: GameId, ana: Phone, ben: Phone
) -> None:
    mover, other = on_turn(bot, game, ana, ben)
    unchanged = Unchanged(fake, bot, game)

    answer = other.press(mover.turn_message(), "Pass")

    assert (
        answer
        == f"These buttons are {mover.person.first_name}'s: yours are in your own chat with me."
    )
    unchanged.assert_only("answerCallbackQuery")


def test_a_press_in_someone_elses_game_is_refused(
    bot: Bot, fake: FakeTelegram, game: GameId, ana: Phone, ben: Phone
) -> None:
    mover, _ = on_turn(bot, game, ana, ben)
    cid = Phone(fake, fake.person("Cid"))
    cid.say("/start")
    unchanged = Unchanged(fake, bot, game)

    answer = cid.press(mover.turn_message(), "Pass")

    assert answer == "You are not a player in this game."
    unchanged.assert_only("answerCallbackQuery")


def test_a_button_we_never_made_is_refused(
    bot: Bot, fake: FakeTelegram, game: GameId, ana: Phone, ben: Phone
) -> None:
    mover, _ = on_turn(bot, game, ana, ben)
    message = mover.turn_message()
    unchanged = Unchanged(fake, bot, game)
    forged_move = Press("move", game, bot.service.game(game).version, None, "Z").encode()

    assert mover.press_data(message, "take everything") == "This button is not one of mine."
    assert mover.press_data(message, forged_move) == "This button is not one of mine."
    assert mover.press_data(message, "m1:nosuchgame:3:P") == "There is no such game."
    unchanged.assert_only(*["answerCallbackQuery"] * 3)


def not_a_meld(bot: Bot, phone: Phone, game_id: GameId) -> tuple[int, int]:
    """Two hand cards that do not meld with the center card."""
    view = bot.view(phone.person, game_id)
    takes = {a.put_down for a in view.legal_actions if isinstance(a, Take)}
    for pair in combinations(view.hand, 2):
        if not any(set(pair) == set(put) for put in takes):
            return pair[0], pair[1]
    raise AssertionError("every pair melds")


def test_an_invalid_meld_typed_is_explained(
    bot: Bot, fake: FakeTelegram, game: GameId, ana: Phone, ben: Phone
) -> None:
    mover, _ = on_turn(bot, game, ana, ben)
    first, second = not_a_meld(bot, mover, game)
    view = bot.view(mover.person, game)
    discard = next(c for c in view.hand if c not in (first, second))
    unchanged = Unchanged(fake, bot, game)

    mover.say(f"take {first} {second} discard {discard}")

    unchanged.assert_only("sendMessage")
    problem, options = mover.last().text.splitlines()
    assert problem.startswith(f"⚠ {card_name(first)} {card_name(second)}"), problem
    assert "can't all be arranged" in problem
    assert options.startswith(f"Take {card_name(view.center)} with cards from your hand")


def test_an_invalid_meld_chosen_with_buttons_offers_no_discard(
    bot: Bot, fake: FakeTelegram, game: GameId, ana: Phone, ben: Phone
) -> None:
    mover, _ = on_turn(bot, game, ana, ben)
    first, second = not_a_meld(bot, mover, game)
    message = mover.turn_message()
    mover.press(message, "Take")
    mover.press(message, label(first))
    mover.press(message, label(second))
    unchanged = Unchanged(fake, bot, game)

    answer = mover.press(message, "✗ not a meld yet")

    assert (
        answer
        == f"{first} {second} and {bot.view(mover.person, game).center} do not make a meld on your table: change the cards."
    )
    assert not [text for text in message.labels() if text.startswith(("Discard", "Go out"))]
    unchanged.assert_only("answerCallbackQuery")


def test_garbage_text_is_answered_with_what_is_possible(
    bot: Bot, fake: FakeTelegram, game: GameId, ana: Phone, ben: Phone
) -> None:
    mover, other = on_turn(bot, game, ana, ben)
    unchanged = Unchanged(fake, bot, game)

    mover.say("dance!")
    other.say("take qq")

    unchanged.assert_only("sendMessage", "sendMessage")
    assert mover.last().text.startswith("⚠ I don't know the command 'dance!'.")
    assert other.last().text.startswith("⚠ 'qq' is not a card")


def test_a_typed_command_on_a_position_the_chat_was_not_shown_is_refused_and_shows_it(
    bot: Bot, fake: FakeTelegram, game: GameId, ana: Phone, ben: Phone
) -> None:
    """The game moves on behind the chat (here through the service, as a move on the web page
    or a timeout would, with its news not yet sent): a command typed for the turn message the
    player has is not applied to a position they have not seen here."""
    mover, _ = on_turn(bot, game, ana, ben)
    shown = bot.service.game(game).version
    player = bot.player(mover.person)
    while True:  # play on, out of the chat's sight, until it is the mover's decision again
        acting = bot.service.game(game).to_act
        assert acting is not None
        view = bot.service.view(game, acting)[1]
        bot.service.act(game, acting, action_text(view.legal_actions[0], view.variant.deck_faces))
        if bot.service.game(game).to_act == player:
            break
    view = bot.view(mover.person, game)
    command = action_text(view.legal_actions[0], view.variant.deck_faces)
    moved_on = bot.service.game(game).version

    mover.say(command)

    assert bot.service.game(game).version == moved_on  # not applied
    news = mover.turn_message().text
    assert news.startswith(f"⚠ This position has moved on (you saw move {shown};")
    mover.say(command)  # now the chat shows the position: the same command is played
    assert bot.service.game(game).version > moved_on


def test_a_card_chosen_on_a_board_the_chat_no_longer_has_shows_the_board_anew(
    bot: Bot, fake: FakeTelegram, game: GameId, ana: Phone, ben: Phone
) -> None:
    """Found by fuzzing: choosing a card edits the board's buttons, and an edit of a message
    the player deleted was raised again and again until the update was given up."""
    mover, _ = on_turn(bot, game, ana, ben)
    board = mover.turn_message()
    seat = bot.service.game(game).seat_of(bot.player(mover.person))
    choose = Press("select", game, bot.service.game(game).version, seat, "0").encode()
    fake.delete(mover.chat, board.message_id)
    unchanged = Unchanged(fake, bot, game)

    assert mover.press_data(board, choose) == ""

    new = mover.turn_message()
    assert new.message_id > board.message_id and new.text.startswith("Game #")
    sent = [c.method for c in unchanged.new_calls() if c.chat_id == mover.chat]
    assert sent[:2] == ["editMessageReplyMarkup", "sendMessage"]
    assert sent.count("editMessageReplyMarkup") == 1, "handled once, not retried"
    assert bot.service.game(game).version == unchanged.version
