"""Hints through the API (issue 38): ``hint`` is a command of the moves endpoint, answered in a
casual game against a bot with the hard bot's move in words, refused in a rated game and in a
game between people, changing nothing."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import Site
from tests.web.test_api import friendly_game, refused


def bot_game(site: Site, rated: bool | None) -> tuple[str, dict[str, Any]]:
    host = site.player()
    body: dict[str, Any] = {"opponent": "greedy"}
    if rated is not None:
        body["rated"] = rated
    opened = site.http.post("/api/v1/games", body, token=host)
    assert opened.status == 201, opened.text
    return host, opened.json


@pytest.mark.parametrize("rated", [None, False])
def test_a_hint_in_a_casual_bot_game_says_the_move_and_why(site: Site, rated: bool | None) -> None:
    host, game = bot_game(site, rated)
    path = f"/api/v1/games/{game['game_id']}/moves"
    body = {"command": "hint", "expected_version": game["version"]}

    answer = site.http.post(path, body, token=host, headers={"Idempotency-Key": "hint-1"})

    assert answer.status == 200, answer.text
    hint = answer.json["hint"]
    assert hint["text"].startswith("The hard bot would play: ")
    assert hint["move"].split()[0] in {"take", "pass", "force", "no", "discard"}
    assert 0 <= hint["rate"] <= 100
    assert answer.json["version"] == game["version"] + 1
    again = site.http.post(path, body, token=host, headers={"Idempotency-Key": "hint-1"})
    assert again.json["hint"] == hint and again.json["version"] == answer.json["version"]
    played = site.http.post(
        path, {"command": hint["move"], "expected_version": game["version"]}, token=host
    )
    assert played.status == 200, played.text  # the hint moved no position


def test_a_hint_is_refused_in_a_rated_game_against_a_bot(site: Site) -> None:
    host, game = bot_game(site, rated=True)
    path = f"/api/v1/games/{game['game_id']}/moves"
    body = {"command": "hint", "expected_version": game["version"]}
    refused(site.http.post(path, body, token=host), 422, "hint_in_rated_game")
    after = site.http.get(f"/api/v1/games/{game['game_id']}", token=host).json
    assert after["version"] == game["version"]


def test_a_hint_is_refused_in_a_game_between_people(site: Site) -> None:
    host, _, game_id, game = friendly_game(site)
    body = {"command": "hint", "expected_version": game["version"]}
    path = f"/api/v1/games/{game_id}/moves"
    refused(site.http.post(path, body, token=host), 422, "hint_against_person")
    assert site.http.get(f"/api/v1/games/{game_id}", token=host).json["version"] == game["version"]


# -- the review after the game ---------------------------------------------------------------------


def test_the_review_is_the_players_own_once_the_worker_made_it(site: Site) -> None:
    host, game = bot_game(site, None)
    game_id = game["game_id"]
    path = f"/api/v1/games/{game_id}/moves"
    for _ in range(3):
        version = site.http.get(f"/api/v1/games/{game_id}", token=host).json["version"]
        hint = site.http.post(path, {"command": "hint", "expected_version": version}, token=host)
        if hint.status != 200:
            break  # the deal went on to a point where the host waits
        move = {"command": hint.json["hint"]["move"], "expected_version": hint.json["version"]}
        assert site.http.post(path, move, token=host).status == 200
    review = f"/api/v1/games/{game_id}/review"
    refused(site.http.get(review, token=host), 409, "review_not_yet")
    version = site.http.get(f"/api/v1/games/{game_id}", token=host).json["version"]
    resigned = site.http.post(path, {"command": "resign", "expected_version": version}, token=host)
    assert resigned.status == 200, resigned.text
    assert site.http.get(review, token=host).json["ready"] is False

    reviewed = 0
    while followed := site.wiring.service.reviewing.follow():  # matches another test ended first
        reviewed += followed  # come before this one in the log the worker follows
    assert reviewed >= 1

    answer = site.http.get(review, token=host)
    assert answer.status == 200 and answer.json["ready"] is True
    assert answer.json["summary"].startswith("The hard bot reviewed your ")
    assert all(step["seq"] > 1 for step in answer.json["steps"])
    refused(site.http.get(review, token=site.player("Eve")), 403, "not_a_player")
