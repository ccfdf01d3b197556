"""Invitations: used once, expire after their days; /new's options become the game's settings."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from service.memory import ManualClock, SeededChance
from service.rules.variants import Forcing

from .fake_api import FakeTelegram
from .harness import Bot, Phone


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
