"""How often a mail notification reads the game's log (issue 32): once, for the ``Notice`` the
dispatcher hands the sender, asked for with the news since the reader's last move that a turn
mail folds in — never again for the game, its subject, its result or that last move (four to
five reads a turn mail before).  Counted with the Telegram harness's ``LogReads``."""

from __future__ import annotations

from tests.email.world import World
from tests.telegram.test_log_reads import LogReads


def test_a_mail_notification_reads_the_log_once(world: World) -> None:
    game_id = world.start_game()
    reads = LogReads()
    store = world.wiring.store
    store.load = reads.counted(store.load)  # type: ignore[method-assign]
    store.load_many = reads.counted(store.load_many)  # type: ignore[method-assign]
    sender = world.channel.senders["email"]
    sender.send = reads.within("notification", sender.send)  # type: ignore[method-assign]

    world.play(game_id)

    notifications, most = reads.most("notification")
    assert world.service.game(game_id).status == "over"
    assert notifications > 20, "a whole deal was mailed"
    assert most <= 1, reads.counts
