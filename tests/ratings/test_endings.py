"""Every way a match ends counts once for the ratings; a game called off never counts."""

from __future__ import annotations

from service.app.sweeps import Sweeper
from service.game.events import GameId, PlayerId, TimeControl
from service.ratings.finished import Ending
from tests.ratings.conftest import Site

ANA, BEN = PlayerId("p1"), PlayerId("p2")
FORFEIT = TimeControl(move_seconds=3600, on_timeout="forfeit")


def started(site: Site, control: TimeControl | None = None) -> GameId:
    game_id = site.service.open_game(ANA, time_control=control)
    site.service.join(site.service.game(game_id).invitation, BEN)
    return game_id


def test_a_resignation_a_timeout_and_a_claim_count_and_a_cancelled_game_does_not(
    site: Site,
) -> None:
    resigned = started(site)
    site.service.resign(resigned, BEN)
    timed_out = started(site, FORFEIT)
    absent = site.service.game(timed_out).rules.to_act
    site.clock.advance(hours=2)
    assert Sweeper(site.service).expire_overdue() == 1
    claimed = started(site, TimeControl(move_seconds=3600))
    waiting = ANA if site.service.game(claimed).to_act == BEN else BEN
    site.clock.advance(hours=2)
    site.service.claim_win(claimed, waiting)
    cancelled = site.service.open_game(ANA)
    site.service.cancel(cancelled, ANA)

    assert site.ratings.catch_up() == 3
    assert site.ratings.catch_up() == 0  # nothing is counted twice

    counted = site.ratings.store.counted()
    assert set(counted) == {resigned, timed_out, claimed}
    assert counted[resigned].ending is Ending.RESIGNED and counted[resigned].score == 1.0
    assert counted[timed_out].ending is Ending.TIMED_OUT
    assert counted[timed_out].score == (0.0 if absent is not None and absent.number == 1 else 1.0)
    assert counted[claimed].ending is Ending.CLAIMED
    assert counted[claimed].score == (1.0 if waiting == ANA else 0.0)
    assert all(one.rated for one in counted.values())  # two people: rated by default
    ana = site.ratings.store.standing(ANA)
    assert ana is not None and ana.rated_games == 3 and ana.record.games == 3
    assert ana.provisional


def test_a_casual_game_is_recorded_and_moves_no_rating(site: Site) -> None:
    game_id = site.service.open_game(ANA, rated=False)
    site.service.join(site.service.game(game_id).invitation, BEN)
    site.service.resign(game_id, BEN)
    site.ratings.catch_up()
    ana = site.ratings.store.standing(ANA)
    assert ana is not None and ana.record.wins == 1 and ana.rated_games == 0
    assert ana.rating.rating == 1500.0


def test_a_game_against_a_bot_is_casual_unless_asked(site: Site) -> None:
    casual = site.service.open_game(ANA, opponent=PlayerId("bot:greedy"))
    site.service.resign(casual, ANA)
    rated = site.service.open_game(BEN, opponent=PlayerId("bot:greedy"), rated=True)
    site.service.resign(rated, BEN)
    site.clock.advance(seconds=1)
    site.ratings.catch_up()
    counted = site.ratings.store.counted()
    assert (counted[casual].rated, counted[rated].rated) == (False, True)
    ben = site.ratings.store.standing(BEN)
    assert ben is not None and ben.rating.rating < 1500.0
    bot = site.ratings.store.standing(PlayerId("bot:greedy"))
    assert bot is not None and bot.rating.rating == 1300.0  # anchored
    shown = site.ratings.stats(BEN, PlayerId("bot:greedy"))  # a bot's profile is public
    assert shown is not None and shown.standing.record.wins == 2


def test_a_rebuild_reaches_the_followers_standings_exactly(site: Site) -> None:
    for hour in range(6):
        game_id = started(site)
        site.service.resign(game_id, BEN if hour % 3 else ANA)
        site.clock.advance(hours=9)
        site.ratings.follow(limit=2)
    site.ratings.catch_up()
    followed = site.ratings.store.standings()
    assert site.ratings.rebuild() == 6
    assert site.ratings.store.standings() == followed


def test_only_three_rated_games_a_day_against_one_opponent_move_ratings(site: Site) -> None:
    for _ in range(5):
        site.service.resign(started(site), BEN)
        site.clock.advance(minutes=10)
    site.ratings.catch_up()
    ana = site.ratings.store.standing(ANA)
    assert ana is not None and (ana.rated_games, ana.record.wins) == (3, 5)
    assert [one.rated for one in ana.recent] == [False, False, True, True, True]


def test_the_rebuild_bench_in_small_reaches_the_followers_standings() -> None:
    """``make bench-ratings`` plays 10,000 games; here 120, through the same code."""
    from tests.bench.ratings_rebuild import main

    assert main(["--games", "120"]) == 0
