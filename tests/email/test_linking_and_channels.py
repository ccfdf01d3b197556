"""Linking an email address to another channel's player by mail, joining by mail a game opened on
another channel, and a game whose players are on different channels: each player's notifications
go out on their own channel."""

from __future__ import annotations

import random
import re
from pathlib import Path

from sqlalchemy import select

from adapters.sql.tables import inbox
from adapters.worker import Worker
from service.app.replies import LinkOffered, Told
from service.app.reply_codec import decode
from service.bots.policies import greedy_bot
from service.ports.directory import Address
from service.words.prompts import action_text
from tests.email.smtp_sink import SmtpSink
from tests.email.world import ANA, BEN, SERVICE, World, only, request
from tests.fakes import RecordingSender

TELEGRAM = Address("telegram", "4242")


def test_link_by_mail_gives_a_code_that_links_another_channel(world: World) -> None:
    done = world.deliver(request(ANA, "link"))
    assert only(done) == "link offered"
    code = re.search(r"link code is (\w+)", world.latest(ANA).text())
    assert code is not None
    linking = world.wiring.service.linking
    assert linking is not None
    assert linking.confirm(code.group(1), TELEGRAM) == world.players[ANA]


def test_a_link_code_is_the_mails_typed_reply_so_the_mail_handled_again_shows_it_again(
    world: World,
) -> None:
    world.deliver(request(ANA, "link"))
    code = re.search(r"link code is (\w+)", world.latest(ANA).text())
    assert code is not None
    with world.wiring.engine.connect() as db:
        stored = db.execute(select(inbox.c.reply).where(inbox.c.reply.is_not(None))).scalars()
        replies = [decode(reply) for reply in stored]
    assert LinkOffered(code.group(1)) in replies
    assert not any(isinstance(reply, Told) for reply in replies)


def test_link_code_from_another_channel_links_this_address(world: World) -> None:
    ben_on_telegram = world.wiring.directory.register("Ben", TELEGRAM)
    linking = world.wiring.service.linking
    assert linking is not None
    code = linking.send_to(ben_on_telegram, Address("email", "bz@example.org"))
    done = world.deliver(request("bz@example.org", f"link {code.code}"))
    assert only(done) == "linked"
    assert world.wiring.directory.player_at(Address("email", "bz@example.org")) == ben_on_telegram
    assert "now plays as Ben" in world.latest("bz@example.org").text()


def test_a_wrong_link_code_is_refused(world: World) -> None:
    assert only(world.deliver(request(ANA, "link 0123456789abcdef"))).startswith("refused: ")
    assert "not valid" in world.latest(ANA).text()


def test_join_by_mail_takes_up_an_invitation_made_on_another_channel(world: World) -> None:
    ben = world.wiring.directory.register("Ben", TELEGRAM)
    game_id = world.service.open_game(ben)
    invitation = world.service.game(game_id).invitation
    link = f"https://t.me/conquian_bot?start={invitation}"

    assert only(world.deliver(request(ANA, f"Join {link}"))) == f"joined {game_id}"

    game = world.service.game(game_id)
    assert (game.status, game.players) == ("playing", (ben, world.players[ANA]))
    answer = world.latest(ANA)
    assert "You joined the game with Ben." in answer.text()
    assert str(answer.message["Reply-To"]).startswith("reply+")  # replies to it play
    assert only(world.deliver(request(BEN, f"join {invitation}"))).startswith("refused: ")
    assert "You cannot join: This invitation has been used" in world.latest(BEN).text()


def test_a_join_handled_again_after_a_crash_joins_once_and_answers_the_same(
    world: World,
) -> None:
    ben = world.wiring.directory.register("Ben", TELEGRAM)
    game_id = world.service.open_game(ben)
    handler = world.channel.handler
    key = handler.receive(request(ANA, f"join {world.service.game(game_id).invitation}"))
    (stored,) = handler.store.waiting()
    assert handler.handle(stored) == f"joined {game_id}"  # ... and the process dies here
    version = world.service.game(game_id).version

    assert handler.handle_waiting() == {key: f"joined {game_id}"}

    assert world.service.game(game_id).version == version
    first, again = [m for m in world.sink.to(ANA) if "You joined" in m.text()]
    assert first.message["Message-ID"] == again.message["Message-ID"]  # recognisably the same


def test_a_game_between_an_email_player_and_a_telegram_player(
    tmp_path: Path, smtp_sink: SmtpSink
) -> None:
    world = World(tmp_path, smtp_sink)
    try:
        ana = world.register("Ana", ANA)
        ben = world.wiring.directory.register("Ben", TELEGRAM)
        telegram = RecordingSender()
        senders = {**world.channel.senders, "telegram": telegram}
        worker = Worker(world.wiring, world.settings, world.clock, senders, world.chance)
        service = world.service
        game_id = service.open_game(ben)
        service.join(service.game(game_id).invitation, ana)
        worker.drain()
        for step in range(8):
            game = service.game(game_id)
            if game.status != "playing":
                break
            player = game.to_act
            assert player is not None
            _, view = service.view(game_id, player)
            command = action_text(greedy_bot(view, random.Random(step)))
            if player == ana and world.sink.to(ANA):
                assert only(world.answer(world.latest(ANA), command)) == "moved"
            else:  # Ben on Telegram; or Ana before any mail (her join's answer would tell her)
                service.act(game_id, player, command)
            worker.drain()
        assert telegram.delivered and all(a == TELEGRAM for _, a, _ in telegram.delivered)
        assert world.sink.received and all(m.to == ANA for m in world.sink.received)
        assert SERVICE not in [m.to for m in world.sink.received]
    finally:
        world.close()
