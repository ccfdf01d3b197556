"""Telegram's conventions, through the fake Bot API: the "/" menu in every language, and the
bot told of being blocked, unblocked or removed from a group (``my_chat_member``)."""

from __future__ import annotations

import random

from service.bots.policies import greedy_bot
from tests.telegram.driver import press_action
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot, Phone
from tests.telegram.test_play import start_game


def test_the_commands_menu_is_set_in_every_language(bot: Bot, fake: FakeTelegram) -> None:
    assert set(fake.menus) == {"", "es", "tl", "uk", "ms", "hi"}
    english = {c["command"]: c["description"] for c in fake.menus[""]}
    assert english["rematch"] == "play the last opponent again"
    for code, commands in fake.menus.items():
        assert [c["command"] for c in commands] == list(english), code
        if code:
            said = {c["command"]: c["description"] for c in commands}
            assert said["rematch"] != english["rematch"], f"{code} menu is in English"


def test_a_player_who_blocks_the_bot_is_not_sent_to_until_they_unblock_it(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    game_id = start_game(bot, ana, ben)
    assert fake.allowed_updates is not None and "my_chat_member" in fake.allowed_updates
    first, other = (
        (ana, ben)
        if bot.service.game(game_id).to_act == bot.player(ana.person)
        else (
            ben,
            ana,
        )
    )
    other.settle(fake.block(other.person))
    assert bot.app.channel.records.unreachable(bot.player(other.person)) == "blocked the bot"
    before = len(fake.calls_to(other.chat, "sendMessage", "editMessageText"))

    rng = random.Random(1)
    while bot.service.game(game_id).to_act == bot.player(first.person):
        press_action(first, greedy_bot(bot.view(first.person, game_id), rng))

    assert len(fake.calls_to(other.chat, "sendMessage", "editMessageText")) == before
    other.settle(fake.unblock(other.person))
    assert bot.app.channel.records.unreachable(bot.player(other.person)) is None
    assert other.last().text.startswith("Welcome back: this game waits for you.")
    assert other.last().buttons()


def test_a_group_that_removes_the_bot_is_told_no_more(
    bot: Bot, fake: FakeTelegram, ana: Phone
) -> None:
    group = fake.group()
    ana.say("/start")  # a host opens their private chat first
    ana.say("/new", chat_id=group)
    [line] = bot.service.games_of(bot.player(ana.person))
    assert bot.app.channel.records.group_of(line.game_id) is not None

    ana.settle(fake.member_update(ana.person, group, "member", "left"))

    assert bot.app.channel.records.group_of(line.game_id) is None


def test_new_game_under_the_ending_opens_a_game_with_an_invitation(
    bot: Bot, ana: Phone, ben: Phone
) -> None:
    game_id = start_game(bot, ana, ben)
    ana.say("/resign")
    assert bot.service.game(game_id).status == "over"

    ana.press(ana.last(), "New game")

    opened = [s for s in bot.service.games_of(bot.player(ana.person)) if s.status == "open"]
    assert len(opened) == 1 and "Send this invitation" in ana.last().text


def test_with_full_boards_old_boards_keep_their_table_and_lose_only_their_buttons(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    ana.say("/settings boards=full")
    assert "Boards: full" in ana.last().text
    ben.say("/settings boards=tidy")
    game_id = start_game(bot, ana, ben)
    rng = random.Random(2)
    by_player = {bot.player(p.person): p for p in (ana, ben)}
    for _ in range(8):
        game = bot.service.game(game_id)
        phone = by_player[game.to_act]
        press_action(phone, greedy_bot(bot.view(phone.person, game_id), rng))

    boards = [m for m in ana.messages() if f"Game #{game_id[:6]}\n" in m.text]
    assert len(boards) >= 3
    assert all(not board.buttons() and "\n" in board.text for board in boards[:-1])
    records = [m for m in ben.messages() if m.text.startswith(f"#{game_id[:6]} ·")]
    assert records and all("\n" not in m.text for m in records)
    assert fake.not_modified == 0
