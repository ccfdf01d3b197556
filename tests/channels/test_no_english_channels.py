"""A whole game between a Telegram player and an email player who both speak one of the five
other languages, and not one English interface word in anything either was sent: every Telegram
message and edit, its buttons and the answers to presses, the words drawn into the table
pictures of both channels, and every mail's subject, text and HTML (names, card codes, links and
hashes aside).  Along the way each also asks for help, their hand, the rules and their settings,
and types a command nobody knows.  Nor does any sentence name a card by its code (``7D`` in text
beside ``7♦`` on the buttons: issue 34 item 10); the commands a player types, and help's list of
them, keep their codes.

The English words come from the English catalog (``tests/english_left.py``): a message added to
any channel is covered without a new test."""

from __future__ import annotations

import random

import pytest

from adapters.email.picture import picture_rows as mail_rows
from adapters.telegram.picture import picture_rows as telegram_rows
from service.bots.policies import greedy_bot
from service.game.events import GameId
from service.language.translation import translator
from service.rules.actions import Refuse
from service.words.prompts import HELP, action_text
from tests.channels.mixed import Post
from tests.email.smtp_sink import Received, SmtpSink
from tests.email.world import ANA, SERVICE, request
from tests.english_left import cards_as_codes, english_left, visible_text
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot, Phone

LANGUAGES = ("es", "fil", "uk", "ms", "hi")
NAMES = ("Ben", "ana")


def telegram_texts(fake: FakeTelegram, chat: int) -> list[str]:
    """Everything the bot wrote to the chat: texts, captions, button labels, press answers."""
    texts: list[str] = []
    for call in fake.calls_to(chat, "sendMessage", "editMessageText", "sendPhoto"):
        texts += [str(call.params.get("text", "")), str(call.params.get("caption", ""))]
        markup = call.params.get("reply_markup") or {}
        rows = markup.get("inline_keyboard", []) if isinstance(markup, dict) else []
        texts += [str(button["text"]) for row in rows for button in row]
    with fake.changed:
        texts += [str(answer.get("text", "")) for answer in fake.answers.values()]
    return [text for text in texts if text]


def mail_texts(mail: Received) -> list[str]:
    message = mail.message
    texts = [str(message["Subject"]), mail.text()]
    if message.get_body(preferencelist=("html",)) is not None:
        texts.append(visible_text(mail.html()))
    return texts


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_whole_game_on_telegram_and_by_mail_has_no_english_left(
    bot: Bot, fake: FakeTelegram, smtp_sink: SmtpSink, language: str
) -> None:
    tr = translator(language)
    post = Post(bot, smtp_sink)
    ben = Phone(fake, fake.person("Ben", language))
    ben.say("/new")
    [line] = bot.service.games_of(bot.player(ben.person))
    game_id = GameId(line.game_id)
    post.mail(request(ANA, f"join {line.invitation}", Content_Language=language), SERVICE)
    ana = post.player(ANA)
    for said in ("/help", "/rules", "/settings", "/games", "/hand", "bailar"):
        ben.say(said)
    post.answer(post.latest(ANA), "help")

    rng, pictures, pressed = random.Random(7), [], 0
    while (game := bot.service.game(game_id)).status == "playing":
        player = game.to_act
        assert player is not None
        view = bot.service.player_view(game, player)
        action = greedy_bot(view, rng)
        command = action_text(action, view.variant.deck_faces, tr)
        if player == ana:
            pictures += [label for label, _ in mail_rows(view, "Ben", tr)]
            post.answer(post.latest(ANA), command)
        elif isinstance(action, Refuse) and not action.meld and pressed < 3:
            pictures += [label for label, _ in telegram_rows(view, tr)]
            ben.press(ben.turn_message(), tr.pgettext("button", "Pass"))
            pressed += 1
        else:
            pictures += [label for label, _ in telegram_rows(view, tr)]
            ben.say(command)
        assert bot.service.game(game_id).version > game.version, (language, command)

    sent = telegram_texts(fake, ben.chat)
    mails = [text for mail in smtp_sink.to(ANA) for text in mail_texts(mail)]
    assert len(sent) > 20 and len(mails) > 10 and pictures
    for where, texts in (("Telegram", sent), ("mail", mails), ("pictures", pictures)):
        left = {
            text[:80]: found for text in texts if (found := english_left(text, language, NAMES))
        }
        assert left == {}, f"{where} in {language}"
    help_list = tr.gettext(HELP).splitlines()[0]
    for where, texts in (("Telegram", sent), ("mail", mails)):
        coded = {
            text[:80]: found
            for text in texts
            if help_list not in text and (found := cards_as_codes(text, language))
        }
        assert coded == {}, f"{where} in {language} writes cards as codes"
    assert tr.gettext("The match is over.") in ben.last().text
