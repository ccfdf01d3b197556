"""The commands beside moves: /games, /hand, /help, /rules, /resign, /rematch, /settings, /log,
/link; and the worker's reminders and timeouts reaching Telegram players."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from adapters.telegram.links import NO_EMAIL
from adapters.telegram.picture import table_picture
from adapters.worker import Worker
from service.language.translation import translator
from service.ports.memory_directory import ManualClock, SeededChance
from service.rules.seats import Phase
from tests.telegram.driver import play
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot, Phone
from tests.telegram.test_play import start_game
from tests.telegram.test_refusals import on_turn


def test_games_lists_whose_turn_and_hand_sends_a_fresh_turn_message(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    game_id = start_game(bot, ana, ben)
    mover, other = on_turn(bot, game_id, ana, ben)
    old = mover.turn_message()

    mover.say("/games")
    listed = mover.last()
    assert listed.text == f"Your games:\n#{game_id[:6]} vs {other.person.first_name} · your turn"
    other.say("/games")
    assert other.last().text.endswith("their turn")

    mover.say("/hand")
    fresh = mover.last()
    assert fresh.buttons() and "Your turn." in fresh.text
    assert old.buttons() == []  # one live keyboard per game
    answer = mover.press(listed, f"Show #{game_id[:6]}")
    assert answer == "" and mover.last().message_id > fresh.message_id


def test_help_and_rules(bot: Bot, ana: Phone) -> None:
    ana.say("/help")
    assert "/new" in ana.last().text and "take 5c 5d discard ks" in ana.last().text
    ana.say("/rules")
    assert ana.last().text.startswith("Conquian, two players, 40 cards")
    ana.say("/dance")
    assert ana.last().text == "I don't know /dance. /help lists the commands."


def test_without_email_invitations_do_not_offer_it(bot: Bot, ana: Phone) -> None:
    ana.say("/new")
    assert "Send this invitation" in ana.last().text and "email" not in ana.last().text


def test_without_email_link_says_so(bot: Bot, ana: Phone) -> None:
    ana.say("/link")
    assert ana.last().text == NO_EMAIL


def test_resign_ends_the_match_and_rematch_starts_another(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    game_id = start_game(bot, ana, ben)

    ana.say(f"/resign #{game_id[:6]}")

    assert bot.service.game(game_id).status == "over"
    assert "Ana resigns." in ben.last().text and "The match is over" in ben.last().text

    ana.say("/rematch")
    assert ana.last().text == "Rematch offered to Ben: waiting for them."
    assert ben.last().text.startswith("Ana offers a rematch. Send /rematch to accept.")
    ben.say("/rematch")

    lines = bot.service.games_of(bot.player(ben.person))
    rematch = next(line for line in lines if line.game_id != game_id)
    assert rematch.status == "playing"
    assert "The rematch begins." in ben.messages()[-1].text or "Your turn" in ben.last().text
    assert any(f"#{rematch.game_id[:6]}" in m.text for m in ana.messages())


def test_settings_change_the_profile_and_pictures_come_with_turn_messages(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    ana.say("/start")
    ana.say("/settings lang=tl tz=Europe/Madrid quiet=22:00-08:00 reminders=half,2h pictures=on")
    fil = translator("fil")  # the answer is in the new language already
    assert ana.last().text.startswith(
        f"{fil.gettext('Saved. Your settings:')}\n"
        f"{fil.gettext('Language: {language}', language='Filipino')}\n"
        f"{fil.gettext('Time zone: {zone}', zone='Europe/Madrid')}"
    )
    profile = bot.wiring.directory.profile(bot.player(ana.person))
    assert (profile.language, profile.timezone, profile.quiet_hours, profile.reminders) == (
        "fil",
        "Europe/Madrid",
        "22:00-08:00",
        ("half", "2h"),
    )
    ana.say("/settings tz=Mars/Olympus")
    assert ana.last().text.startswith(
        "⚠ "
        + fil.gettext(
            "Unknown time zone '{name}'; use a name like Europe/Madrid.", name="Mars/Olympus"
        )
    )
    assert bot.wiring.directory.profile(bot.player(ana.person)).timezone == "Europe/Madrid"

    game_id = start_game(bot, ana, ben)
    ana.say("/hand")

    photo, table = fake.calls_to(ana.chat, "sendPhoto")[-1], ana.last()
    assert photo.photo == table_picture(bot.view(ana.person, game_id), fil)
    assert "Europe/Madrid" in table.text
    assert not fake.calls_to(ben.chat, "sendPhoto")


def test_log_steps_through_a_running_game_as_the_player_saw_it_and_a_finished_one_in_full(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    game_id = start_game(bot, ana, ben)
    ana.say("/log")
    replay = ana.last()
    assert replay.text.startswith(f"Game #{game_id[:6]} · step 1 of")
    assert replay.labels() == ["⏮", "◀", "▶", "⏭"]
    ana.press(replay, "⏭")
    assert "Your hand:" in replay.text and "hand:" not in replay.text.replace("Your hand:", "")

    play(bot, [ana, ben], game_id, seed=3)
    ana.press(replay, "⏮")
    ana.press(replay, "▶")
    assert replay.text.startswith(f"Game #{game_id[:6]} · step 2 of")
    assert replay.text.count("  hand:") == 2  # both hands: the game is over
    cid = Phone(fake, fake.person("Cid"))
    cid.say("/start")
    assert cid.press(replay, "▶") == "You are not a player in this game."


def test_reminders_and_timeouts_of_the_worker_reach_the_player(
    fake: FakeTelegram, tmp_path: Path, bots: list[Bot], ana: Phone, ben: Phone
) -> None:
    clock = ManualClock(datetime(2026, 3, 2, 9, 0, tzinfo=UTC))
    bot = Bot(fake, tmp_path / "data", SeededChance(11), clock).start()
    bots.append(bot)
    ana.say("/new time=1h")
    ben.say(f"/start {ana.invitation()}")
    [line] = bot.service.games_of(bot.player(ana.person))
    waiting, _ = on_turn(bot, line.game_id, ana, ben)
    assert "Deadline: Mon 2 Mar, 10:00 UTC (in 1 hour)" in waiting.turn_message().text
    worker = Worker(bot.wiring, bot.settings, clock, bot.channels.senders)

    clock.advance(minutes=31)
    assert worker.remind() == 1 and worker.drain().delivered == 1
    assert waiting.last().text.startswith("⏰ Reminder: this game waits for your move.")

    clock.advance(hours=1)
    assert worker.sweep() == 1
    worker.drain()
    game = bot.service.game(line.game_id)
    assert game.version > line.version
    assert "You ran out of time" in fake.chat(waiting.chat)[-1].text
    assert game.rules.phase is not Phase.OVER
