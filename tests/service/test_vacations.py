"""Vacations with a clock the tests move: ``vacation 3d`` pauses the clocks of all the player's
games, both players are told, the deadlines wait, the player's next move ends it early, and the
yearly allowance holds."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from service.app.games import GameService
from service.app.outcome import WentOnVacation
from service.app.replies import Request
from service.app.sweeps import Sweeper
from service.game.errors import NoProfile, OnVacation, VacationTooLong
from service.game.events import ClockPaused, ClockResumed, GameId, PlayerId, TimeControl
from service.ports.directory import Address
from service.ports.memory import InMemoryEventStore, InMemoryInbox
from service.ports.memory_directory import InMemoryDirectory, ManualClock, SeededChance
from tests.reply_fields import fields

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
DAY = timedelta(days=1)


class Club:
    """Ana plays two games against Ben and one against Cy, a day per move."""

    def __init__(self) -> None:
        self.clock = ManualClock(START)
        self.store = InMemoryEventStore(inbox=InMemoryInbox())
        self.directory = InMemoryDirectory()
        self.ana, self.ben, self.cy = (
            self.directory.register(name, Address("log", name)) for name in ("ana", "ben", "cy")
        )
        self.service = GameService(
            self.store, self.clock, SeededChance(7), self.store.inbox, self.directory
        )
        self.games = [self.start(self.ben), self.start(self.ben), self.start(self.cy)]

    def start(self, opponent: PlayerId) -> GameId:
        control = TimeControl(move_seconds=24 * 3600)
        game_id = self.service.open_game(self.ana, time_control=control)
        self.service.join(self.service.game(game_id).invitation, opponent)
        return game_id

    def due(self, game_id: GameId) -> datetime | None:
        (line,) = [s for s in self.service.games_of(self.ana) if s.game_id == game_id]
        return line.due_at

    def last_events(self, game_id: GameId) -> list[object]:
        return [stored.event for stored in self.store.load(game_id)][-1:]

    def a_game_where_ana_moves(self) -> GameId:
        return next(g for g in self.games if self.service.game(g).to_act == self.ana)


@pytest.fixture
def club() -> Club:
    return Club()


def test_a_vacation_pauses_every_game_and_tells_both_players(club: Club) -> None:
    told = len(club.store.outbox)
    club.clock.advance(hours=2)

    outcome = club.service.act(club.games[0], club.ana, "vacation 3d")

    until = START + timedelta(hours=2) + 3 * DAY
    assert isinstance(outcome, WentOnVacation)
    assert (outcome.until, set(outcome.games)) == (until, set(club.games))
    for game_id in club.games:
        seat = club.service.game(game_id).seat_of(club.ana)
        assert seat is not None
        assert club.last_events(game_id) == [ClockPaused(seat, until)]
    opponents = [item.notification.player for item in club.store.outbox[told:]]
    assert sorted(opponents) == sorted([club.ben, club.ben, club.cy])  # Ana hears the reply
    assert club.directory.vacations(club.ana) == [(START + timedelta(hours=2), until)]


def test_the_deadlines_of_the_player_on_vacation_wait(club: Club) -> None:
    game_id = club.a_game_where_ana_moves()
    assert club.due(game_id) == START + DAY
    club.clock.advance(hours=2)
    club.service.act(game_id, club.ana, "vacation 3d")

    assert club.due(game_id) == START + DAY + 3 * DAY
    version = club.service.game(game_id).version
    club.clock.advance(days=1)
    Sweeper(club.service).expire_overdue()  # the opponents' overdue games time out
    assert club.service.game(game_id).version == version


def test_the_opponents_deadlines_run_on(club: Club) -> None:
    game_id = next(g for g in club.games if club.service.game(g).to_act != club.ana)
    club.service.act(club.games[0], club.ana, "vacation 3d")
    assert club.due(game_id) == START + DAY


def test_the_players_next_move_ends_the_vacation_early_everywhere(club: Club) -> None:
    club.service.act(club.games[0], club.ana, "vacation 3d")
    club.clock.advance(days=1, hours=5)
    game_id = club.a_game_where_ana_moves()

    moved = club.service.act(game_id, club.ana, "pass")

    seat = club.service.game(game_id).seat_of(club.ana)
    assert seat is not None
    assert moved.appended[0].event == ClockResumed(seat)
    for other in club.games:
        if other != game_id:
            assert club.last_events(other) == [ClockResumed(seat)]
    back = START + timedelta(days=1, hours=5)
    assert club.directory.vacations(club.ana) == [(START, back)]
    # Two days of the allowance are used (a started day counts), twelve are left.
    with pytest.raises(VacationTooLong) as refused:
        club.service.act(game_id, club.ana, "vacation 13d")
    assert refused.value.params == {"left": 12}


def test_the_opponents_move_does_not_end_the_vacation(club: Club) -> None:
    game_id = next(g for g in club.games if club.service.game(g).to_act != club.ana)
    club.service.act(club.games[0], club.ana, "vacation 3d")
    opponent = club.service.game(game_id).to_act
    assert opponent is not None

    moved = club.service.act(game_id, opponent, "pass")

    assert not any(isinstance(s.event, ClockResumed) for s in moved.appended)
    assert club.directory.vacations(club.ana) == [(START, START + 3 * DAY)]


def test_the_allowance_is_fourteen_days_a_year(club: Club) -> None:
    with pytest.raises(VacationTooLong) as refused:
        club.service.act(club.games[0], club.ana, "vacation 15d")
    assert refused.value.params == {"left": 14}
    club.service.act(club.games[0], club.ana, "vacation 10d")

    club.clock.advance(days=10)
    with pytest.raises(VacationTooLong) as again:
        club.service.act(club.games[0], club.ana, "vacation 5d")
    assert again.value.params == {"left": 4}

    club.clock.advance(days=356)  # a year after the first vacation began
    assert isinstance(club.service.act(club.games[0], club.ana, "vacation 14d"), WentOnVacation)


def test_a_players_own_allowance_is_used(club: Club) -> None:
    club.directory.update(replace(club.directory.profile(club.ana), vacation_days=30))
    assert isinstance(club.service.act(club.games[0], club.ana, "vacation 30d"), WentOnVacation)


def test_a_second_vacation_while_one_runs_is_refused(club: Club) -> None:
    club.service.act(club.games[0], club.ana, "vacation 2d")
    with pytest.raises(OnVacation):
        club.service.act(club.games[1], club.ana, "vacation 1d")


@pytest.mark.parametrize("text", ["vacation", "vacation 0d", "vacation three", "vacation 2h"])
def test_a_vacation_without_whole_days_is_refused(club: Club, text: str) -> None:
    before = list(club.store.rows)
    with pytest.raises(Exception) as refused:
        club.service.act(club.games[0], club.ana, text)
    assert refused.value.code in ("vacation_days_missing", "bad_vacation_days")  # type: ignore[attr-defined]
    assert club.store.rows == before


def test_vacations_need_a_registered_player() -> None:
    store = InMemoryEventStore()
    service = GameService(store, ManualClock(START), SeededChance(1), directory=InMemoryDirectory())
    game_id = service.open_game(PlayerId("x"))
    service.join(service.game(game_id).invitation, PlayerId("y"))
    with pytest.raises(NoProfile):
        service.act(game_id, PlayerId("x"), "vacation 2d")


def test_a_vacation_by_message_is_answered_with_its_end_once(club: Club) -> None:
    request = Request(club.ana, club.games[0], "vacation 3d")
    first = club.service.handle("log", "m1", "vacation 3d", request)
    again = club.service.handle("log", "m1", "vacation 3d", request)
    assert first == again
    vacation = fields(first)["vacation"]
    assert vacation["until"] == (START + 3 * DAY).isoformat()
    assert sorted(vacation["games"]) == sorted(club.games)
    assert len(club.directory.vacations(club.ana)) == 1
