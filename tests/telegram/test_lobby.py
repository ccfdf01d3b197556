"""Invitations: used once, expire after their days; /new's options become the game's settings."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

from service.ports.memory_directory import ManualClock, SeededChance
from service.rules.variants import Forcing
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot, Phone


def test_an_invitation_is_used_once(bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone) -> None:
    ana.say("/new")
    invitation = ana.invitation()
    ana.say(f"/start {invitation}")
    assert ana.last().text == "⚠ This is your own game: send the invitation to your opponent."
    ben.say(f"/start {invitation}")
    cid = Phone(fake, fake.person("Cid"))

    cid.say(f"/start {invitation}")

    assert cid.last().text == "⚠ This invitation has been used: the game already has two players."
    cid.say("/start 0123456789abcdef")
    assert cid.last().text == "⚠ There is no game with this invitation."
    assert bot.service.games_of(bot.player(cid.person)) == []


def test_an_invitation_expires(
    fake: FakeTelegram, tmp_path: Path, bots: list[Bot], ana: Phone, ben: Phone
) -> None:
    clock = ManualClock(datetime(2026, 3, 2, 9, 0, tzinfo=UTC))
    bot = Bot(fake, tmp_path / "data", SeededChance(11), clock).start()
    bots.append(bot)
    ana.say("/new")
    clock.advance(days=7, minutes=1)

    ben.say(f"/start {ana.invitation()}")

    assert ben.last().text == "⚠ This invitation has expired: ask for a new one."
    [line] = bot.service.games_of(bot.player(ana.person))
    assert line.status == "open"


def test_new_takes_deals_time_and_variant_flags(bot: Bot, ana: Phone) -> None:
    ana.say("/new deals=3 time=2d forcing=disabled")

    [line] = bot.service.games_of(bot.player(ana.person))
    game = bot.service.game(line.game_id)
    assert game.terms.deals == 3
    assert game.time_control.move_seconds == 2 * 86400
    assert game.variant.forcing is Forcing.DISABLED


def test_new_with_bad_options_says_what_is_wrong_and_opens_nothing(bot: Bot, ana: Phone) -> None:
    ana.say("/new deals=zero")
    assert ana.last().text.startswith("deals must be a whole number of at least 1, not 'zero'.")
    ana.say("/new colour=blue")
    assert "colour" in ana.last().text.splitlines()[0]
    assert bot.service.games_of(bot.player(ana.person)) == []


def test_the_host_calls_off_a_game_nobody_joined(bot: Bot, ana: Phone, ben: Phone) -> None:
    ana.say("/new")
    assert "/cancel calls the game off" in ana.last().text
    invitation = ana.invitation()
    [line] = bot.service.games_of(bot.player(ana.person))

    ana.say("/cancel")

    assert ana.last().text == (
        f"Game #{line.game_id[:6]} is called off: its invitation no longer works."
    )
    assert bot.service.game(line.game_id).status == "cancelled"
    ben.say(f"/start {invitation}")
    assert ben.last().text == "⚠ This invitation was withdrawn: its host called the game off."
    ana.say("/cancel")
    assert ana.last().text == "⚠ You have no game waiting for a player."
    assert bot.service.games_of(bot.player(ana.person)) == []


def test_cancel_asks_which_of_several_and_refuses_a_game_that_began(
    bot: Bot, ana: Phone, ben: Phone
) -> None:
    ana.say("/new")
    ben.say(f"/start {ana.invitation()}")
    ana.say("/new")
    ana.say("/new")
    lines = bot.service.games_of(bot.player(ana.person))
    began = next(line.game_id for line in lines if line.status == "playing")
    waiting = sorted(line.game_id[:6] for line in lines if line.status == "open")

    ana.say("/cancel")
    assert ana.last().text.startswith("⚠ Which game? /cancel #")
    assert sorted(re.findall(r"/cancel #(\w+)", ana.last().text)) == waiting
    ana.say(f"/cancel #{began[:6]}")
    assert ana.last().text == (
        "⚠ The game has begun, so it can no longer be called off; you may resign instead."
    )
    ana.say(f"/cancel #{waiting[0]}")

    statuses = sorted(line.status for line in bot.service.games_of(bot.player(ana.person)))
    assert statuses == ["open", "playing"]


def test_a_group_hears_that_its_game_is_called_off(
    bot: Bot, fake: FakeTelegram, ana: Phone
) -> None:
    group = fake.group()
    ana.say("/start")  # a host opens their private chat first
    ana.say("/new", chat_id=group)

    ana.say("/cancel")

    assert ana.last().text.endswith("is called off: its invitation no longer works.")
    assert fake.last(group).text.endswith("Ana calls the game off.")


def test_new_stops_at_the_daily_limit_and_says_so(bot: Bot, ana: Phone) -> None:
    """A /new flood opens as many games (and invitations) as a day allows; every /new past it is
    answered with the refusal, to the sender alone, and opens nothing."""
    limit = bot.app.channel.settings.new_games_per_day
    for _ in range(limit):
        ana.say("/new")
    before = len(ana.messages())
    ana.say("/new")
    ana.say("/new bot")
    told = ana.messages()[before:]
    refusal = (
        f"You have opened as many games today as one player may ({limit}): try again tomorrow."
    )
    assert [m.text for m in told] == [refusal, refusal]
    assert len(bot.service.games_of(bot.player(ana.person))) == limit
