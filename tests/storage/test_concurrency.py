"""Many writers on one game: 32 threads submit conflicting moves for 200 rounds through
``GameService.act``, each with the version all of them read before the round.

Each round exactly one move is accepted; every other caller hears ``StaleVersion`` (the position
moved on) or ``NotYourTurn`` — never a database error ("database is locked", a unique violation)
— and no game's ``seq`` has a gap.  Run on the in-memory store, SQLite and PostgreSQL.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from dataclasses import dataclass

import pytest

from service.app.games import GameService
from service.game.errors import StaleVersion
from service.game.events import GameId, PlayerId
from service.ports.memory_directory import SeededChance
from service.rules.actions import PlayerAction, Refuse
from service.rules.errors import NotYourTurn
from service.rules.legal import legal_actions
from tests.storage.conftest import BACKENDS, Backend

THREADS = 32
ROUNDS = 200
ANA, BEN = PlayerId("ana"), PlayerId("ben")
ACCEPTED, STALE, NOT_YOUR_TURN = "accepted", "stale", "not your turn"


@dataclass(frozen=True)
class Round:
    """What every thread read before the round: the game, its version and who is to act."""

    game_id: GameId
    version: int
    mover: PlayerId
    waiting: PlayerId
    moves: tuple[PlayerAction, ...]
    refusal: PlayerAction
    """A move by the player not to act."""


def next_round(service: GameService, game_id: GameId) -> Round:
    game = service.game(game_id)
    if game.status == "over":
        game_id = service.open_game(ANA)
        service.join(service.game(game_id).invitation, BEN)
        game = service.game(game_id)
    seat = game.rules.to_act
    assert seat is not None
    mover, waiting = game.players[seat], game.players[seat.other]
    assert mover is not None and waiting is not None
    moves = tuple(legal_actions(game.rules, seat))
    return Round(game_id, game.version, mover, waiting, moves, Refuse(seat.other))


def attempt(service: GameService, plan: Round, thread: int) -> str:
    """One thread's move in a round: most threads play a legal move of their own choosing for the
    player to act; every eighth plays for the other player."""
    if thread % 8 == 7:
        player, move = plan.waiting, plan.refusal
    else:
        player, move = plan.mover, plan.moves[thread % len(plan.moves)]
    try:
        service.act(plan.game_id, player, move, expected_version=plan.version)
    except StaleVersion:
        return STALE
    except NotYourTurn:
        return NOT_YOUR_TURN
    except Exception as error:  # any other answer fails the test, with its text
        return f"{type(error).__name__}: {error}"
    return ACCEPTED


@pytest.mark.slow
@pytest.mark.parametrize("name", BACKENDS)
def test_racing_moves_on_one_game_are_accepted_once_per_round(
    name: str, request: pytest.FixtureRequest, tmp_path: object
) -> None:
    backend: Backend = request.getfixturevalue(f"{name}_backend")
    service = GameService(backend.store, backend.clock, SeededChance(7), backend.inbox)
    first = service.open_game(ANA)
    service.join(service.game(first).invitation, BEN)
    start, done = threading.Barrier(THREADS + 1), threading.Barrier(THREADS + 1)
    plans: list[Round] = []
    results = [[""] * THREADS for _ in range(ROUNDS)]

    def player(thread: int) -> None:
        for number in range(ROUNDS):
            start.wait()
            results[number][thread] = attempt(service, plans[number], thread)
            done.wait()

    threads = [threading.Thread(target=player, args=(n,), daemon=True) for n in range(THREADS)]
    for thread in threads:
        thread.start()
    began = time.perf_counter()
    game_id = first
    for _ in range(ROUNDS):
        plans.append(next_round(service, game_id))
        game_id = plans[-1].game_id
        start.wait(timeout=60)
        done.wait(timeout=60)
    elapsed = time.perf_counter() - began
    for thread in threads:
        thread.join(timeout=10)

    answers = Counter(answer for round_ in results for answer in round_)
    print(f"\n{name}: {ROUNDS} rounds x {THREADS} threads in {elapsed:.1f} s: {dict(answers)}")
    assert set(answers) <= {ACCEPTED, STALE, NOT_YOUR_TURN}, answers
    assert [round_.count(ACCEPTED) for round_ in results] == [1] * ROUNDS
    assert answers[STALE] > 0 and answers[NOT_YOUR_TURN] > 0
    games = sorted({plan.game_id for plan in plans})
    stored = {game: backend.store.load(game) for game in games}
    for game, events in stored.items():
        assert [one.seq for one in events] == list(range(1, len(events) + 1)), game
        assert [s.version for s in backend.store.summaries(ANA) if s.game_id == game] == [
            len(events)
        ]
    everything = backend.store.read_all(limit=1_000_000)
    assert len(everything) == sum(len(events) for events in stored.values())
    positions = [one.position for one in everything]
    assert positions == sorted(set(positions))
