"""A board whose answer is lost counts as shown (issue 34, item 1).

A connection can drop after Telegram delivered a message and before its answer reached the bot
(a timeout, a reset).  The player then sees the new board with its buttons, and a move typed on
it must be judged against that board, not the one before: here every turn message's answer is
lost, in a whole game played by typing, and no legal move is refused.
"""

from __future__ import annotations

import json

from adapters.telegram.callbacks import decode
from tests.telegram.driver import play
from tests.telegram.fake_api import JSON, FakeTelegram
from tests.telegram.harness import Bot, Phone
from tests.telegram.test_play import start_game


def is_turn_message(params: JSON) -> bool:
    """A message with buttons for a decision (the board of a player's turn)."""
    rows = json.loads(params.get("reply_markup") or "{}").get("inline_keyboard", [])
    pressed = [decode(button.get("callback_data", "")) for row in rows for button in row]
    return any(press is not None and press.kind == "move" for press in pressed)


def test_no_typed_move_is_refused_when_every_turn_messages_answer_is_lost(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    game_id = start_game(bot, ana, ben)
    before = len(fake.calls)
    lost = fake.drop("sendMessage", times=10_000, when=is_turn_message)

    decisions = play(bot, [ana, ben], game_id, seed=5, typed=1.0)  # each typed move moves it

    assert bot.service.game(game_id).status == "over"
    boards = [
        c for c in fake.calls[before:] if c.method == "sendMessage" and is_turn_message(c.params)
    ]
    assert lost.dropped == len(boards) > decisions / 2, "the turn messages' answers were lost"
    said = [m.text for phone in (ana, ben) for m in phone.messages()]
    assert not [text for text in said if "moved on" in text], "a typed move was refused"


def test_no_move_is_refused_when_every_board_and_edit_answer_is_lost(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    """Boards sent and edited (a press edits its board) with every answer lost, typed moves
    and presses mixed: each counts as shown."""
    game_id = start_game(bot, ana, ben)
    sends = fake.drop("sendMessage", times=10_000)
    edits = fake.drop("editMessageText", times=10_000)

    play(bot, [ana, ben], game_id, seed=7, typed=0.5)

    assert bot.service.game(game_id).status == "over"
    assert sends.dropped > 10 and edits.dropped > 10
    said = [m.text for phone in (ana, ben) for m in phone.messages()]
    assert not [text for text in said if "moved on" in text], "a move was refused"
