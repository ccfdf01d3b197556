"""Reliability, a projection of the game logs: given how a match ended, what it adds to each
player; and on a simulated crowd of players who finish, time out and abandon, the projection
rebuilt from the logs equals the follower's, on every store; and the limits it sets."""

from __future__ import annotations

import random

from service.app.sweeps import Sweeper
from service.bots.policies import NoChance, greedy_bot
from service.game.events import GameId, PlayerId, TimeControl
from service.game.status import GameStatus
from service.rules.view import view_for
from service.seeks.reliability import Reliability
from service.seeks.requests import PublishSeek, SeekPublished
from service.words.refusals import Refused
from tests.seeks.conftest import Site

ANA, BEN = PlayerId("ana"), PlayerId("ben")
FORFEIT = TimeControl(3600, on_timeout="forfeit")
AUTO_TWICE = TimeControl(3600, on_timeout="auto", max_timeouts=2)


def started(
    site: Site, host: PlayerId, guest: PlayerId, control: TimeControl | None = None
) -> GameId:
    game_id = site.service.open_game(host, time_control=control)
    site.service.join(site.service.game(game_id).invitation, guest)
    return game_id


def decide(site: Site, game_id: GameId, moves: int) -> None:
    """The players on turn make ``moves`` decisions of their own (the greedy bot's), a minute apart."""
    for _ in range(moves):
        game = site.service.game(game_id)
        if game.status is not GameStatus.PLAYING or game.rules.to_act is None:
            return
        site.clock.advance(minutes=1)
        action = greedy_bot(view_for(game.rules, game.rules.to_act), NoChance())
        player = game.players[game.rules.to_act]
        assert player is not None
        site.service.act(game_id, player, action)


def timed_out(site: Site, game_id: GameId) -> None:
    """Nobody moves until the game is over on time."""
    while site.service.game(game_id).status is GameStatus.PLAYING:
        site.clock.advance(hours=2)
        Sweeper(site.service).expire_overdue()


def on_turn(site: Site, game_id: GameId) -> PlayerId:
    game = site.service.game(game_id)
    assert game.to_act is not None
    return game.to_act


def test_a_resignation_before_any_decision_is_abandoned(memory_site: Site) -> None:
    game_id = started(memory_site, ANA, BEN)
    memory_site.service.resign(game_id, BEN)
    memory_site.lobby.reliabilities.catch_up()
    assert memory_site.lobby.reliability(BEN) == Reliability(1, 0, 1)
    assert memory_site.lobby.reliability(ANA) == Reliability(1, 0, 0)


def test_a_resignation_after_playing_is_no_abandonment(memory_site: Site) -> None:
    game_id = started(memory_site, ANA, BEN)
    decide(memory_site, game_id, 4)
    memory_site.service.resign(game_id, BEN)
    memory_site.lobby.reliabilities.catch_up()
    assert memory_site.lobby.reliability(BEN) == Reliability(1, 0, 0)


def test_one_missed_deadline_after_playing_is_a_loss_on_time_only(memory_site: Site) -> None:
    game_id = started(memory_site, ANA, BEN, FORFEIT)
    decide(memory_site, game_id, 4)
    absent = on_turn(memory_site, game_id)
    timed_out(memory_site, game_id)
    memory_site.lobby.reliabilities.catch_up()
    assert memory_site.lobby.reliability(absent) == Reliability(1, 1, 0)


def test_timeouts_of_a_player_who_never_came_back_are_abandoned(memory_site: Site) -> None:
    game_id = started(memory_site, ANA, BEN, AUTO_TWICE)
    decide(memory_site, game_id, 4)
    absent = on_turn(memory_site, game_id)
    while memory_site.service.game(game_id).status is GameStatus.PLAYING:
        if on_turn(memory_site, game_id) == absent:
            memory_site.clock.advance(hours=2)
            Sweeper(memory_site.service).expire_overdue()
        else:
            decide(memory_site, game_id, 1)
    memory_site.lobby.reliabilities.catch_up()
    assert memory_site.lobby.reliability(absent) == Reliability(1, 1, 1)


def test_the_rebuild_of_a_crowd_equals_the_follower(site: Site) -> None:
    crowd = [PlayerId(f"p{n}") for n in range(8)]
    chance = random.Random(36)
    for number in range(18):
        host, guest = chance.sample(crowd, 2)
        way = number % 4
        game_id = started(site, host, guest, FORFEIT if way >= 2 else None)
        decide(site, game_id, chance.choice((0, 3)))
        if way == 0:
            site.service.resign(game_id, guest)
        elif way == 1:
            site.service.resign(game_id, host)
        else:
            timed_out(site, game_id)
        site.lobby.reliabilities.follow(limit=2)
    site.lobby.reliabilities.catch_up()
    followed = site.reliability.every()
    assert sum(one.finished for one in followed.values()) == 36
    assert any(one.abandoned for one in followed.values())
    assert any(one.lost_on_time for one in followed.values())
    assert site.lobby.reliabilities.rebuild() == 18
    assert site.reliability.every() == followed


def test_the_limits_rise_with_finished_games_and_fall_with_abandoned_ones() -> None:
    assert Reliability().most_games == 4
    assert Reliability(9, 0, 0).most_games == 7
    assert Reliability(60, 2, 2).most_games == 20
    assert Reliability(10, 3, 3).most_games == 2  # 70 per cent: unreliable
    assert Reliability(4, 4, 4).most_games == 4  # too few games to judge
    assert (Reliability(10, 3, 3).percent, Reliability().percent) == (70, None)


def test_an_unreliable_player_holds_two_games_until_they_finish_more(memory_site: Site) -> None:
    for _ in range(5):
        memory_site.service.resign(started(memory_site, ANA, BEN), BEN)  # at once: abandoned
    memory_site.lobby.reliabilities.catch_up()
    assert memory_site.lobby.reliability(BEN).percent == 0
    started(memory_site, ANA, BEN)
    assert isinstance(memory_site.lobby.answer(PublishSeek(BEN)), SeekPublished)
    refused = memory_site.lobby.answer(PublishSeek(BEN))
    assert isinstance(refused, Refused) and refused.code == "too_many_games"
    assert refused.params == {"held": "2", "most": "2"}
    assert isinstance(memory_site.lobby.answer(PublishSeek(ANA)), SeekPublished)
