"""The lobby's JSON API on a real server (issue 36): seeks published, listed, accepted once,
withdrawn; waiting for pairing and leaving it; each request handled once under its
``Idempotency-Key``; refusals in the API's error shape with the lobby's code; and a private
player's name and id in no answer."""

from __future__ import annotations

from typing import Any

from tests.web.client import Answer
from tests.web.conftest import Site

PRIVATE = "Quintessa Marlowe"


def delete(site: Site, path: str, token: str, **headers: str) -> Answer:
    return site.http.request("DELETE", path, headers=headers, token=token)


def listed(site: Site, token: str | None, seek_id: str, query: str = "") -> dict[str, Any] | None:
    answer = site.http.get(f"/api/v1/seeks{query}", token=token)
    assert answer.status == 200, answer.text
    return next((one for one in answer.json["seeks"] if one["seek_id"] == seek_id), None)


def public_player(site: Site, name: str) -> str:
    token = site.player(name)
    site.http.post("/api/v1/players/me/profile", {"public": True}, token=token)
    return token


def test_a_seek_is_published_listed_accepted_once_and_its_game_begins(site: Site) -> None:
    owner, taker, late = public_player(site, "Seeker Ana"), site.player("Ben"), site.player("Cy")
    body = {"deals": 3, "move_seconds": 7200, "rated": False, "variant": {"forcing": "disabled"}}
    body |= {"rating_range": [None, 2500], "min_reliability": 0, "days": 3}
    published = site.http.post("/api/v1/seeks", body, token=owner)
    assert published.status == 201, published.text
    seek_id = published.json["seek_id"]
    assert published.json["code"] == seek_id[:6]
    seen = listed(site, taker, seek_id)
    assert seen is not None and seen["name"] == "Seeker Ana" and not seen["own"]
    assert seen["terms"]["deals"] == 3 and seen["terms"]["move_seconds"] == 7200
    assert seen["terms"]["rated"] is False and seen["terms"]["variant"] == {"forcing": "disabled"}
    assert "2 hours a move" in seen["terms_text"] and seen["reliability"] is None
    assert listed(site, taker, seek_id, "?rated=true") is None
    assert listed(site, taker, seek_id, "?longest_move=3600") is None
    assert listed(site, taker, seek_id, "?rated=false&shortest_move=3600") is not None
    mine = listed(site, owner, seek_id)
    assert mine is not None and mine["own"]

    accepted = site.http.post(f"/api/v1/seeks/{seek_id}/accept", token=taker)
    assert accepted.status == 201, accepted.text
    game_id = accepted.json["game_id"]
    game = site.http.get(f"/api/v1/games/{game_id}", token=taker).json
    assert game["status"] == "playing" and game["view"]["variant"] == {"forcing": "disabled"}
    assert site.http.get(f"/api/v1/games/{game_id}", token=owner).status == 200
    gone = site.http.post(f"/api/v1/seeks/{seek_id}/accept", token=late)
    assert gone.status == 409 and gone.error["code"] == "seek_gone", gone.text
    again = site.http.post(f"/api/v1/seeks/{seek_id}/accept", token=taker)
    assert again.status == 201 and again.json["game_id"] == game_id, "the same game again"
    assert listed(site, late, seek_id) is None
    assert delete(site, f"/api/v1/seeks/{seek_id}", owner).error["code"] == "seek_gone"


def test_a_seek_sent_again_with_its_key_is_published_once(site: Site) -> None:
    owner = site.player("Keyed")
    key = {"Idempotency-Key": "seek-once-1"}
    first = site.http.post("/api/v1/seeks", {}, token=owner, headers=key)
    again = site.http.post("/api/v1/seeks", {"deals": 5}, token=owner, headers=key)
    assert first.status == again.status == 201, again.text
    assert first.json == again.json, "answered as the first time"
    other = site.http.post("/api/v1/seeks", {}, token=owner)
    assert other.json["seek_id"] != first.json["seek_id"]


def test_a_seek_is_withdrawn_by_its_owner_only(site: Site) -> None:
    owner, other = site.player("Withdrawer"), site.player("Stranger")
    seek_id = site.http.post("/api/v1/seeks", {}, token=owner).json["seek_id"]
    refused = delete(site, f"/api/v1/seeks/{seek_id}", other)
    assert refused.status == 403 and refused.error["code"] == "not_your_seek", refused.text
    withdrawn = delete(site, f"/api/v1/seeks/{seek_id}", owner)
    assert withdrawn.status == 200 and withdrawn.json == {"seek_id": seek_id, "status": "withdrawn"}
    assert listed(site, other, seek_id) is None
    taken = site.http.post(f"/api/v1/seeks/{seek_id}/accept", token=other)
    assert taken.status == 409 and taken.error["code"] == "seek_gone"
    unknown = site.http.post("/api/v1/seeks/../accept", token=other)
    assert unknown.status == 404


def test_the_lobby_refuses_what_it_cannot_take_and_changes_nothing(site: Site) -> None:
    owner = site.player("Refused")
    bad = {
        "rating_range": ([1800, 1400], 400, "bad_wanted"),
        "min_reliability": (101, 400, "bad_field"),
        "days": (40, 400, "bad_field"),
        "opponent": ("easy", 400, "bad_field"),
        "move_seconds": (10, 422, None),
    }
    for field, (value, status, code) in bad.items():
        answer = site.http.post("/api/v1/seeks", {field: value}, token=owner)
        assert answer.status == status, (field, answer.text)
        assert code is None or answer.error["code"] == code, (field, answer.text)
    assert site.http.post("/api/v1/seeks", {"rating_range": [1]}, token=owner).status == 400
    assert site.http.post("/api/v1/pairing", {"days": 3}, token=owner).status == 400
    assert site.http.post("/api/v1/seeks", {}).status == 403
    mine = [one for one in site.http.get("/api/v1/seeks", token=owner).json["seeks"] if one["own"]]
    assert mine == [], "nothing was published"
    own = site.http.post("/api/v1/seeks", {}, token=owner).json["seek_id"]
    refused = site.http.post(f"/api/v1/seeks/{own}/accept", token=owner)
    assert refused.status == 409 and refused.error["code"] == "own_seek"
    for _ in range(2):
        site.http.post("/api/v1/seeks", {}, token=owner)
    flood = site.http.post("/api/v1/seeks", {}, token=owner)
    assert flood.status == 409 and flood.error["code"] in ("too_many_seeks", "too_many_games")


def test_waiting_for_pairing_and_leaving_it(site: Site) -> None:
    player = site.player("Waiter")
    waited = site.http.post("/api/v1/pairing", {"move_seconds": 86400}, token=player)
    assert waited.status == 201 and waited.json["waiting"] is True, waited.text
    left = delete(site, "/api/v1/pairing", player)
    assert left.status == 200 and left.json == {"waiting": False, "was_waiting": True}
    assert delete(site, "/api/v1/pairing", player).json["was_waiting"] is False


def test_a_private_players_name_is_in_no_lobby_answer(site: Site) -> None:
    private = site.player(PRIVATE)  # private: the default
    me = site.parts.capabilities.read_player(private)
    reader = site.player("Reader")
    seek_id = site.http.post("/api/v1/seeks", {}, token=private).json["seek_id"]
    for token in (reader, None):
        answer = site.http.get("/api/v1/seeks", token=token)
        assert PRIVATE not in answer.text and me not in answer.text
        seen = next(one for one in answer.json["seeks"] if one["seek_id"] == seek_id)
        assert seen["player"] is None and seen["name"] == "a player"
        assert seen["rating"] > 0
    accepted = site.http.post(f"/api/v1/seeks/{seek_id}/accept", token=reader)
    assert PRIVATE not in accepted.text and me not in accepted.text


def test_the_openapi_document_describes_the_lobby(site: Site) -> None:
    paths = site.http.get("/api/v1/openapi.json").json["paths"]
    assert set(paths["/seeks"]) == {"get", "post"}
    assert set(paths["/pairing"]) == {"post", "delete"}
    assert "delete" in paths["/seeks/{seek_id}"] and "post" in paths["/seeks/{seek_id}/accept"]
    body = paths["/seeks"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert {"rating_range", "min_reliability", "days", "move_seconds"} <= set(body["properties"])
