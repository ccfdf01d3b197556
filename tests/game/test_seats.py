"""Joining a game with its invitation and calling it off, decided on the game's log."""

from __future__ import annotations

from service.game.commands import Cancel, Join
from service.game.errors import (
    GameStarted,
    InvitationUsed,
    InvitationWithdrawn,
    NotAPlayer,
    OwnInvitation,
)
from service.game.events import GameCancelled, PlayerJoined
from tests.game.scenario import BOT, GUEST, HOST, STRANGER, O, given, joined, opened, resigned


def test_a_player_joins_an_open_game_in_the_second_seat() -> None:
    given(*opened()).when(Join(GUEST)).then(PlayerJoined(GUEST, O))


def test_a_bot_joins_like_anyone() -> None:
    given(*opened()).when(Join(BOT)).then(PlayerJoined(BOT, O))


def test_cannot_join_your_own_game() -> None:
    given(*opened()).when(Join(HOST)).refused(OwnInvitation)


def test_cannot_join_a_started_game() -> None:
    given(*opened(), *joined()).when(Join(STRANGER)).refused(InvitationUsed)


def test_the_guest_cannot_join_again() -> None:
    given(*opened(), *joined()).when(Join(GUEST)).refused(InvitationUsed)


def test_cannot_join_a_finished_game() -> None:
    given(*opened(), *joined(), *resigned(O)).when(Join(STRANGER)).refused(InvitationUsed)


def test_cannot_join_a_game_called_off() -> None:
    given(*opened(), GameCancelled(HOST)).when(Join(GUEST)).refused(InvitationWithdrawn)


def test_the_host_calls_off_a_game_nobody_joined() -> None:
    given(*opened()).when(Cancel(HOST)).then(GameCancelled(HOST))


def test_calling_off_twice_changes_nothing() -> None:
    given(*opened(), GameCancelled(HOST)).when(Cancel(HOST)).then()


def test_only_the_host_calls_off() -> None:
    given(*opened()).when(Cancel(STRANGER)).refused(NotAPlayer)


def test_the_host_cannot_call_off_a_started_game() -> None:
    given(*opened(), *joined()).when(Cancel(HOST)).refused(GameStarted)


def test_the_guest_cannot_call_off_a_started_game() -> None:
    given(*opened(), *joined()).when(Cancel(GUEST)).refused(GameStarted)
