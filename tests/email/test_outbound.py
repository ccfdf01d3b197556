"""Outbound mail through a real SMTP server: what a turn mail holds, its threading and headers."""

from __future__ import annotations

import re

from adapters.email.quotes import MARKER
from adapters.email.tokens import parse_token
from tests.email.world import ANA, BEN, DOMAIN, World


def test_the_player_to_act_gets_a_multipart_turn_mail_with_ready_to_send_moves(
    world: World,
) -> None:
    game_id = world.start_game()
    game = world.service.game(game_id)
    to_act = ANA if game.to_act == world.players[ANA] else BEN
    mail = world.latest(to_act)
    message = mail.message

    assert message.get_content_type() == "multipart/alternative"
    text, html = mail.text(), mail.html()
    assert text.splitlines()[0] == MARKER
    assert "Your turn in the game with" in text or "You joined the game with" in text
    assert "Your hand:" in text and "stock" in text and "Center card:" in text
    assert "Deadline:" in text and "UTC" in text
    moves = re.findall(r"^  (\d+)\. (.+)$", text, re.MULTILINE)
    assert moves and moves[0][0] == "1"
    assert any(
        line in ("pass", "no force") or line.startswith(("take", "discard")) for _, line in moves
    )
    assert '<img src="cid:' in html
    related = [part for part in message.walk() if part.get_content_type() == "image/png"]
    assert len(related) == 1 and related[0].get_content().startswith(b"\x89PNG")
    assert message["Auto-Submitted"] == "auto-generated"


def test_every_mail_of_a_game_threads_by_its_root_and_its_subject_says_whose_turn(
    world: World,
) -> None:
    game_id = world.start_game()
    world.drain()
    mails = world.sink.to(ANA) + world.sink.to(BEN)
    assert mails
    for mail in mails:
        message = mail.message
        player = world.players[mail.to]
        root = f"<game.{game_id}.{player}@{DOMAIN}>"
        references = str(message["References"]).split()
        assert references[0] == root  # answers to a player's reply name it after the root
        assert message["In-Reply-To"] == references[-1]
        if ".invitation@" in str(message["Message-ID"]):  # Ben has not played with Ana yet
            assert str(message["Subject"]) == f"Conquian: an invitation to a game ({game_id[:6]})"
        else:
            assert str(message["Subject"]) in {
                f"Conquian ({game_id[:6]}): waiting for an opponent",
                f"Conquian ({game_id[:6]}): your turn",
                f"Conquian ({game_id[:6]}): your opponent's turn",
            }
        assert str(message["Message-ID"]).endswith(f"@{DOMAIN}>")
        reply_to = str(message["Reply-To"])
        local = reply_to.split("@")[0]
        assert local.startswith("reply+") and len(local) <= 64 and reply_to == reply_to.lower()
        assert mail.envelope_from.startswith("reply+bounce-")
        token = parse_token(local.removeprefix("reply+"))
        assert token.version <= world.service.game(game_id).version
    latest = world.latest(ANA if world.service.game(game_id).to_act == world.players[ANA] else BEN)
    local = str(latest.message["Reply-To"]).split("@")[0]
    assert parse_token(local.removeprefix("reply+")).version == world.service.game(game_id).version
