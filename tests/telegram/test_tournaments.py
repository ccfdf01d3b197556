"""Tournaments on Telegram (issue 37): ``/tournaments`` lists the open ones with their *Join*
buttons, ``/join_tournament CODE`` and ``/withdraw_tournament CODE``; words without a code, an
unknown code and a press on a full tournament are refused, each saying why, and change nothing;
a round paired gives each player their game in their chat."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from adapters.cli.tournament_cmd import OPERATORS
from service.tournaments.events import Format, TournamentId
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot, Phone
from tests.tournaments.play import terms


def opened(bot: Bot, size: int) -> TournamentId:
    tournaments = bot.wiring.tournaments
    assert tournaments is not None
    closes = datetime.now(UTC) + timedelta(days=7)
    swiss = replace(terms(Format.SWISS, size=size, rounds=size - 1), join_closes=closes)
    return tournaments.create(OPERATORS, swiss, operator=True)


def entrants(bot: Bot, tournament_id: TournamentId) -> list[str]:
    assert bot.wiring.tournaments is not None
    tournament = bot.wiring.tournaments.tournament(tournament_id)
    return [one.player for one in tournament.active]


def test_a_player_joins_with_the_button_and_withdraws_by_code(
    bot: Bot, ana: Phone, ben: Phone
) -> None:
    tournament_id = opened(bot, 3)
    code = tournament_id[:6]
    ana.say("/tournaments")
    listing = ana.last()
    assert listing.text.startswith("Tournaments open for entries")
    assert f"{code} · Swiss, 2 rounds · 0 of 3 players · 1 deal" in listing.text

    assert ana.press(listing, f"Join {code}") == ""
    assert ana.last().text.startswith(f"You are in tournament {code}.")
    assert f"/withdraw_tournament {code} leaves it." in ana.last().text
    ana.say("/tournaments")
    assert "1 of 3 players" in ana.last().text
    assert not ana.last().buttons(), "no Join button for a tournament she is in"

    ben.say(f"/tournament {code}")
    standings = ben.last().text
    assert standings.startswith(f"Standings of tournament {code} (Swiss, 2 rounds), in points:")
    assert "1. a player — 0" in standings and "Ana" not in standings  # her profile is private
    ana.say(f"/tournament {code}")
    assert "1. Ana — 0" in ana.last().text
    ben.say(f"/join_tournament {code}")
    assert ben.last().text.startswith(f"You are in tournament {code}.")
    ben.say(f"/withdraw_tournament {code}")
    assert ben.last().text.startswith(f"You withdrew from tournament {code}")
    assert entrants(bot, tournament_id) == [bot.player(ana.person)]


def test_words_without_a_code_and_an_unknown_code_are_refused_and_change_nothing(
    bot: Bot, ana: Phone
) -> None:
    tournament_id = opened(bot, 4)
    ana.say("/join_tournament")
    assert ana.last().text.startswith(
        "⚠ Write the tournament's code as the list shows it, e.g. join tournament 3f9a2c."
    )
    ana.say("/join_tournament ffffff")
    assert ana.last().text.startswith("⚠ There is no such tournament.")
    ana.say(f"/withdraw_tournament {tournament_id[:6]}")
    assert ana.last().text.startswith("⚠ You are not playing in this tournament.")
    assert entrants(bot, tournament_id) == []


def test_a_join_pressed_once_the_tournament_is_full_says_so_and_the_round_begins(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    cid = Phone(fake, fake.person("Cid"))
    tournament_id = opened(bot, 2)
    code = tournament_id[:6]
    cid.say("/tournaments")
    stale = cid.last()
    ana.say(f"/join_tournament {code}")
    ben.say(f"/join_tournament {code}")

    answer = cid.press(stale, f"Join {code}")

    assert answer.startswith("This tournament is full: it has 2 players."), answer
    assert len(entrants(bot, tournament_id)) == 2
    assert bot.wiring.tournaments is not None
    [game_id] = bot.wiring.tournaments.tend().games
    bot.worker.drain()
    players = bot.service.game(game_id).players
    assert set(players) == {bot.player(ana.person), bot.player(ben.person)}
    host, guest = (ana, ben) if players[0] == bot.player(ana.person) else (ben, ana)
    line = f"This is round 1 of tournament {code}."
    told = bot.fake.wait(lambda: [m for m in host.messages() if line in m.text])
    assert "joins as player 2" in told[-1].text
    turn = guest.wait_for_turn().text  # the guest is told too: neither asked for this game
    assert f"You join as player 2.\n{line}" in turn
    cid.say("/tournaments")
    assert cid.last().text.startswith("No tournament takes entries now.")
