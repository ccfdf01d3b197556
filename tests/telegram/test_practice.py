"""The guided first deal on Telegram (issue 38), against the fake Bot API: offered under the
first /start with Practice deal and No thanks, started with a press, played to the end by
pressing the board's moves, each prompt shown once, in the board, at the first decision of its
kind (``tests/practice_deal.py``); No thanks (or ``/skip practice``) stops the offer."""

from __future__ import annotations

from pathlib import Path

from adapters.telegram.callbacks import move
from service.game.status import GameStatus
from tests.practice_deal import DECISIONS, PracticeChance, choose, expected_at
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot, Phone
from tests.web.test_practice_page import SAID

OFFERED = "New to Conquian? Play a practice deal"


def test_the_guided_deal_is_played_to_the_end_by_pressing(
    fake: FakeTelegram, tmp_path: Path, bots: list[Bot], ana: Phone
) -> None:
    bot = Bot(fake, tmp_path / "data", PracticeChance()).start()
    bots.append(bot)
    ana.say("/start")
    offer = ana.last()
    assert offer.text.startswith("Welcome to Conquian") and OFFERED in offer.text
    ana.press(offer, "Practice deal")
    player = bot.player(ana.person)
    [line] = bot.service.games_of(player)
    game_id = line.game_id
    assert bot.service.game(game_id).practice
    for decision in range(DECISIONS):
        board = ana.turn_message()
        shown = tuple(kind for kind, said in SAID.items() if said in board.text)
        assert shown == expected_at(decision), f"decision {decision}: {shown}"
        assert ("Practice: " in board.text) is bool(shown)
        game, view = bot.service.view(game_id, player)
        ana.press_data(board, move(game_id, game.version, choose(view)).encode())
    assert bot.service.game(game_id).status is GameStatus.OVER
    assert all("Practice: " not in one.text for one in ana.messages()[-2:])


def test_no_thanks_stops_the_offer(bot: Bot, ana: Phone, ben: Phone) -> None:
    ana.say("/start")
    ana.press(ana.last(), "No thanks")
    assert "No practice deal" in ana.last().text
    ana.say("/start")
    assert OFFERED not in ana.last().text
    ben.say("/start")
    assert OFFERED in ben.last().text
    ben.say("/skip practice")
    ben.say("/start")
    assert OFFERED not in ben.last().text
