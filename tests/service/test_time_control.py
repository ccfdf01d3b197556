"""Deadlines, reminders and timeouts with a clock the tests move (no sleeping).

Given a started game with a time control, when time passes and the worker's sweeps run, then the
log and the outbox hold exactly the timeouts and reminders the rules of the issue ask for.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from service.app.games import GameService
from service.app.sweeps import Sweeper
from service.game.errors import DeadlineNotPassed, NotWaiting
from service.game.events import (
    DeadlineExtended,
    PlayerId,
    TimeControl,
    TurnTimedOut,
    WinClaimed,
)
from service.ports.directory import Address
from service.ports.memory import InMemoryEventStore
from service.ports.memory_directory import InMemoryDirectory, ManualClock, SeededChance
from service.rules.actions import Force, NoForce, Refuse
from service.rules.events import CardRefused, MatchEnded, MatchForfeited
from service.rules.seats import Phase

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # a Monday, 09:00 UTC
HOUR = timedelta(hours=1)


class Table:
    """A game between two registered players, with its store, clock and sweeper."""

    def __init__(self, control: TimeControl, seed: int = 4, **settings: object) -> None:
        self.clock = ManualClock(START)
        self.store = InMemoryEventStore()
        self.directory = InMemoryDirectory()
        self.ana = self.directory.register("Ana", Address("log", "ana"))
        self.ben = self.directory.register("Ben", Address("log", "ben"))
        for player in (self.ana, self.ben):
            profile = self.directory.profile(player)
            self.directory.update(replace(profile, **settings))  # type: ignore[arg-type]
        chance = SeededChance(seed)
        self.service = GameService(self.store, self.clock, chance, directory=self.directory)
        self.game_id = self.service.open_game(self.ana, time_control=control)
        self.service.join(self.service.game(self.game_id).invitation, self.ben)
        self.sweeper = Sweeper(self.service)

    @property
    def game(self):  # type: ignore[no-untyped-def]
        return self.service.game(self.game_id)

    def summary(self):  # type: ignore[no-untyped-def]
        (line,) = self.service.games_of(self.ana)
        return line

    def sweep(self, after: timedelta) -> tuple[int, int]:
        """Move the clock on, then run both sweeps; how many reminders and timeouts they made."""
        self.clock.advance(seconds=after.total_seconds())
        return self.sweeper.send_reminders(), self.sweeper.expire_overdue()

    def events_since(self, version: int) -> list[object]:
        return [stored.event for stored in self.store.load(self.game_id, after=version)]

    def reminders(self) -> list[tuple[PlayerId, str]]:
        return [
            (item.notification.player, item.status)
            for item in self.store.outbox
            if item.notification.kind == "reminder"
        ]


def test_a_decision_falls_due_the_move_time_after_it_began() -> None:
    table = Table(TimeControl(move_seconds=3 * 3600))
    assert table.summary().due_at == START + 3 * HOUR
    assert table.summary().to_act == table.game.players[table.game.rules.to_act]


def test_by_default_a_player_is_reminded_halfway_and_an_hour_before() -> None:
    table = Table(TimeControl(move_seconds=4 * 3600))
    waiting = table.game.to_act
    assert table.summary().next_reminder_at == START + 2 * HOUR
    assert table.sweep(2 * HOUR - timedelta(seconds=1)) == (0, 0)
    assert table.sweep(timedelta(seconds=1)) == (1, 0)
    assert table.reminders() == [(waiting, "pending")]
    assert table.summary().next_reminder_at == START + 3 * HOUR
    assert table.sweep(HOUR) == (1, 0)
    # The new reminder supersedes the one still waiting instead of piling up.
    assert table.reminders() == [(waiting, "superseded"), (waiting, "pending")]
    assert table.summary().next_reminder_at is None


def test_a_player_chooses_the_reminder_offsets() -> None:
    table = Table(TimeControl(move_seconds=4 * 3600), reminders=("30m", "2h"))
    assert table.summary().next_reminder_at == START + 2 * HOUR
    table.sweep(2 * HOUR)
    assert table.summary().next_reminder_at == START + 3 * HOUR + timedelta(minutes=30)


def test_a_move_cancels_the_pending_reminder() -> None:
    table = Table(TimeControl(move_seconds=4 * 3600))
    table.sweep(2 * HOUR)
    player = table.game.to_act
    assert player is not None
    table.service.act(table.game_id, player, "pass")
    assert table.reminders() == [(player, "superseded")]


def test_a_reminder_is_sent_once_however_often_the_sweep_runs() -> None:
    table = Table(TimeControl(move_seconds=4 * 3600))
    table.sweep(2 * HOUR)
    for _ in range(5):
        assert table.sweep(timedelta(seconds=1)) == (0, 0)
    assert len(table.reminders()) == 1


def test_a_deadline_inside_quiet_hours_moves_to_their_end() -> None:
    # 12 hours from 09:00 UTC is 22:00 in Madrid (UTC+1 in March): inside 21:00-08:00.
    table = Table(
        TimeControl(move_seconds=12 * 3600), timezone="Europe/Madrid", quiet_hours="21:00-08:00"
    )
    assert table.summary().due_at == datetime(2026, 3, 3, 7, 0, tzinfo=UTC)  # 08:00 in Madrid


def test_a_slow_move_draws_on_the_reserve() -> None:
    table = Table(TimeControl(move_seconds=3600, reserve_seconds=2 * 3600))
    assert table.summary().due_at == START + 3 * HOUR
    slow = table.game.to_act
    assert slow is not None
    table.clock.advance(hours=1, minutes=30)
    table.service.act(table.game_id, slow, "pass")
    game = table.game
    seat = game.seat_of(slow)
    assert seat is not None
    assert game.clocks.reserve_used[seat] == 1800


def test_an_overdue_decision_times_out_once_with_the_safest_choice() -> None:
    table = Table(TimeControl(move_seconds=3600, on_timeout="auto"))
    before = table.game
    seat = before.rules.to_act
    assert seat is not None
    assert table.sweep(HOUR - timedelta(seconds=1)) == (1, 0)  # the halfway reminder only
    assert table.sweep(timedelta(seconds=1)) == (0, 1)
    events = table.events_since(before.version)
    assert events[:2] == [TurnTimedOut(seat, "auto"), CardRefused(seat, before.rules.center)]
    assert table.sweep(timedelta(seconds=1)) == (0, 0)  # a repeated sweep changes nothing


def test_the_bot_policy_lets_the_greedy_bot_decide() -> None:
    table = Table(TimeControl(move_seconds=3600, on_timeout="bot"))
    seat = table.game.rules.to_act
    version = table.game.version
    table.sweep(HOUR)
    events = table.events_since(version)
    assert events[0] == TurnTimedOut(seat, "bot")  # type: ignore[arg-type]
    assert len(events) > 1


def test_the_forfeit_policy_ends_the_match_at_the_first_timeout() -> None:
    table = Table(TimeControl(move_seconds=3600, on_timeout="forfeit"))
    seat = table.game.rules.to_act
    assert seat is not None
    version = table.game.version
    table.sweep(HOUR)
    events = table.events_since(version)
    assert events[:3] == [
        TurnTimedOut(seat, "forfeit"),
        MatchForfeited(seat, "timeouts"),
        MatchEnded(seat.other, (0, 0)),
    ]
    assert table.game.status == "over"


def test_three_timeouts_in_a_row_forfeit_the_match() -> None:
    table = Table(TimeControl(move_seconds=3600, on_timeout="auto", max_timeouts=3))
    for _ in range(40):
        table.sweep(HOUR)
        if table.game.status == "over":
            break
    game = table.game
    assert game.status == "over"
    loser = game.rules.match.resigned
    assert loser is not None
    assert game.clocks.timeouts_in_row[loser] == 3  # the third is the one that forfeited
    assert any(isinstance(e, MatchForfeited) for e in table.events_since(0))


def test_the_waiting_player_may_claim_the_win_only_after_the_deadline() -> None:
    table = Table(TimeControl(move_seconds=3600))
    absent = table.game.to_act
    waiting = table.ana if absent == table.ben else table.ben
    with pytest.raises(DeadlineNotPassed):
        table.service.claim_win(table.game_id, waiting)
    with pytest.raises(NotWaiting):
        table.service.claim_win(table.game_id, absent)  # type: ignore[arg-type]
    table.clock.advance(hours=1)
    version = table.game.version
    table.service.claim_win(table.game_id, waiting)
    seat = table.game.seat_of(waiting)
    assert seat is not None
    assert table.events_since(version)[:2] == [
        WinClaimed(seat),
        MatchForfeited(seat.other, "claimed"),
    ]


def test_an_extension_moves_the_deadline_and_the_timeout_waits_for_it() -> None:
    table = Table(TimeControl(move_seconds=3600))
    absent = table.game.to_act
    waiting = table.ana if absent == table.ben else table.ben
    table.clock.advance(hours=1)
    version = table.game.version
    table.service.extend_deadline(table.game_id, waiting, timedelta(hours=6))
    seat = table.game.seat_of(waiting)
    assert seat is not None
    until = START + 7 * HOUR
    assert table.events_since(version) == [DeadlineExtended(seat, until)]
    assert table.summary().due_at == until
    assert table.sweep(5 * HOUR)[1] == 0  # (a reminder of the new deadline may go out)
    assert table.sweep(HOUR)[1] == 1


def test_a_move_just_before_the_deadline_wins_over_a_late_timeout() -> None:
    table = Table(TimeControl(move_seconds=3600))
    game = table.game
    player = game.to_act
    assert player is not None
    table.clock.advance(minutes=59, seconds=59)
    table.service.act(table.game_id, player, "pass", game.version)
    table.clock.advance(seconds=2)
    # The sweep had claimed the game at the old version: that timeout is now a no-op.
    assert table.service.time_out(table.game_id, game.version) is None
    assert not any(isinstance(e, TurnTimedOut) for e in table.events_since(game.version))


@pytest.mark.parametrize("phase", [Phase.FORCE_WINDOW, Phase.DECIDE])
def test_the_safest_choice_declines_to_force_and_refuses(phase: Phase) -> None:
    from service.clock.timeouts import safest
    from service.rules.view import view_for

    table = Table(TimeControl(move_seconds=3600))
    rules = table.game.rules._replace(phase=phase)
    seat = rules.to_act
    assert seat is not None
    choice = safest(view_for(rules, seat))
    assert choice == (NoForce(seat) if phase is Phase.FORCE_WINDOW else Refuse(seat))
    assert choice != Force(seat)


@pytest.mark.parametrize(
    "control",
    [
        TimeControl(move_seconds=59),
        TimeControl(move_seconds=14 * 86400 + 1),
        TimeControl(reserve_seconds=-1),
        TimeControl(on_timeout="pray"),
        TimeControl(max_timeouts=0),
    ],
)
def test_a_time_control_outside_what_is_offered_is_refused(control: TimeControl) -> None:
    from service.game.errors import BadSetting

    store = InMemoryEventStore()
    service = GameService(store, ManualClock(START), SeededChance(1))
    with pytest.raises(BadSetting):
        service.open_game(PlayerId("ana"), time_control=control)
    assert store.rows == []
