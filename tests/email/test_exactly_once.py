"""A reply fetched twice — delivered again, or left unseen by a poller killed between storing it
and flagging it — is applied once, and stored once."""

from __future__ import annotations

import threading
import time
from typing import Any

from imapclient import IMAPClient
from sqlalchemy import func, select, update

from adapters.email.imap import ImapPoller
from adapters.sql.email_tables import email_messages, email_uids
from service.game.events import GameId
from service.ports.directory import Address
from tests.email.world import ANA, BEN, World, greedy_command, reply, request


def turn(world: World, game_id: GameId) -> str:
    return ANA if world.service.game(game_id).to_act == world.players[ANA] else BEN


def count(world: World, table: object) -> int:
    with world.wiring.engine.connect() as connection:
        return int(connection.execute(select(func.count()).select_from(table)).scalar_one())  # type: ignore[arg-type]


def test_a_reply_delivered_twice_is_applied_once(imap_world: World) -> None:
    world = imap_world
    game_id = world.start_game()
    player = turn(world, game_id)
    mail = world.latest(player)
    raw = reply(mail, greedy_command(world, game_id, player))
    version = world.service.game(game_id).version
    assert world.dovecot is not None
    recipient = str(mail.message["Reply-To"])
    world.dovecot.deliver(raw, recipient)
    world.dovecot.deliver(raw, recipient)  # the same message again: a new UID, the same Message-ID
    sent = len(world.sink.received)

    done = world.poller.poll_once()
    world.drain()
    again = world.poller.poll_once()

    assert list(done.values()) == ["moved"] and again == {}
    moved_to = world.service.game(game_id).version
    assert moved_to > version
    assert len(world.service.store.load(game_id, after=version)) == moved_to - version
    assert count(world, email_messages) == 3  # the new-game request, the join, this reply once
    assert count(world, email_uids) == 4  # every UID is remembered
    assert len(world.sink.received) - sent <= 2  # the opponent's turn mail, perhaps an answer


def test_a_poller_killed_before_flagging_applies_the_reply_once(imap_world: World) -> None:
    world = imap_world
    game_id = world.start_game()
    player = turn(world, game_id)
    mail = world.latest(player)
    version = world.service.game(game_id).version
    assert world.dovecot is not None
    world.dovecot.deliver(
        reply(mail, greedy_command(world, game_id, player)), str(mail.message["Reply-To"])
    )

    dying = ImapPoller(world.dovecot.server(), world.channel.handler)
    client = dying.connect()
    fetched = dying.fetch(client)  # stored ... and the process dies before \\Seen
    client.shutdown()
    assert len(fetched.stored) == 1
    with world.dovecot.client() as looking:
        looking.select_folder("INBOX", readonly=True)
        assert looking.search(["UNSEEN"]) == list(fetched.stored)

    restarted = ImapPoller(world.dovecot.server(), world.channel.handler)
    client = restarted.connect()
    second = restarted.fetch(client)
    restarted.acknowledge(client, second)
    client.logout()
    assert second.stored == () and second.known == fetched.stored  # not downloaded again
    done = world.channel.handler.handle_waiting()
    done_again = restarted.poll_once()

    assert list(done.values()) == ["moved"] and done_again == {}
    assert world.service.game(game_id).version > version
    with world.dovecot.client() as looking:
        looking.select_folder("INBOX", readonly=True)
        assert looking.search(["UNSEEN"]) == []


def test_a_crash_after_the_move_but_before_the_answer_moves_once(world: World) -> None:
    """Handled again after the move was made (the answering mail not yet sent): the stored
    answer is answered again, the move is not made again."""
    game_id = world.start_game()
    player = turn(world, game_id)
    handler = world.channel.handler
    key = handler.receive(reply(world.latest(player), greedy_command(world, game_id, player)))
    (stored,) = handler.store.waiting()
    assert handler.handle(stored) == "moved"  # ... and the process dies before recording it
    version = world.service.game(game_id).version

    assert handler.handle_waiting() == {key: "moved"}
    assert world.service.game(game_id).version == version


class IdlingPoller(ImapPoller):
    """The real poller, telling when it has entered IDLE (after its first fetch)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.idling = threading.Event()

    def connect(self) -> IMAPClient:
        client = super().connect()
        enter = client.idle

        def idle() -> Any:
            entered = enter()
            self.idling.set()
            return entered

        client.idle = idle  # type: ignore[method-assign]
        return client


def test_the_running_poller_wakes_up_in_idle_when_a_reply_arrives(imap_world: World) -> None:
    world = imap_world
    game_id = world.start_game()
    player = turn(world, game_id)
    mail = world.latest(player)
    assert world.dovecot is not None
    poller = IdlingPoller(world.dovecot.server(), world.channel.handler, poll_seconds=60)
    stop = threading.Event()
    running = threading.Thread(target=poller.run, args=(stop,), daemon=True)
    running.start()
    assert poller.idling.wait(10)  # the first round has run: the poller waits in IDLE
    version = world.service.game(game_id).version
    world.dovecot.deliver(
        reply(mail, greedy_command(world, game_id, player)), str(mail.message["Reply-To"])
    )

    end = time.monotonic() + 10  # well before the 60 s a poll would take
    while world.service.game(game_id).version == version and time.monotonic() < end:
        time.sleep(0.05)

    assert world.service.game(game_id).version > version
    stop.set()
    world.dovecot.deliver(request(ANA, "hello"), "reply@conquian.test")  # wakes it to stop
    running.join(timeout=10)
    assert not running.is_alive()


def test_a_new_game_mail_handled_again_after_a_crash_before_its_note_opens_one_game(
    world: World,
) -> None:
    """The game was opened, then the process died before it noted so: handled again, the mail
    opens the same game, not a second one."""
    handler = world.channel.handler
    key = handler.receive(request(ANA, f"new game with {BEN}"))
    (stored,) = handler.store.waiting()
    handler.handle(stored)
    with world.wiring.engine.begin() as connection:  # ... the note and the answer never written
        connection.execute(
            update(email_messages)
            .where(email_messages.c.key == key)
            .values(outcome=None, done_at=None)
        )
    host = world.wiring.directory.player_at(Address("email", ANA))
    assert host is not None
    [opened] = world.service.games_of(host)

    assert list(handler.handle_waiting()) == [key]

    assert [line.game_id for line in world.service.games_of(host)] == [opened.game_id]
