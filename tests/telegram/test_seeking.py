"""Finding an opponent on Telegram (issue 36): ``/seek``, ``/lobby`` with its *Accept* buttons,
``/withdraw``, ``/pair`` and ``/unpair``; a stale button and words the lobby cannot read are
refused and change nothing; a private player is "a player" in another's listing."""

from __future__ import annotations

import re

from service.game.status import GameStatus
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot, Phone
from tests.telegram.test_exactly_once import answered_then_crashed, restart

CODE = re.compile(r"Your seek (\w+) is in the lobby")


def published(phone: Phone, command: str = "/seek") -> str:
    phone.say(command)
    found = CODE.search(phone.last().text)
    assert found is not None, phone.last().text
    return found.group(1)


def test_a_seek_accepted_with_its_button_starts_the_game_and_tells_both(
    bot: Bot, ana: Phone, ben: Phone
) -> None:
    code = published(ana, "/seek deals=1 time=1d")
    assert f"/withdraw {code} takes it out of the lobby" in ana.last().text

    ben.say("/lobby")
    listing = ben.last()
    assert f"{code} · a player (1500, new player) · 1 deal, 1 day a move, rated" in listing.text
    assert "Ana" not in listing.text  # her profile is private: she is "a player"
    ben.press(listing, f"Accept {code}")

    [line] = bot.service.games_of(bot.player(ben.person))
    game = bot.service.game(line.game_id)
    assert game.status == GameStatus.PLAYING
    assert game.players == (bot.player(ana.person), bot.player(ben.person))
    assert game.terms.deals == 1 and game.time_control.move_seconds == 86400
    assert f"You accepted seek {code}: your game begins." in ben.last().text
    assert ana.last().buttons() or ben.last().buttons()  # one of them has the move
    assert "Ben joins as player 2." in ana.last().text  # the owner hears of it on her channel
    ben.say("/lobby")
    assert ben.last().text.startswith("No open seek fits you now.")


def test_a_stale_accept_button_says_the_seek_is_gone_and_changes_nothing(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    cid = Phone(fake, fake.person("Cid"))
    code = published(ana)
    ben.say("/lobby")
    cid.say("/lobby")
    ben.press(ben.last(), f"Accept {code}")

    answer = cid.press(cid.last(), f"Accept {code}")

    assert answer.startswith("This seek is gone: someone accepted it first")
    assert bot.service.games_of(bot.player(cid.person)) == []
    [line] = bot.service.games_of(bot.player(ana.person))
    assert bot.service.game(line.game_id).players[1] == bot.player(ben.person)


def test_a_withdrawn_seek_leaves_the_lobby_and_its_button_says_gone(
    bot: Bot, ana: Phone, ben: Phone
) -> None:
    code = published(ana)
    ben.say("/lobby")
    listing = ben.last()
    ben.say(f"/withdraw {code}")
    assert ben.last().text.startswith("⚠ Only the player who published a seek can withdraw it.")

    ana.say(f"/withdraw {code}")

    assert ana.last().text.startswith(f"Your seek {code} is out of the lobby.")
    assert ben.press(listing, f"Accept {code}").startswith("This seek is gone")
    assert bot.service.games_of(bot.player(ben.person)) == []


def test_words_the_lobby_cannot_read_get_their_refusal_and_publish_nothing(
    bot: Bot, ana: Phone, ben: Phone
) -> None:
    refusals = {
        "/seek rating abc": "⚠ rating: write the range as low-high, e.g. rating 1400-1800",
        "/seek reliable 120": "⚠ reliable: write the least reliability in per cent",
        "/seek days 90": "⚠ days: write how many days the seek stays in the lobby",
        "/seek colour=blue": "⚠ There is no variant flag 'colour'",
        "/pair days 3": "⚠ 'days' is not an option",
        "/withdraw 0badc0": "⚠ This seek is gone",
    }
    for command, start in refusals.items():
        ana.say(command)
        assert ana.last().text.startswith(start), (command, ana.last().text)
        words = command != "/withdraw 0badc0"  # words it cannot read: the commands follow
        assert ("/seek [options] [rating 1400-1800]" in ana.last().text) == words

    ben.say("/lobby")
    assert ben.last().text.startswith("No open seek fits you now.")
    ana.say("/unpair")
    assert ana.last().text.startswith("You were not waiting to be paired.")


def test_pair_waits_and_unpair_stops_waiting(bot: Bot, ana: Phone, ben: Phone) -> None:
    ana.say("/pair time=1d")
    assert ana.last().text.startswith("You are waiting to be paired")
    assert "/unpair stops waiting." in ana.last().text
    ana.say("/unpair")
    assert ana.last().text.startswith("You are no longer waiting to be paired.")

    ana.say("/pair time=1d")
    ben.say("/pair time=1d")
    lobby = bot.wiring.lobby
    assert lobby is not None
    [game_id] = lobby.tend().paired
    bot.worker.drain()

    assert bot.service.game(game_id).status == GameStatus.PLAYING
    for phone in (ana, ben):  # each is told on their own chat
        bot.fake.wait(lambda p=phone: "player 2" in p.last().text or p.last().buttons())


def test_seeking_in_a_group_says_where_it_is_done(bot: Bot, fake: FakeTelegram, ana: Phone) -> None:
    group = fake.group()
    ana.say("/seek", chat_id=group)

    assert fake.last(group).text.startswith("Find an opponent in your private chat with me")
    ana.say("/lobby", chat_id=group)
    assert fake.last(group).text.startswith("Find an opponent in your private chat with me")
    assert bot.wiring.lobby is not None and bot.wiring.lobby.listing(None) == []


def test_the_lobby_answers_in_the_players_language(bot: Bot, fake: FakeTelegram) -> None:
    eva = Phone(fake, fake.person("Eva", "es"))
    eva.say("/lobby")
    assert eva.last().text.startswith("Ahora no hay ningún desafío abierto que te corresponda.")
    eva.say("/seek")
    assert "/withdraw" in eva.last().text and "la sala" in eva.last().text


def test_a_seek_answered_again_after_a_crash_before_its_answer_was_recorded_is_one_seek(
    bot: Bot, bots: list[Bot], fake: FakeTelegram, ana: Phone
) -> None:
    update, crashing = answered_then_crashed(bot, bots, fake, ana, "/seek time=2d")
    crashing.close()

    restarted = restart(fake, bots)
    ana.settle(update)

    lobby = restarted.wiring.lobby
    assert lobby is not None and len(lobby.listing(None)) == 1
    codes = {m.text.split()[2] for m in ana.messages() if m.text.startswith("Your seek ")}
    assert len(codes) == 1  # answered twice, the same seek
    assert restarted.app.channel.records.waiting() == []
