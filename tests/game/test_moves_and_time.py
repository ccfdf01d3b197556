"""A player's moves (resigning among them) and the time control's claim and extension,
decided on the game's log.  In ``joined()`` the host (P) is to move and the guest (O) waits."""

from __future__ import annotations

from datetime import timedelta

from service.game.commands import Claim, Extend, Instruct, Move, Withdraw
from service.game.errors import (
    DeadlineNotPassed,
    GameCalledOff,
    GameNotStarted,
    NotAPlayer,
    NotWaiting,
)
from service.game.events import (
    ClockPaused,
    ClockResumed,
    DeadlineExtended,
    GameCancelled,
    WinClaimed,
)
from service.game.instruction_errors import NoInstructions
from service.rules.actions import Refuse, Resign
from service.rules.errors import MatchOver, NotYourTurn
from service.rules.events import MatchEnded, MatchForfeited, PlayerResigned
from tests.game.scenario import GUEST, HOST, STRANGER, T0, O, P, given, joined, opened, resigned

PLAYING = (*opened(), *joined())
DUE = T0 + timedelta(hours=1)
"""When P's decision fell due, in P's settings (the use case reads it; the decider is told)."""
LATER = T0 + timedelta(hours=2)


def test_a_player_resigns_and_the_opponent_wins_the_match() -> None:
    given(*PLAYING).when(Move(GUEST, Resign(O))).then(PlayerResigned(O), MatchEnded(P, (0, 0)))


def test_cannot_resign_twice() -> None:
    given(*PLAYING, *resigned(O)).when(Move(GUEST, Resign(O))).refused(MatchOver)


def test_cannot_resign_a_game_nobody_joined() -> None:
    given(*opened()).when(Move(HOST, Resign(P))).refused(GameNotStarted)


def test_cannot_move_in_a_game_called_off() -> None:
    given(*opened(), GameCancelled(HOST)).when(Move(HOST, Resign(P))).refused(GameCalledOff)


def test_only_a_player_moves() -> None:
    given(*PLAYING).when(Move(STRANGER, Resign(P))).refused(NotAPlayer)


def test_the_rules_refuse_a_move_out_of_turn() -> None:
    given(*PLAYING).when(Move(GUEST, Refuse(O))).refused(NotYourTurn)


def test_a_players_own_move_ends_their_vacation_pause_first() -> None:
    paused = given(*PLAYING, ClockPaused(O, T0 + timedelta(days=3)))
    paused.when(Move(GUEST, Resign(O)), now=LATER).then(
        ClockResumed(O), PlayerResigned(O), MatchEnded(P, (0, 0))
    )


def test_the_waiting_player_claims_the_win_once_the_deadline_passed() -> None:
    given(*PLAYING).when(Claim(GUEST, DUE), now=LATER).then(
        WinClaimed(O), MatchForfeited(P, "claimed"), MatchEnded(O, (0, 0))
    )


def test_cannot_claim_before_the_deadline() -> None:
    before = given(*PLAYING).when(Claim(GUEST, DUE), now=DUE - timedelta(seconds=1))
    before.refused(DeadlineNotPassed, due=DUE)


def test_cannot_claim_without_a_deadline() -> None:
    given(*PLAYING).when(Claim(GUEST, None), now=LATER).refused(DeadlineNotPassed)


def test_the_player_to_move_cannot_claim() -> None:
    given(*PLAYING).when(Claim(HOST, DUE), now=LATER).refused(NotWaiting)


def test_cannot_claim_once_the_match_is_over() -> None:
    given(*PLAYING, *resigned(P)).when(Claim(GUEST, DUE), now=LATER).refused(NotWaiting)


def test_the_waiting_player_extends_the_deadline_once_it_passed() -> None:
    until = LATER + timedelta(days=1)
    extension = given(*PLAYING).when(Extend(GUEST, DUE, until), now=LATER)
    extension.then(DeadlineExtended(O, until))


def test_the_player_to_move_cannot_extend() -> None:
    extension = Extend(HOST, DUE, LATER + timedelta(days=1))
    given(*PLAYING).when(extension, now=LATER).refused(NotWaiting)


def test_cannot_extend_before_the_deadline() -> None:
    extension = Extend(GUEST, DUE, LATER + timedelta(days=1))
    given(*PLAYING).when(extension, now=T0).refused(DeadlineNotPassed, due=DUE)


def test_cannot_extend_into_the_past() -> None:
    given(*PLAYING).when(Extend(GUEST, DUE, T0), now=LATER).refused(DeadlineNotPassed, due=T0)


def test_no_instruction_is_left_once_the_match_is_over() -> None:
    given(*PLAYING, *resigned(P)).when(Instruct(HOST, "refuse")).refused(MatchOver)


def test_cannot_withdraw_instructions_never_left() -> None:
    given(*PLAYING).when(Withdraw(HOST)).refused(NoInstructions)
