"""Automatic pairing: given players waiting with their terms, the worker's step pairs the closest
that fit and opens their game, telling both; waiting is stored (it survives a restart) and ends
when the player leaves or is paired; a pair the step marked but did not open is opened, once, by
the next step."""

from __future__ import annotations

from datetime import timedelta

from service.game.events import PlayerId, TimeControl
from service.game.status import GameStatus
from service.seeks.pairing import pairs
from service.seeks.requests import LeavePairing, PairingLeft, PairingWaited, WaitForPairing
from service.seeks.seeks import Pair, Waiting
from service.seeks.terms import SeekTerms, Wanted
from tests.seeks.conftest import Site
from tests.service.given import T0

ANA, BEN, CY, DEE = (PlayerId(name) for name in ("ana", "ben", "cy", "dee"))
DAILY = SeekTerms.of()
HOURLY = SeekTerms.of(time_control=TimeControl(3600))


def waiting(player: PlayerId, rating: float, terms: SeekTerms = DAILY, minutes: int = 0) -> Waiting:
    return Waiting(player, terms, Wanted(), rating, None, T0 + timedelta(minutes=minutes))


def test_the_closest_ratings_are_paired_first() -> None:
    pool = [waiting(ANA, 1500), waiting(BEN, 1900, minutes=1), waiting(CY, 1560, minutes=2)]
    pool.append(waiting(DEE, 1850, minutes=3))
    made = pairs(pool, T0 + timedelta(minutes=5))
    assert made == [Pair(pool[1], pool[3]), Pair(pool[0], pool[2])]  # gaps 50, then 60


def test_a_wide_gap_waits_until_the_window_has_widened() -> None:
    pool = [waiting(ANA, 1500), waiting(BEN, 1900)]
    assert pairs(pool, T0) == []
    assert pairs(pool, T0 + timedelta(hours=3)) == [Pair(pool[0], pool[1])]


def test_terms_that_do_not_fit_never_pair() -> None:
    rated, casual = waiting(ANA, 1500), waiting(BEN, 1500, SeekTerms.of(rated=False))
    slow = waiting(CY, 1500, SeekTerms.of(time_control=TimeControl(7 * 86400)))
    quick = waiting(DEE, 1500, HOURLY)
    assert pairs([rated, casual], T0 + timedelta(days=1)) == []
    assert pairs([slow, quick], T0 + timedelta(days=1)) == []
    picky = Waiting(ANA, DAILY, Wanted(least_reliability=90), 1500, None, T0)
    assert pairs([picky, waiting(BEN, 1500)], T0) == []


def test_the_step_opens_the_game_of_two_waiting_players_and_tells_both(site: Site) -> None:
    assert isinstance(site.lobby.answer(WaitForPairing(ANA, HOURLY)), PairingWaited)
    site.clock.advance(minutes=3)
    restarted = site.restarted()  # waiting is stored
    assert restarted.answer(WaitForPairing(BEN, HOURLY)) == PairingWaited(site.clock.now())
    (game_id,) = restarted.tend().paired
    game = site.service.game(game_id)
    assert game.players == (ANA, BEN) and game.status is GameStatus.PLAYING
    assert game.time_control.move_seconds == 3600
    if site.engine is None:
        told = {item.notification.player for item in site.service.store.outbox}  # type: ignore[attr-defined]
        assert told == {ANA, BEN}
    assert site.seeks.waiting() == [] and site.seeks.paired() == []
    assert restarted.answer(LeavePairing(ANA)) == PairingLeft(False)
    assert restarted.tend().paired == ()


def test_a_player_who_left_is_not_paired(site: Site) -> None:
    site.lobby.answer(WaitForPairing(ANA))
    site.lobby.answer(WaitForPairing(BEN))
    assert site.lobby.answer(LeavePairing(ANA)) == PairingLeft(True)
    assert site.lobby.tend().paired == ()
    assert [one.player for one in site.seeks.waiting()] == [BEN]


def test_a_pair_marked_but_not_opened_is_opened_once_by_the_next_step(site: Site) -> None:
    site.lobby.wait(ANA, DAILY)
    site.lobby.wait(BEN, DAILY)
    (pair,) = pairs(site.seeks.waiting(), site.clock.now())
    assert site.seeks.pair(pair)  # the step stopped here
    (game_id,) = site.lobby.tend().paired
    assert site.lobby.tend().paired == ()
    assert [line.game_id for line in site.service.store.all_summaries()] == [game_id]
