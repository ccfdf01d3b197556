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


def test_the_offer_starts_one_deal_however_often_it_is_pressed(bot: Bot, ana: Phone) -> None:
    ana.say("/start")
    offer = ana.last()
    assert ana.press(offer, "Practice deal") == ""
    player = bot.player(ana.person)
    assert len(bot.service.games_of(player)) == 1
    board = ana.last().text
    assert "This offer is no longer open" in ana.press(offer, "Practice deal")
    assert "This offer is no longer open" in ana.press(offer, "No thanks")
    assert len(bot.service.games_of(player)) == 1
    assert ana.last().text == board  # nothing said in the chat
    assert bot.service.directory.profile(player).practice_skipped is False


def test_a_stale_offer_starts_nothing_after_no_thanks(bot: Bot, ana: Phone) -> None:
    ana.say("/start")
    offer = ana.last()
    ana.press(offer, "No thanks")
    said = ana.last().text
    assert "This offer is no longer open" in ana.press(offer, "Practice deal")
    assert bot.service.games_of(bot.player(ana.person)) == []
    assert ana.last().text == said


def test_help_lists_practice_review_and_hint_and_the_welcome_names_the_lobby(
    bot: Bot, ana: Phone
) -> None:
    ana.say("/start")
    assert "/lobby — find an opponent" in ana.last().text
    ana.say("/help")
    said = ana.last().text
    assert "/practice — a practice deal against the easy bot" in said
    assert "/skip practice" in said and "/review [#game]" in said and "/hint [#game]" in said
