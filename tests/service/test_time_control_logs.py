"""A game whose log holds every kind of time-control event exports, verifies and replays; a
timeout changed after the fact is rejected where it was changed."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from service.app import playing
from service.app.games import GameService
from service.app.sweeps import Sweeper
from service.bots.policies import NoChance, greedy_bot
from service.clock.timeouts import timed_out
from service.game.codec import LogEvent
from service.game.events import TimeControl, TurnTimedOut
from service.game.state import Game, apply, opened
from service.game.stored import StoredEvent
from service.log.file import export_lines, read_log
from service.log.replays import steps
from service.log.verify import verify
from service.ports.directory import Address
from service.ports.memory import InMemoryEventStore
from service.ports.memory_directory import InMemoryDirectory, ManualClock, SeededChance
from service.rules.decide import decide
from service.rules.view import view_for
from service.words.news import describe

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
CLOCK_EVENTS = {
    "InstructionGiven",
    "InstructionWithdrawn",
    "ClockPaused",
    "ClockResumed",
    "DeadlineExtended",
    "TurnTimedOut",
    "WinClaimed",
}


def finished_game_with_every_clock_event(policy: str) -> list[StoredEvent]:
    """Ana and Ben, an hour a move: instructions, a vacation ended early, an extension, timeouts
    under ``policy``, and Ben claiming the win when Ana's deadline passes once more."""
    clock = ManualClock(START)
    store = InMemoryEventStore()
    directory = InMemoryDirectory()
    ana = directory.register("Ana", Address("log", "ana"))
    ben = directory.register("Ben", Address("log", "ben"))
    service = GameService(store, clock, SeededChance(11), directory=directory)
    control = TimeControl(move_seconds=3600, on_timeout=policy, max_timeouts=10)
    game_id = service.open_game(ana, time_control=control)
    service.join(service.game(game_id).invitation, ben)
    sweeper = Sweeper(service)

    service.act(game_id, ana, "auto never force")
    service.act(game_id, ana, "auto off")
    service.act(game_id, ben, "vacation 1d")
    clock.advance(minutes=10)
    if service.game(game_id).to_act != ben:
        clock.advance(hours=1)
        sweeper.expire_overdue()  # Ana times out; Ben is on vacation, his clock stands
    service.act(game_id, ben, "pass")  # Ben's move ends his vacation
    waiting = ana if service.game(game_id).to_act == ben else ben
    clock.advance(hours=1)
    service.extend_deadline(game_id, waiting, timedelta(minutes=30))
    for _ in range(6):
        clock.advance(minutes=31)
        sweeper.expire_overdue()
    game = service.game(game_id)
    if game.status != "over":
        absent = game.to_act
        clock.advance(hours=2)
        service.claim_win(game_id, ana if absent == ben else ben)
    assert service.game(game_id).status == "over"
    return store.load(game_id)


@pytest.fixture(scope="module", params=["auto", "bot"])
def log(request: pytest.FixtureRequest) -> list[StoredEvent]:
    return finished_game_with_every_clock_event(request.param)


def lines_of(log: list[StoredEvent]) -> list[dict[str, Any]]:
    return [json.loads(line) for line in export_lines(log)]


def first_timeout(lines: list[dict[str, Any]]) -> int:
    return next(i for i, line in enumerate(lines) if i and line["name"] == "TurnTimedOut")


def verdict(lines: list[dict[str, Any]]):  # type: ignore[no-untyped-def]
    return verify(read_log(json.dumps(line) for line in lines))


def test_the_game_holds_every_kind_of_clock_event(log: list[StoredEvent]) -> None:
    names = {type(one.event).__name__ for one in log}
    assert names >= CLOCK_EVENTS - {"WinClaimed"}


def test_it_verifies_and_replays_with_a_sentence_for_every_event(log: list[StoredEvent]) -> None:
    result = verdict(lines_of(log))
    assert result.ok, result
    variant = steps(log)[-1].game.variant
    for one in log:
        assert describe(one.event, variant)


def test_a_timeout_policy_changed_after_the_fact_is_rejected(log: list[StoredEvent]) -> None:
    lines = lines_of(log)
    at = first_timeout(lines)
    other = "bot" if lines[at]["data"]["policy"] == "auto" else "auto"
    lines[at] = {**lines[at], "data": {**lines[at]["data"], "policy": other}}
    result = verdict(lines)
    assert not result.ok
    assert result.seq == lines[at]["seq"]


def test_a_timeout_of_the_waiting_player_is_rejected(log: list[StoredEvent]) -> None:
    lines = lines_of(log)
    at = first_timeout(lines)
    seat = lines[at]["data"]["seat"]
    lines[at]["data"]["seat"] = 3 - seat  # seats are numbered 1 and 2
    result = verdict(lines)
    assert not result.ok and result.seq == lines[at]["seq"]


def greedy_timeout(game: Game) -> list[LogEvent]:
    """A timeout as the service appended it before issue 18: under ``bot`` the greedy bot moved
    for the absent player."""
    seat = game.rules.to_act
    assert seat is not None
    if game.time_control.on_timeout != "bot":
        return timed_out(game)
    action = greedy_bot(view_for(game.rules, seat), NoChance())
    return [TurnTimedOut(seat, "bot"), *decide(game.rules, action)]


def test_a_log_whose_absent_player_the_greedy_bot_played_for_still_verifies(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Logs written before the hard bot played timeouts hold the greedy bot's moves: verifying
    them against the hard bot's alone would call every such game tampered with."""
    monkeypatch.setattr(playing, "timed_out", greedy_timeout)  # the service as it was
    old = finished_game_with_every_clock_event("bot")
    monkeypatch.undo()
    timeouts = [one for one in old if isinstance(one.event, TurnTimedOut)]
    games = {one.seq: game for one, game in zip(old, _games_before(old), strict=True)}
    differing = [t for t in timeouts if greedy_timeout(games[t.seq]) != timed_out(games[t.seq])]
    assert differing, "the greedy and the hard bot chose alike: the log proves nothing"

    result = verdict(lines_of(old))

    assert result.ok, result


def _games_before(log: list[StoredEvent]) -> list[Game]:
    """The game as it stood before each event of ``log`` (the first: as opened)."""
    before, game = [], opened(log[0])
    before.append(game)
    for one in log[1:]:
        before.append(game)
        game = apply(game, one)
    return before
