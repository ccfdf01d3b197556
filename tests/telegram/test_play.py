"""Two Telegram users play a whole match through the bot over real HTTP: one invites, the other
taps the invitation, and they play a deal to a win with the turn messages' buttons — or with
typed commands in the shared grammar."""

from __future__ import annotations

import random

import pytest

from service.bots.policies import greedy_bot
from service.game.events import GameId
from service.rules.seats import Phase
from tests.telegram.driver import LeakCheck, play, press_action
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot, Phone


def start_game(bot: Bot, host: Phone, guest: Phone) -> GameId:
    host.say("/new")
    guest.say(f"/start {host.invitation()}")
    [line] = bot.service.games_of(bot.player(host.person))
    return line.game_id


def test_an_invited_friend_joins_and_both_are_told(bot: Bot, ana: Phone, ben: Phone) -> None:
    ana.say("/new")
    assert "Send this invitation" in ana.last().text
    assert ana.last().labels() == ["Share the invitation"]

    ben.say(f"/start {ana.invitation()}")

    game_id = bot.service.games_of(bot.player(ana.person))[0].game_id
    game = bot.service.game(game_id)
    assert game.status == "playing"
    assert ben.messages()[0].text.startswith("You joined Ana's game.")
    assert "Ben joins as player 2." in ana.last().text
    first = ana if game.to_act == bot.player(ana.person) else ben
    assert "Your turn." in first.last().text and first.last().buttons()


def test_a_whole_deal_is_played_to_a_win_with_buttons(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    game_id = start_game(bot, ana, ben)
    check = LeakCheck(fake, bot, game_id)

    decisions = play(bot, [ana, ben], game_id, seed=3, check=check)

    game = bot.service.game(game_id)
    assert game.rules.phase is Phase.OVER and decisions > 5
    winner = game.rules.match.winner
    assert winner is not None, "this seed's deal is won, not drawn"
    assert check.checked > 50
    for phone in (ana, ben):
        ending = phone.last()
        assert "The match is over" in ending.text
        assert ending.labels() == ["Rematch", "New game"]
        won = bot.player(phone.person) == game.players[winner]
        other = (ben if phone is ana else ana).person.first_name
        headline = ending.text.splitlines()[0]
        assert headline.startswith("You won the match" if won else f"{other} won the match")

    ana.press(ana.last(), "Rematch")
    assert ana.last().text == "Rematch offered to Ben: waiting for them."
    ben.press(ben.last(), "Rematch")
    [rematch] = [s for s in bot.service.games_of(bot.player(ana.person)) if s.status == "playing"]
    assert rematch.game_id != game_id


def test_a_whole_deal_leaves_one_board_per_chat_and_a_move_list_of_one_line_records(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    game_id = start_game(bot, ana, ben)
    sent_before = {p: len(fake.calls_to(p.chat, "sendMessage")) for p in (ana, ben)}
    turns = {p: 0 for p in (ana, ben)}
    owed = None
    rng = random.Random(3)
    by_player = {bot.player(p.person): p for p in (ana, ben)}
    while (game := bot.service.game(game_id)).status == "playing":
        phone = by_player[game.to_act]
        if owed is not phone:  # a new turn of this player's (one turn may hold two decisions)
            turns[phone] += 1
            owed = phone
        press_action(phone, greedy_bot(bot.view(phone.person, game_id), rng))
        if bot.service.game(game_id).to_act != game.to_act:
            owed = None

    for phone in (ana, ben):
        new = len(fake.calls_to(phone.chat, "sendMessage")) - sent_before[phone]
        assert new <= turns[phone] + 1, f"{phone.person.first_name}: {new} new messages"
        boards = [m for m in phone.messages() if "#" in m.text and "invitation" not in m.text]
        *older, ending = boards
        assert len(older) >= 3
        for board in older:
            assert "\n" not in board.text and not board.buttons(), board.text
            assert board.text.startswith(f"#{game_id[:6]} ·") or "shown again" in board.text
        assert ending.labels() == ["Rematch", "New game"]
    assert fake.not_modified == 0


def test_a_whole_deal_is_played_with_typed_commands(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    game_id = start_game(bot, ana, ben)
    check = LeakCheck(fake, bot, game_id)

    play(bot, [ana, ben], game_id, seed=3, typed=1.0, check=check)

    game = bot.service.game(game_id)
    assert game.rules.phase is Phase.OVER and game.rules.match.winner is not None


@pytest.mark.parametrize("seed", [1, 4, 6])
def test_random_games_show_no_player_the_opponents_hidden_cards(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone, seed: int
) -> None:
    ana.say("/settings pictures=on")
    ben.say("/settings pictures=on")
    game_id = start_game(bot, ana, ben)
    check = LeakCheck(fake, bot, game_id)

    play(bot, [ana, ben], game_id, seed=seed, typed=0.3, check=check)

    assert bot.service.game(game_id).status == "over"
    assert check.photos > 3 and check.checked > 20
