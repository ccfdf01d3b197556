"""A game started in a group (the group sees the public moves, hands stay in private chats) and
a game against the bot."""

from __future__ import annotations

import re

from adapters.telegram.group_news import SCOREBOARD
from adapters.telegram.render import recent
from service.game.events import GameId
from tests.telegram.driver import LeakCheck, play
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot, Phone


def group_game(bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone) -> tuple[int, GameId]:
    """A game Ana (her private chat open) starts in a new group and Ben joins from the group's
    invitation: the group and the game."""
    group = fake.group()
    ana.say("/start")
    ana.say("/new", chat_id=group)
    found = re.search(r"start=(\w+)", fake.chat(group)[0].buttons()[0]["url"])
    assert found is not None
    ben.say(f"/start {found.group(1)}")
    [line] = bot.service.games_of(bot.player(ben.person))
    return group, line.game_id


def test_a_group_game_shows_public_moves_in_the_group_and_hands_only_in_private(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    group = fake.group()
    ana.say("/new", chat_id=group)  # Ana has never written to the bot in private
    invitation = fake.last(group)
    found = re.search(r"start=(\w+)", invitation.buttons()[0]["url"])
    assert found is not None
    ana.say(f"/start {found.group(1)}")
    assert "Your private chat with me is open" in ana.last().text
    ana.say("/new", chat_id=group)
    invitation = fake.last(group)
    assert invitation.labels() == ["Join Ana's game"]
    found = re.search(r"start=(\w+)", invitation.buttons()[0]["url"])
    assert found is not None

    ben.say(f"/start {found.group(1)}")

    [line] = bot.service.games_of(bot.player(ben.person))
    game_id = line.game_id
    news = fake.last(group).text
    assert news.startswith(f"Ana vs Ben (#{game_id[:6]}):\nBen joins as player 2.")
    assert bot.app.channel.records.unreachable(bot.player(ana.person)) is None
    assert any(f"#{game_id[:6]}" in m.text for m in ana.messages())  # her table, in private
    ben.say("pass", chat_id=group)  # chatter in the group is not a command
    ben.say("/hand", chat_id=group)
    assert (
        fake.last(group).text == "Play in your private chat with me: your hand is shown only there."
    )

    check = LeakCheck(fake, bot, game_id, groups=[group])
    play(bot, [ana, ben], game_id, seed=5, check=check)

    fake.wait(lambda: " won the match against " in fake.last(group).text)  # paced: may come late
    said = [m.text for m in fake.chat(group)]
    assert " won the match against " in said[-1].splitlines()[-1]
    edits = [str(c.params["text"]) for c in fake.calls_to(group, "editMessageText")]
    assert sum(text.count("turns up") for text in edits) >= 3  # on the scoreboard, in turn
    assert all(not m.buttons() for m in fake.chat(group)[2:])  # after the ask and the invitation
    assert not any("Your hand" in text or "hand was" in text for text in said)


def test_a_host_the_bot_cannot_write_to_opens_no_game_and_is_asked_to_open_a_private_chat(
    bot: Bot, fake: FakeTelegram, ana: Phone
) -> None:
    """Issue 34 item 2: no game (no clock) starts with a host every message to whom fails;
    the group is told why, with the deep link that opens the private chat."""
    group = fake.group()
    ana.say("/new", chat_id=group)
    ana.say("/new bot", chat_id=group)
    assert bot.service.games_of(bot.player(ana.person)) == []
    asked = fake.last(group)
    assert "Ana, I cannot write to you in private yet" in asked.text
    assert asked.labels() == ["Open a private chat"]
    assert asked.buttons()[0]["url"].endswith("?start=private")


def test_a_game_against_the_bot_is_played_to_its_end(
    bot: Bot, fake: FakeTelegram, ana: Phone
) -> None:
    ana.say("/new bot")

    [line] = bot.service.games_of(bot.player(ana.person))
    game = bot.service.game(line.game_id)
    assert game.players[1] == "bot:greedy" and game.status == "playing"
    assert ana.last().text.startswith("A new game against the medium bot.")  # plain bot: medium
    assert "Your turn." in ana.last().text

    check = LeakCheck(fake, bot, line.game_id)
    decisions = play(bot, [ana], line.game_id, seed=2, check=check)

    assert decisions > 3 and bot.service.game(line.game_id).status == "over"
    assert "The match is over" in ana.last().text
    assert "the medium bot" in "\n".join(m.text for m in ana.messages())


def test_the_end_of_a_group_game_refused_with_429_is_posted_after_retry_after(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    group, game_id = group_game(bot, fake, ana, ben)
    fake.wait(lambda: len(fake.chat(group)) == 2)  # the invitation, then "Ben joins"
    fake.fail("sendMessage", group, 429, "Too Many Requests: retry after 1", retry_after=1)

    play(bot, [ana, ben], game_id, seed=5)  # the scoreboard is edited; the end is a post

    fake.wait(lambda: len(fake.chat(group)) == 3)  # paced: the end's post comes after 429
    assert not fake.failures[0].times, "the end's post was refused once"
    scoreboard, end = fake.chat(group)[1:]
    story = bot.app.processor.screens.news(bot.service.moment(game_id, 1), 1)
    assert scoreboard.text.splitlines()[1:] == recent(story, SCOREBOARD)
    assert end.text.splitlines()[-1] == story[-1]  # told after Telegram's retry_after


def test_commands_for_the_private_chat_sent_in_a_group_say_where_to_send_them_and_why(
    bot: Bot, fake: FakeTelegram, ana: Phone
) -> None:
    """Issue 34 item 5: each in words that fit it, not one line about hands for all."""
    group = fake.group()
    ana.say("/start")
    expected = {
        "/privacy": "Ask me /privacy in our private chat: I tell you there what I keep about "
        "you, and for how long.",
        "/mydata": "Ask me /mydata in our private chat: your data is yours alone.",
        "/erase": "Ask me /erase in our private chat: only you can erase your data, and only "
        "there.",
        "/stats": "Ask me /stats in our private chat: your rating and record are shown to you "
        "there.",
        "/say hello all": "To talk to your opponent, write /say … in our private chat, or reply "
        "there to the game's message: your words go to them alone, never to the group.",
        "/hand": "Play in your private chat with me: your hand is shown only there.",
    }
    for command, answer in expected.items():
        ana.say(command, chat_id=group)
        assert fake.last(group).text == answer
    assert len(fake.chat(ana.chat)) == 1  # the welcome: nothing of it went to her in private
