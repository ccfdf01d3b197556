"""A vacation's pause and resume of a player's clock in one game, decided on the game's log."""

from __future__ import annotations

from datetime import timedelta

from service.game.commands import Pause, Resume
from service.game.errors import ClockNotPaused, GameNotStarted, NotAPlayer, OnVacation
from service.game.events import ClockPaused, ClockResumed
from service.rules.errors import MatchOver
from tests.game.scenario import GUEST, HOST, STRANGER, T0, O, P, given, joined, opened, resigned

PLAYING = (*opened(), *joined())
UNTIL = T0 + timedelta(days=3)
MEANWHILE = T0 + timedelta(days=1)


def test_a_player_on_vacation_pauses_their_clock() -> None:
    given(*PLAYING).when(Pause(HOST, UNTIL)).then(ClockPaused(P, UNTIL))


def test_the_waiting_player_pauses_their_clock_too() -> None:
    given(*PLAYING).when(Pause(GUEST, UNTIL)).then(ClockPaused(O, UNTIL))


def test_cannot_pause_while_paused() -> None:
    paused = given(*PLAYING, ClockPaused(P, UNTIL))
    paused.when(Pause(HOST, UNTIL + timedelta(days=1)), now=MEANWHILE).refused(
        OnVacation, until=UNTIL
    )


def test_a_clock_pauses_again_once_the_last_pause_ran_out() -> None:
    later = UNTIL + timedelta(days=2)
    ran_out = given(*PLAYING, ClockPaused(P, UNTIL))
    ran_out.when(Pause(HOST, later), now=UNTIL).then(ClockPaused(P, later))


def test_cannot_pause_a_finished_game() -> None:
    given(*PLAYING, *resigned(P)).when(Pause(HOST, UNTIL)).refused(MatchOver)


def test_cannot_pause_a_game_nobody_joined() -> None:
    given(*opened()).when(Pause(HOST, UNTIL)).refused(GameNotStarted)


def test_only_a_player_pauses() -> None:
    given(*PLAYING).when(Pause(STRANGER, UNTIL)).refused(NotAPlayer)


def test_a_player_back_early_resumes_their_clock() -> None:
    paused = given(*PLAYING, ClockPaused(P, UNTIL))
    paused.when(Resume(HOST), now=MEANWHILE).then(ClockResumed(P))


def test_cannot_resume_a_clock_that_is_not_paused() -> None:
    given(*PLAYING).when(Resume(HOST)).refused(ClockNotPaused)


def test_cannot_resume_the_opponents_pause() -> None:
    paused = given(*PLAYING, ClockPaused(P, UNTIL))
    paused.when(Resume(GUEST), now=MEANWHILE).refused(ClockNotPaused)


def test_cannot_resume_once_the_pause_ran_out() -> None:
    given(*PLAYING, ClockPaused(P, UNTIL)).when(Resume(HOST), now=UNTIL).refused(ClockNotPaused)
