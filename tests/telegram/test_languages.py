"""A Spanish and a Ukrainian player play a whole deal through the bot, each in their own language:
the language comes from their Telegram app at first contact, every message, button and answer
each of them gets is in it, and the commands they type in their own words are played."""

from __future__ import annotations

import random
import re

from service.bots.policies import greedy_bot
from service.language.translation import Translator, translator
from service.rules.actions import Refuse
from service.words.prompts import action_text, rules_text
from tests.telegram.fake_api import FakeTelegram, Message
from tests.telegram.harness import Bot, Phone

ENGLISH_WORDS = re.compile(
    r"\b(your|you|the|turn|hand|table|card|cards|player|deadline|waiting|take|pass|discard|"
    r"stock|dead|score|game|match|over|with|and)\b",
    re.IGNORECASE,
)
"""English words any of the bot's sentences would show if one were not translated."""
CYRILLIC = re.compile(r"[а-яіїєґ]", re.IGNORECASE)


def english_in(message: Message) -> list[str]:
    """English words in a message's text and button labels, apart from names and card codes."""
    texts = [message.text, *message.labels()]
    cleaned = [re.sub(r"https?://\S+|#[0-9a-f]{6}|/\w+", " ", text) for text in texts]
    return [word for text in cleaned for word in ENGLISH_WORDS.findall(text)]


def test_a_spanish_and_a_ukrainian_player_play_a_whole_deal_each_in_their_language(
    bot: Bot, fake: FakeTelegram
) -> None:
    ana = Phone(fake, fake.person("Ana", "es-MX"))
    oksana = Phone(fake, fake.person("Оксана", "uk"))
    es, uk = translator("es"), translator("uk")

    ana.say("/new")
    oksana.say(f"/start {ana.invitation()}")

    players = {bot.player(ana.person): (ana, es), bot.player(oksana.person): (oksana, uk)}
    directory = bot.wiring.directory
    assert [directory.profile(p).language for p in players] == ["es", "uk"]
    [line] = bot.service.games_of(bot.player(ana.person))
    game_id = line.game_id
    rng = random.Random(5)
    typed: dict[str, list[str]] = {"es": [], "uk": []}
    pressed = 0
    while (game := bot.service.game(game_id)).status == "playing":
        assert game.to_act is not None
        phone, tr = players[game.to_act]
        view = bot.view(phone.person, game_id)
        action = greedy_bot(view, rng)
        if isinstance(action, Refuse) and not action.meld and pressed < 3:
            label = tr.pgettext("button", "Pass")
            assert label in phone.turn_message().labels()
            phone.press(phone.turn_message(), label)
            pressed += 1
        else:
            command = action_text(action, view.variant.deck_faces, tr)
            typed[tr.language].append(command)
            phone.say(command)
        assert bot.service.game(game_id).version > game.version, (tr.language, action)

    # the words each typed were their language's, and were played
    assert any(c.split()[0] in ("tomar", "pasar", "descartar") for c in typed["es"]), typed
    assert any(CYRILLIC.search(c.split()[0]) for c in typed["uk"]), typed
    _assert_written_in(ana, es)
    _assert_written_in(oksana, uk)
    assert any(CYRILLIC.search(m.text) for m in oksana.messages())
    assert es.gettext("The match is over.") in ana.last().text
    assert uk.gettext("The match is over.") in oksana.last().text


def test_a_command_not_understood_is_answered_in_the_players_language(
    bot: Bot, fake: FakeTelegram
) -> None:
    ana = Phone(fake, fake.person("Ana", "es"))
    ben = Phone(fake, fake.person("Ben", "tl-PH"))
    ana.say("/new")
    ben.say(f"/start {ana.invitation()}")
    assert bot.wiring.directory.profile(bot.player(ben.person)).language == "fil"

    ana.say("bailar")

    answer = ana.last().text
    assert answer.startswith("⚠")
    assert "bailar" in answer and not english_in(ana.last()), answer


def test_lang_changes_the_language_from_the_next_answer_on(bot: Bot, fake: FakeTelegram) -> None:
    ana = Phone(fake, fake.person("Ana", "en"))
    ana.say("/settings lang=hi")
    hi = translator("hi")
    assert hi.gettext("Saved. Your settings:") in ana.last().text
    ana.say("/games")
    assert ana.last().text == hi.gettext(
        "You have no games. /new starts one; /new bot plays against the bot."
    )
    ana.say("/rules")
    assert ana.last().text == rules_text(hi) != rules_text()
    assert "कॉन्कियन" in ana.last().text


def _assert_written_in(phone: Phone, tr: Translator) -> None:
    """Every message the phone got is free of English (names and cards aside)."""
    leftovers = {m.text[:60]: english_in(m) for m in phone.messages() if english_in(m)}
    assert leftovers == {}, tr.language


def test_lang_typed_in_a_game_answers_with_the_settings_in_the_new_language(
    bot: Bot, fake: FakeTelegram
) -> None:
    ana = Phone(fake, fake.person("Ana", "en"))
    ben = Phone(fake, fake.person("Ben", "en"))
    ana.say("/new")
    ben.say(f"/start {ana.invitation()}")

    ana.say("lang ms")

    ms = translator("ms")
    assert bot.wiring.directory.profile(bot.player(ana.person)).language == "ms"
    assert ms.gettext("Language: {language}", language="Bahasa Melayu") in ana.last().text
    ana.say("/hand")
    assert ms.gettext("Your hand: {cards}", cards="") in ana.last().text
