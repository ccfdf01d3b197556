"""Talk at the table through the API (issue 20): ``say …`` and the offers are commands of the
moves endpoint; sent with an ``Idempotency-Key``, a request sent again says nothing more."""

from __future__ import annotations

from tests.web.conftest import Site
from tests.web.test_api import friendly_game, refused


def test_a_message_sent_again_with_its_key_is_said_once(site: Site) -> None:
    host, guest, game_id, game = friendly_game(site)
    body = {"command": "say Hello from the API", "expected_version": game["version"]}
    key = {"Idempotency-Key": "talk-1"}
    path = f"/api/v1/games/{game_id}/moves"
    first = site.http.post(path, body, token=host, headers=key)
    again = site.http.post(path, body, token=host, headers=key)
    assert first.status == again.status == 200, again.text
    assert again.json["moved"] == first.json["moved"]
    log = site.http.get(f"/api/v1/games/{game_id}/log", token=guest)
    assert log.status == 409  # a running game's log is not given out
    version = site.http.get(f"/api/v1/games/{game_id}", token=guest).json["version"]
    assert version == first.json["moved"][1]


def test_a_refused_message_is_answered_with_its_reason_under_a_key_too(site: Site) -> None:
    host, _, game_id, game = friendly_game(site)
    body = {"command": "say www.example.org", "expected_version": game["version"]}
    path = f"/api/v1/games/{game_id}/moves"
    refused(site.http.post(path, body, token=host, headers={"Idempotency-Key": "k"}), 422,
            "message_has_link")  # fmt: skip
    refused(site.http.post(path, body, token=host), 422, "message_has_link")
