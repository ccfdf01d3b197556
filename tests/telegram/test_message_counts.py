"""What a game costs in messages (issue 34 items 4 and 5): talk is its own small message and
never a new board, a typed move edits the live board, and a group gets one scoreboard edited in
place.  The figures these tests print (``-s``) are the ones in ``docs/benchmarks.md``."""

from __future__ import annotations

from adapters.telegram.render import RECENT
from tests.telegram.counts import counted
from tests.telegram.driver import play
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot, Phone
from tests.telegram.test_group_and_bot import group_game
from tests.telegram.test_play import start_game
from tests.telegram.test_refusals import on_turn


def test_talk_costs_no_board_in_either_chat(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    game_id = start_game(bot, ana, ben)
    board = [m for m in ana.messages() if "Game #" in m.text][-1]

    def say() -> int:
        ana.say("/say Good luck!")
        return 1

    def reply() -> int:
        ana.settle(fake.send(ana.person, "Nice hand so far!", reply_to=board))
        return 1

    def answer() -> int:  # the other way: one of the two owes a decision, the other waits
        ben.say("/say Thanks!")
        return 1

    said = counted(fake, [ana.chat, ben.chat], say)
    replied = counted(fake, [ana.chat, ben.chat], reply)
    answered = counted(fake, [ana.chat, ben.chat], answer)

    print(f"/say: Ana {said.of(ana.chat)}, Ben {said.of(ben.chat)}")
    print(f"a reply to the board: Ana {replied.of(ana.chat)}, Ben {replied.of(ben.chat)}")
    for tally in (said, replied):
        assert tally.of(ana.chat).new == tally.of(ana.chat).edits == 0, tally  # nothing
        assert tally.of(ben.chat).new == 1, tally  # a small message, no board
    assert (answered.of(ben.chat).new, answered.of(ana.chat).new) == (0, 1), answered
    assert answered.of(ben.chat).edits == answered.of(ana.chat).edits == 0, answered
    talk = [m for m in ben.messages() if "Good luck!" in m.text]
    assert [m.text for m in talk] == ["Ana says: “Good luck!”"] and not talk[0].buttons()
    said_by_ana = [key for key in fake.reactions if key[0] == ana.chat]
    assert len(said_by_ana) == 2  # her words are acknowledged on her own messages
    assert bot.service.game(game_id).status == "playing"


def test_a_typed_game_costs_at_most_one_new_message_and_a_fifth_per_decision(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    game_id = start_game(bot, ana, ben)

    typed = counted(
        fake, [ana.chat, ben.chat], lambda: play(bot, [ana, ben], game_id, seed=3, typed=1.0)
    ).total

    print(f"typed play: {typed}")
    assert typed.new_per_decision <= 1.2, typed


def test_a_game_played_with_buttons_costs_at_most_one_new_message_and_a_fifth_per_decision(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    game_id = start_game(bot, ana, ben)

    both = [ana.chat, ben.chat]
    pressed = counted(fake, both, lambda: play(bot, [ana, ben], game_id, seed=3)).total

    print(f"button play: {pressed}")
    assert pressed.new_per_decision <= 1.2, pressed


def test_a_group_game_posts_when_it_starts_and_ends_and_edits_one_scoreboard_between(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    group, game_id = group_game(bot, fake, ana, ben)

    def whole_game() -> int:
        decisions = play(bot, [ana, ben], game_id, seed=5)
        fake.wait(lambda: len(fake.chat(group)) == 3)  # paced: the end's post may come late
        return decisions

    posts = counted(fake, [group], whole_game).of(group)
    joined = len(fake.calls_to(group, "sendMessage")) - posts.new - 1  # after the invitation

    print(f"group: {joined} post when Ben joined, then {posts}")
    assert joined == 1 and posts.new == 1, posts  # the start's scoreboard, the end's post
    scoreboard = fake.chat(group)[1]
    assert scoreboard.text.startswith(f"Ana vs Ben (#{game_id[:6]})")
    assert "won the match against" in scoreboard.text  # edited to the last


def test_a_waiting_board_shows_only_the_latest_news_above_its_table(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    game_id = start_game(bot, ana, ben)
    mover, waiting = on_turn(bot, game_id, ana, ben)
    for _ in range(4):  # each edits the waiting player's board: it asks nothing of them
        mover.say("/offer adjourn")
        mover.say("/withdraw")

    board = [m for m in waiting.messages() if "Game #" in m.text][-1]
    news = board.text.split("\n\nGame #")[0].splitlines()
    assert news[0] == "…" and len(news) == RECENT + 1, board.text
    assert "withdraws their offer" in news[-1]
