"""Offering and accepting a rematch once a game is over, decided on the game's log."""

from __future__ import annotations

from service.game.commands import AcceptRematch, OfferRematch
from service.game.errors import GameNotStarted, NoRematchOffered, NotAPlayer, RematchNotYet
from service.game.events import RematchAccepted, RematchOffered
from tests.game.scenario import GUEST, HOST, REMATCH, STRANGER, P, given, joined, opened, resigned

OVER = (*opened(), *joined(), *resigned(P))


def test_a_player_offers_a_rematch_once_the_match_is_over() -> None:
    given(*OVER).when(OfferRematch(HOST)).then(RematchOffered(HOST))


def test_cannot_offer_a_rematch_before_the_match_ended() -> None:
    given(*opened(), *joined()).when(OfferRematch(HOST)).refused(RematchNotYet)


def test_cannot_offer_a_rematch_of_a_game_nobody_joined() -> None:
    given(*opened()).when(OfferRematch(HOST)).refused(GameNotStarted)


def test_only_a_player_offers_a_rematch() -> None:
    given(*OVER).when(OfferRematch(STRANGER)).refused(NotAPlayer)


def test_offering_twice_changes_nothing() -> None:
    given(*OVER, RematchOffered(HOST)).when(OfferRematch(HOST, REMATCH)).then()


def test_an_offer_after_the_opponents_accepts_it() -> None:
    offered = given(*OVER, RematchOffered(GUEST))
    offered.when(OfferRematch(HOST, REMATCH)).then(RematchAccepted(HOST, REMATCH))


def test_the_opponent_accepts_the_offer() -> None:
    offered = given(*OVER, RematchOffered(HOST))
    offered.when(AcceptRematch(GUEST, REMATCH)).then(RematchAccepted(GUEST, REMATCH))


def test_cannot_accept_a_rematch_nobody_offered() -> None:
    given(*OVER).when(AcceptRematch(GUEST, REMATCH)).refused(NoRematchOffered)


def test_cannot_accept_your_own_offer() -> None:
    given(*OVER, RematchOffered(HOST)).when(AcceptRematch(HOST, REMATCH)).refused(NoRematchOffered)


def test_a_rematch_is_recorded_once() -> None:
    accepted = given(*OVER, RematchOffered(HOST), RematchAccepted(GUEST, REMATCH))
    accepted.when(AcceptRematch(GUEST, REMATCH)).then()
    accepted.when(OfferRematch(HOST, REMATCH)).then()
