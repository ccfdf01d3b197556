"""A whole deal by email with a Hindi player: her first mail says it is in Hindi, so every mail
she gets is written in Hindi (subject, text, the table's picture), she plays by replying with the
Hindi command words, and her English opponent's mails stay English."""

from __future__ import annotations

import random
import re

from service.bots.policies import greedy_bot
from service.game.events import GameId
from service.language.translation import translator
from service.words.prompts import action_text
from tests.email.smtp_sink import Received
from tests.email.world import BEN, SERVICE, World, request

PRIYA = "priya@example.in"
DEVANAGARI = re.compile(r"[\u0900-\u097f]")
ENGLISH = re.compile(
    r"\b(your|you|the|turn|hand|table|card|cards|player|deadline|waiting|take|pass|discard|"
    r"stock|dead|score|game|match|reply|with|and|line)\b",
    re.IGNORECASE,
)


def english_in(mail: Received) -> list[str]:
    """English words in a mail's subject and text, names, addresses and cards aside."""
    text = f"{mail.message['Subject']}\n{mail.text()}"
    text = re.sub(r"\S+@\S+|Conquian|Ben|Priya", " ", text)
    return ENGLISH.findall(text)


def test_a_hindi_player_plays_a_whole_deal_by_email_in_hindi(world: World) -> None:
    hi, en = translator("hi"), translator("en")
    opened = world.send(request(PRIYA, f"new game with {BEN}", Content_Language="hi"), SERVICE)
    (outcome,) = opened.values()
    assert outcome.startswith("opened ")
    game_id = GameId(outcome.split()[1])
    world.players[PRIYA] = world.service.game(game_id).host
    assert world.wiring.directory.profile(world.players[PRIYA]).language == "hi"
    assert list(world.answer(world.latest(BEN), "join").values()) == ["joined"]

    typed = []
    while world.service.game(game_id).status == "playing":
        game = world.service.game(game_id)
        address = PRIYA if game.to_act == world.players[PRIYA] else BEN
        tr = hi if address == PRIYA else en
        _, view = world.service.view(game_id, world.players[address])
        action = greedy_bot(view, random.Random(game.version))
        command = action_text(action, view.variant.deck_faces, tr)
        if address == PRIYA:
            typed.append(command)
        done = world.answer(world.latest(address), command)
        assert list(done.values()) == ["moved"], (command, done)

    priya_mails = world.sink.to(PRIYA)
    assert len(priya_mails) > 3
    for mail in priya_mails:
        assert DEVANAGARI.search(str(mail.message["Subject"])), mail.message["Subject"]
        assert DEVANAGARI.search(mail.text())
        assert english_in(mail) == [], mail.text()
    assert any(DEVANAGARI.search(command.split()[0]) for command in typed), typed
    assert hi.gettext("The match is over.") in world.latest(PRIYA).text()
    assert "The match is over." in world.latest(BEN).text()
