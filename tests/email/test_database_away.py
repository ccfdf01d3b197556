"""The running IMAP poller while the database is away: the reply it cannot store stays unseen in
the mailbox, the poller keeps running, and once the database is back the move is applied (once)
and the mail flagged.  Before, the first database error ended the poller's thread for good.

The database is away the way a stopped server is: the SQLite file's place holds a directory, so
every new connection fails.
"""

from __future__ import annotations

import threading
import time

import pytest

from adapters.email.imap import ImapPoller
from tests.email.test_exactly_once import turn
from tests.email.world import ANA, World, greedy_command, reply, request
from tests.waiting import eventually, logged


def test_a_reply_waits_unseen_while_the_database_is_away_and_is_applied_after(
    imap_world: World, caplog: pytest.LogCaptureFixture
) -> None:
    world = imap_world
    assert world.dovecot is not None
    game_id = world.start_game()
    player = turn(world, game_id)
    mail = world.latest(player)
    version = world.service.game(game_id).version
    command = greedy_command(world, game_id, player)
    poller = ImapPoller(world.dovecot.server(), world.channel.handler, poll_seconds=0.2)
    database = world.settings.data_dir / "conquian.db"
    away = database.with_name("away.db")
    world.wiring.engine.dispose()
    database.rename(away)
    database.mkdir()
    stop = threading.Event()
    running = threading.Thread(target=poller.run, args=(stop,), daemon=True)
    running.start()

    world.dovecot.deliver(reply(mail, command), str(mail.message["Reply-To"]))
    meetings = logged(lambda: caplog.records, "database unavailable")
    assert eventually(lambda: meetings() >= 2, 20), "the poller met the missing database"
    assert running.is_alive()
    assert _unseen(world) == 1

    database.rmdir()
    away.rename(database)
    end = time.monotonic() + 15
    while world.service.game(game_id).version == version and time.monotonic() < end:
        time.sleep(0.1)
    assert world.service.game(game_id).version > version
    while _unseen(world) and time.monotonic() < end:
        time.sleep(0.1)
    assert _unseen(world) == 0
    stop.set()
    world.dovecot.deliver(request(ANA, "hello"), "reply@conquian.test")  # wakes it to stop
    running.join(timeout=10)
    assert not running.is_alive()


def _unseen(world: World) -> int:
    assert world.dovecot is not None
    client = world.dovecot.client()
    try:
        client.select_folder("INBOX", readonly=True)
        return len(client.search(["UNSEEN"]))
    finally:
        client.logout()
