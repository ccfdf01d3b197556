"""Replies from Spanish, Ukrainian and Hindi mail clients — each quoting the whole mail below the
command in its own way — play the command on their first line."""

from __future__ import annotations

import pytest

from adapters.email.inbound import parse_message
from service.game.events import GameId
from tests.email.world import ANA, BEN, SERVICE, World, greedy_command, only, reply

ATTRIBUTIONS = {
    "spanish gmail": "El lun, 2 mar 2026 a las 9:00, Conquian (<{service}>) escribió:",
    "spanish apple mail": "El 2 mar 2026, a las 9:00, Conquian <{service}> escribió:",
    "ukrainian gmail": "пн, 2 бер. 2026 р. о 09:00 Conquian <{service}> пише:",
    "ukrainian thunderbird": "02.03.2026 09:00, Conquian написав(ла):",
    "hindi gmail": "सोम, 2 मार्च 2026 को 9:00 am बजे Conquian <{service}> ने लिखा:",
}
OUTLOOK_HEADERS = {
    "spanish outlook": ("De", "Enviado", "Para", "Asunto"),
    "ukrainian outlook": ("Від", "Надіслано", "Кому", "Тема"),
    "hindi outlook": ("प्रेषक", "भेजा गया", "को", "विषय"),
}


def to_act(world: World, game_id: GameId) -> str:
    return ANA if world.service.game(game_id).to_act == world.players[ANA] else BEN


@pytest.mark.parametrize("style", sorted(ATTRIBUTIONS))
def test_a_reply_quoted_with_an_attribution_line_plays_its_first_line(
    world: World, style: str
) -> None:
    game_id = world.start_game()
    player = to_act(world, game_id)
    mail = world.latest(player)
    command = greedy_command(world, game_id, player)
    quoted = "\n".join("> " + line for line in mail.text().splitlines())
    body = f"{command.upper()}\n\n{ATTRIBUTIONS[style].format(service=SERVICE)}\n{quoted}\n"
    version = world.service.game(game_id).version
    assert only(world.deliver(reply(mail, body, quote=False))) == "moved"
    assert world.service.game(game_id).version > version


@pytest.mark.parametrize("style", sorted(OUTLOOK_HEADERS))
def test_an_outlook_style_reply_without_quote_marks_plays_its_first_line(
    world: World, style: str
) -> None:
    game_id = world.start_game()
    player = to_act(world, game_id)
    mail = world.latest(player)
    command = greedy_command(world, game_id, player)
    sender, sent, to, subject = OUTLOOK_HEADERS[style]
    body = (
        f"{command}\n\n________________________________\n{sender}: Conquian <{SERVICE}>\n"
        f"{sent}: 2 mar 2026 9:00\n{to}: {player}\n{subject}: {mail.message['Subject']}\n\n"
        + mail.text()
    )
    assert only(world.deliver(reply(mail, body, quote=False))) == "moved"


def test_an_html_only_reply_plays_its_first_line(world: World) -> None:
    game_id = world.start_game()
    player = to_act(world, game_id)
    mail = world.latest(player)
    command = greedy_command(world, game_id, player)
    message = parse_message(reply(mail, "", quote=False))
    message.set_content(
        f"<div dir='ltr'>{command}</div><div class='gmail_quote'>El lun, 2 mar 2026, Conquian "
        f"escribió:<blockquote>{mail.html()}</blockquote></div>",
        subtype="html",
    )
    assert only(world.deliver(message.as_bytes())) == "moved"
