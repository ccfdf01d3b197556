"""A timeout never crosses a move, on SQLite and PostgreSQL.

Two processes share the database: the players' (``front``) and the worker's, each wired with its
own engine.  The worker has claimed a batch of games whose deadline has come, each at the version
it saw; at that moment each game's player, whose clock still reads a millisecond before the
deadline, sends the move the greedy bot would make at that same version.  Move and timeout race
on real threads; the worker has read the games of its batch beforehand, as a sweep does, so its
timeout rests on the append's version check alone.  Whichever appends first wins; the other is refused (the move as stale, the
timeout as a no-op), so each decision ends once, by one of them.  Sequentially the same holds: a
move that lands just before the deadline makes the worker's timeout, claimed at the old version,
a no-op.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

import pytest

from adapters.bootstrap import Wiring, build
from adapters.config import Settings
from service.bots.policies import NoChance, greedy_bot
from service.game.errors import StaleVersion
from service.game.events import GameId, PlayerId, TimeControl, TurnTimedOut
from service.ports.memory_directory import ManualClock, SeededChance
from service.ports.protocols import Due
from service.rules.actions import PlayerAction
from service.rules.view import view_for
from tests.conftest import sql_engine
from tests.sim.hour import START

MOVE = timedelta(minutes=1)
RACES = 60
LEADS = (None, "move", "timeout")  # a third of the races even, a third each side first
LEAD_SECONDS = 0.02
EARLY = timedelta(milliseconds=1)


@dataclass
class Sides:
    """The players' process and the worker's, on one database, with clocks of their own."""

    front: Wiring
    worker: Wiring
    front_clock: ManualClock
    worker_clock: ManualClock

    def close(self) -> None:
        self.front.close()
        self.worker.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def sides(request: pytest.FixtureRequest, tmp_path: Path) -> Sides:
    url = sql_engine(request.param, request, tmp_path).url.render_as_string(hide_password=False)
    front_clock, worker_clock = ManualClock(START), ManualClock(START)
    settings = Settings(database_url=url)
    built = Sides(
        build(settings, front_clock, SeededChance(1)),
        build(settings, worker_clock, SeededChance(2)),
        front_clock,
        worker_clock,
    )
    request.addfinalizer(built.close)
    return built


def open_games(sides: Sides, count: int) -> list[GameId]:
    """``count`` games between people, all started now, so all fall due together."""
    service = sides.front.service
    games = []
    for number in range(count):
        game_id = service.open_game(PlayerId(f"ana{number}"), time_control=TimeControl(60))
        service.join(service.game(game_id).invitation, PlayerId(f"ben{number}"))
        games.append(game_id)
    return games


def at_the_deadline(sides: Sides, count: int) -> list[Due]:
    """The worker's clock reaches the deadline and it claims the games, and reads them as a sweep
    reads its batch (its timeouts then rest on the append's version check alone); the players'
    clock reads just before the deadline."""
    sides.front_clock.current = START + MOVE - EARLY
    sides.worker_clock.current = START + MOVE
    claimed = sides.worker.store.claim_due(sides.worker_clock.now(), count, timedelta(seconds=30))
    sides.worker.service.folded.warm([due.game_id for due in claimed])
    return claimed


@dataclass(frozen=True)
class Move:
    """The move a player chose on the position they saw."""

    game_id: GameId
    player: PlayerId
    action: PlayerAction
    version: int


def chosen(sides: Sides, game_id: GameId) -> Move:
    """The greedy bot's move for the player to act, on the game as the players' process sees it."""
    game = sides.front.service.game(game_id)
    seat = game.rules.to_act
    assert seat is not None
    player = game.players[seat]
    assert player is not None
    return Move(game_id, player, greedy_bot(view_for(game.rules, seat), NoChance()), game.version)


def send(sides: Sides, move: Move) -> str:
    """The move, at the version it was chosen on: accepted, or refused as stale."""
    try:
        sides.front.service.act(move.game_id, move.player, move.action, move.version)
    except StaleVersion:
        return "stale"
    return "moved"


def test_a_move_just_before_the_deadline_makes_the_claimed_timeout_a_no_op(sides: Sides) -> None:
    (game_id,) = open_games(sides, 1)
    (due,) = at_the_deadline(sides, 1)
    assert send(sides, chosen(sides, game_id)) == "moved"
    sides.worker_clock.current += timedelta(seconds=1)
    assert sides.worker.service.time_out(game_id, due.version) is None
    log = sides.worker.store.load(game_id)
    assert not any(isinstance(one.event, TurnTimedOut) for one in log)


def race(sides: Sides, due: Due, move: Move, lead: str | None = None) -> tuple[str, str]:
    """The player's move and the worker's timeout of the claimed decision, started together on
    two threads: what each was told.  With a ``lead`` ("move" or "timeout") the other side starts
    a moment later: left to themselves, one side can win every race on an idle machine (the
    move did, 60 of 60, on PostgreSQL), and the test wants both endings seen."""
    start = threading.Barrier(2)
    answers: dict[str, str] = {}

    def player() -> None:
        start.wait()
        if lead == "timeout":
            time.sleep(LEAD_SECONDS)
        answers["move"] = send(sides, move)

    def worker() -> None:
        start.wait()
        if lead == "move":
            time.sleep(LEAD_SECONDS)
        done = sides.worker.service.time_out(due.game_id, due.version)
        answers["timeout"] = "no-op" if done is None else "timed out"

    threads = [threading.Thread(target=player), threading.Thread(target=worker)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return answers["move"], answers["timeout"]


def test_a_move_racing_its_timeout_ends_the_decision_once(sides: Sides) -> None:
    games = open_games(sides, RACES)
    claimed = at_the_deadline(sides, RACES)
    assert sorted(due.game_id for due in claimed) == sorted(games)
    outcomes: list[tuple[str, str]] = []
    for number, due in enumerate(claimed):
        move = chosen(sides, due.game_id)
        assert move.version == due.version
        moved, timeout = race(sides, due, move, LEADS[number % len(LEADS)])
        outcomes.append((moved, timeout))
        after = [one.event for one in sides.worker.store.load(due.game_id, after=due.version)]
        timed_out = [event for event in after if isinstance(event, TurnTimedOut)]
        assert len(timed_out) == (timeout == "timed out"), (moved, timeout, after)
        assert isinstance(after[0], TurnTimedOut) == (timeout == "timed out")
    counts = Counter(outcomes)
    print(f"\n{RACES} races: {dict(counts)}")
    assert set(counts) == {("moved", "no-op"), ("stale", "timed out")}, counts  # both won some


BATCH = 10


def test_moves_racing_a_batch_of_timeouts_end_each_decision_once(sides: Sides) -> None:
    """The worker appends a claimed batch's timeouts in one transaction while each game's player
    moves: per game, whichever appends first wins, and the batch still times out the others."""
    games = open_games(sides, BATCH)
    claimed = at_the_deadline(sides, BATCH)
    moves = [chosen(sides, due.game_id) for due in claimed]
    start = threading.Barrier(BATCH + 1)
    answers: dict[GameId, str] = {}
    timed_out: list[GameId] = []

    def player(move: Move) -> None:
        start.wait()
        answers[move.game_id] = send(sides, move)

    def worker() -> None:
        start.wait()
        decisions = [(due.game_id, due.version) for due in claimed]
        timed_out.extend(o.game.id for o in sides.worker.service.time_out_all(decisions))

    threads = [threading.Thread(target=player, args=(move,)) for move in moves]
    threads.append(threading.Thread(target=worker))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(answers) == sorted(games) and len(set(timed_out)) == len(timed_out)
    for due in claimed:
        after = [one.event for one in sides.worker.store.load(due.game_id, after=due.version)]
        won = "timed out" if due.game_id in timed_out else "moved"
        assert answers[due.game_id] == ("stale" if won == "timed out" else "moved"), after
        assert isinstance(after[0], TurnTimedOut) == (won == "timed out")
        assert sum(isinstance(event, TurnTimedOut) for event in after) == (won == "timed out")
    print(f"\nbatch of {BATCH}: {len(timed_out)} timed out, {BATCH - len(timed_out)} moved first")
