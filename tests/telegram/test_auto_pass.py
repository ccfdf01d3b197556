"""Issue 34 item 8 on Telegram: a player who keeps pressing Pass where it is their only button
is told once that ``auto pass`` makes such moves for them, and what it shows the opponent."""

from __future__ import annotations

from tests.telegram.driver import play
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot, Phone
from tests.telegram.test_play import start_game

HINT = "Passing is all you can do here, again. Send auto pass"
REVEALS = "an instant pass tells your opponent the card melds with nothing you hold"


def test_auto_pass_is_suggested_once_a_game_with_what_it_reveals(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    game_id = start_game(bot, ana, ben)
    play(bot, [ana, ben], game_id, seed=5)
    game = bot.service.game(game_id)
    for phone in (ana, ben):
        seat = game.seat_of(bot.player(phone.person))
        assert seat is not None
        boards = {
            call.params.get("message_id", index)
            for index, call in enumerate(fake.calls)
            if call.chat_id == phone.chat and HINT in str(call.params.get("text", ""))
        }
        assert len(boards) == (1 if game.only_passes[seat] >= 3 else 0), phone.person
        if boards:
            assert any(REVEALS in str(call.params.get("text", "")) for call in fake.calls)
    assert max(game.only_passes) >= 3


def test_turning_auto_pass_on_says_what_it_shows_the_opponent(
    bot: Bot, ana: Phone, ben: Phone
) -> None:
    start_game(bot, ana, ben)
    ana.say("auto pass")
    assert REVEALS in ana.last().text
