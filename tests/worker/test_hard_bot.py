"""The hard bot's search is the worker's job (issue 18, item 4): a move against it is answered
before the search, the game is due at once, and racing workers make the bot's decision once."""

from __future__ import annotations

import threading

from service.bots.policies import NoChance, greedy_bot
from service.game.events import PlayerId
from service.game.state import Game
from tests.worker.conftest import World

HARD = PlayerId("bot:search")


def waiting_for_the_hard_bot(world: World) -> Game:
    """A game between Ana and the hard bot in which the bot is to decide."""
    service = world.parts.service
    game_id = service.open_game(world.ana, opponent=HARD)
    game = service.game(game_id)
    if game.to_act == world.ana:
        _, view = service.view(game_id, world.ana)
        game = service.act(game_id, world.ana, greedy_bot(view, NoChance())).game
    assert game.to_act == HARD, "the request came back before the bot's search"
    world.worker().drain()
    world.sender.delivered.clear()
    return game


def test_racing_workers_make_the_hard_bot_s_decision_once_and_ana_is_told_once(
    world: World,
) -> None:
    game = waiting_for_the_hard_bot(world)
    workers = [world.worker(world.connect()) for _ in range(3)]
    barrier = threading.Barrier(len(workers))

    def sweep(index: int) -> None:
        barrier.wait()
        workers[index].sweep()

    threads = [threading.Thread(target=sweep, args=(n,)) for n in range(len(workers))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    world.worker().drain()

    after = world.parts.service.game(game.id)
    assert after.to_act != HARD
    told = [note for note in world.sent() if note.game_id == game.id]
    assert [(note.player, note.from_seq) for note in told] == [(world.ana, game.version + 1)]
    assert [one.seq for one in world.parts.store.load(game.id)] == list(range(1, after.version + 1))
