"""Tournaments through the JSON API on a real server (issue 37): created under the creators'
limit, listed, entered and withdrawn from by their codes, each request handled once under its
``Idempotency-Key``; a round paired by the worker's step shows its games; the log is the export
``conquian verify`` reads; refusals are specific and change nothing; and a private player's name
and id are in no answer to anyone else."""

from __future__ import annotations

import json
from typing import Any

import pytest

from service.app.tournaments import CreatorLimits
from tests.web.conftest import Site, SiteFactory

PRIVATE = "Quintessa Tourney"
SWISS = {"format": "swiss", "size": 4, "rounds": 2, "deals": 1, "move_seconds": 3600}


@pytest.fixture(scope="module")
def open_site(make_site: SiteFactory) -> Site:
    """A site whose players may create tournaments at once (the limit set to no games)."""
    site = make_site()
    assert site.wiring.tournaments is not None
    site.wiring.tournaments.limits = CreatorLimits(finished_games=0, running=2)
    return site


def public_player(site: Site, name: str) -> str:
    token = site.player(name)
    site.http.post("/api/v1/players/me/profile", {"public": True}, token=token)
    return token


def listing(site: Site) -> list[dict[str, Any]]:
    answer = site.http.get("/api/v1/tournaments")
    assert answer.status == 200, answer.text
    return list(answer.json["tournaments"])


def test_a_player_without_finished_games_may_not_create_one(site: Site) -> None:
    before = listing(site)
    refused = site.http.post("/api/v1/tournaments", SWISS, token=site.player("Newcomer"))
    assert refused.status == 403 and refused.error["code"] == "may_not_create", refused.text
    assert "20 games" in refused.error["message"]
    assert listing(site) == before


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({**SWISS, "format": "knockout"}, "'format'"),
        ({"format": "swiss", "size": 4}, "'rounds'"),
        ({"format": "round-robin", "size": 4, "rounds": 3}, "'rounds'"),
        ({**SWISS, "double": True}, "'double'"),
        ({**SWISS, "opponent": "bot"}, "'opponent'"),
        ({**SWISS, "size": "four"}, "'size'"),
    ],
)
def test_a_body_it_cannot_read_is_refused_by_its_field(
    open_site: Site, body: dict[str, Any], field: str
) -> None:
    before = listing(open_site)
    refused = open_site.http.post("/api/v1/tournaments", body, token=open_site.player("Asker"))
    assert refused.status == 400, refused.text
    assert field in refused.error["message"]
    assert listing(open_site) == before


def test_terms_out_of_bounds_are_refused_with_the_bounds(open_site: Site) -> None:
    before = listing(open_site)
    body = {**SWISS, "rounds": 4}  # 4 players play at most 3 rounds
    refused = open_site.http.post("/api/v1/tournaments", body, token=open_site.player("Bounds"))
    assert refused.status == 400 and refused.error["code"] == "bad_tournament_terms"
    assert "from 1 to 3 rounds" in refused.error["message"], refused.text
    assert listing(open_site) == before


def test_a_creation_sent_again_with_its_key_is_one_tournament(open_site: Site) -> None:
    creator = open_site.player("Keyed Creator")
    key = {"Idempotency-Key": "tournament-once-1"}
    first = open_site.http.post("/api/v1/tournaments", SWISS, token=creator, headers=key)
    again = open_site.http.post("/api/v1/tournaments", SWISS, token=creator, headers=key)
    assert first.status == again.status == 201, again.text
    assert first.json == again.json
    ids = [one["tournament_id"] for one in listing(open_site)]
    assert ids.count(first.json["tournament_id"]) == 1


def test_players_enter_by_code_play_a_round_and_the_log_is_exported(open_site: Site) -> None:
    site = open_site
    creator = public_player(site, "Organiser Ona")
    created = site.http.post("/api/v1/tournaments", SWISS, token=creator)
    assert created.status == 201, created.text
    tournament_id, code = created.json["tournament_id"], created.json["code"]
    assert code == tournament_id[:6]
    listed = next(one for one in listing(site) if one["tournament_id"] == tournament_id)
    assert listed["open"] and listed["players_entered"] == 0 and listed["format"] == "swiss"
    assert "1 hour a move" in listed["terms_text"] and listed["terms"]["deals"] == 1

    private = site.player(PRIVATE)
    players = [private, public_player(site, "Pia"), public_player(site, "Rex")]
    for token in players:
        entered = site.http.post(f"/api/v1/tournaments/{code}/join", token=token)
        assert entered.status == 201 and entered.json["status"] == "entered", entered.text
    again = site.http.post(f"/api/v1/tournaments/{code}/join", token=players[1])
    assert again.status == 201, "entering again is the same answer"
    unknown = site.http.post("/api/v1/tournaments/ffffff/join", token=players[1])
    assert unknown.status == 404 and unknown.error["code"] == "unknown_tournament"

    quitter = public_player(site, "Quitter")
    site.http.post(f"/api/v1/tournaments/{code}/join", token=quitter)
    full = site.http.post(f"/api/v1/tournaments/{code}/join", token=site.player("Late"))
    assert full.status == 409 and full.error["code"] == "tournament_full", full.text
    left = site.http.post(f"/api/v1/tournaments/{tournament_id}/withdraw", token=quitter)
    assert left.status == 200 and left.json["status"] == "withdrawn", left.text
    stranger = site.http.post(f"/api/v1/tournaments/{code}/withdraw", token=site.player("Nobody"))
    assert stranger.status == 409 and stranger.error["code"] == "not_entered"
    site.http.post(f"/api/v1/tournaments/{code}/join", token=creator)  # the fourth seat again

    assert site.wiring.tournaments is not None
    opened = site.wiring.tournaments.tend().games
    assert len(opened) == 2, "4 players: round 1 paired, two games"
    shown = site.http.get(f"/api/v1/tournaments/{code}", token=players[1]).json
    games = [one["game_id"] for one in shown["rounds"][0]["pairings"]]
    assert sorted(games) == sorted(opened)
    assert not shown["open"] and len(shown["standings"]) == 4
    named = json.dumps(shown)
    assert PRIVATE not in named and "Pia" in named and "a player" in named
    hidden = [one for one in shown["standings"] if one["name"] == "a player"]
    assert [one["player"] for one in hidden] == [None]
    own = site.http.get(f"/api/v1/tournaments/{code}", token=private).text
    assert PRIVATE in own, "a player sees their own name"
    assert PRIVATE not in site.http.get("/api/v1/tournaments").text

    log = site.http.get(f"/api/v1/tournaments/{code}/log")
    assert log.status == 200 and log.headers["content-type"] == "application/x-ndjson"
    lines = [json.loads(line) for line in log.text.splitlines()]
    assert lines[0]["format"] == "conquian-tournament"
    assert lines[0]["tournament_id"] == tournament_id
    assert [one["name"] for one in lines[1:]][-1] == "RoundPaired"
