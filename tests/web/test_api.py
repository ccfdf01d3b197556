"""The JSON API, endpoint by endpoint, with valid and invalid input, over real HTTP.

Every refusal has its specific status and error code, never a 500, and changes nothing: the
game's log holds as many events after it as before.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from adapters.web.security import PLAYER_COOKIE
from service.log.file import read_log
from service.log.verify import verify
from tests.web.client import Answer
from tests.web.conftest import Site


def refused(answer: Answer, status: int, code: str) -> dict[str, Any]:
    assert answer.status == status, answer.text
    assert answer.headers["content-type"].startswith("application/json")
    error = answer.error
    assert error["code"] == code, error
    assert error["message"], "every refusal says what was wrong"
    return error


def friendly_game(site: Site) -> tuple[str, str, str, dict[str, Any]]:
    """Host and guest tokens and a game between them that has started, as the host sees it."""
    host, guest = site.player("Host"), site.player("Guest")
    opened = site.http.post("/api/v1/games", {"opponent": "friend"}, token=host)
    assert opened.status == 201, opened.text
    joined = site.http.post(f"/api/v1/invitations/{opened.json['invitation']}/join", token=guest)
    assert joined.status == 200, joined.text
    game_id = opened.json["game_id"]
    return host, guest, game_id, site.http.get(f"/api/v1/games/{game_id}", token=host).json


def to_act(site: Site, host: str, guest: str, game: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The token of the player the game waits for, and their view of it."""
    for token in (host, guest):
        seen = site.http.get(f"/api/v1/games/{game['game_id']}", token=token).json
        if seen["view"]["your_turn"]:
            return token, seen
    raise AssertionError("nobody is to act")


# -- players -------------------------------------------------------------------------------------


def test_a_new_player_gets_a_token_that_opens_their_list_of_games(site: Site) -> None:
    answer = site.http.post("/api/v1/players", {"name": "Ana"})
    assert answer.status == 201
    assert answer.json["player"].startswith("p")
    games = site.http.get("/api/v1/games", token=answer.json["token"])
    assert games.status == 200 and games.json == {"games": []}


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({}, "bad_field"),
        ({"name": ""}, "bad_field"),
        ({"name": "   "}, "bad_field"),
        ({"name": 7}, "bad_field"),
        ({"name": ["Ana"]}, "bad_field"),
        ({"name": "x" * 41}, "bad_field"),
    ],
)
def test_a_player_needs_a_name_of_text(site: Site, body: dict[str, Any], code: str) -> None:
    refused(site.http.post("/api/v1/players", body), 400, code)


@pytest.mark.parametrize(
    ("raw", "content_type", "code"),
    [
        (b'{"name": "Ana"', "application/json", "malformed_json"),
        (b"\xff\xfe not utf-8", "application/json", "malformed_json"),
        (b'["Ana"]', "application/json", "bad_request"),
        (b"[" * 8000 + b"]" * 8000, "application/json", "malformed_json"),
        (b'"Ana"', "application/json", "bad_request"),
        (b"name=Ana", "application/x-www-form-urlencoded", "bad_request"),
    ],
)
def test_a_body_that_is_not_a_json_object_is_refused(
    site: Site, raw: bytes, content_type: str, code: str
) -> None:
    refused(site.http.post_raw("/api/v1/players", raw, content_type), 400, code)


def test_an_oversized_body_is_refused_with_413(site: Site) -> None:
    big = b'{"name": "' + b"x" * (site.settings.web.max_body_bytes + 10) + b'"}'
    refused(site.http.post_raw("/api/v1/players", big), 413, "request_entity_too_large")


# -- tokens --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "token",
    [
        None,
        "",
        "nonsense",
        "a.b",
        "WyJwbGF5ZXIiLCJwMSIsImdlbiJd.AAAAAAAAAAAAAAAAAAAAAA",  # well-formed, not ours
    ],
)
def test_every_player_endpoint_refuses_a_missing_or_wrong_token(
    site: Site, token: str | None
) -> None:
    _host, _, game_id, _game = friendly_game(site)
    before = site.events(game_id)
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    for method, path, body in (
        ("GET", "/api/v1/games", None),
        ("POST", "/api/v1/games", b"{}"),
        ("GET", f"/api/v1/games/{game_id}", None),
        ("POST", f"/api/v1/games/{game_id}/moves", b'{"command": "pass", "expected_version": 1}'),
        ("POST", "/api/v1/invitations/whatever/join", None),
    ):
        sent = dict(headers, **({"Content-Type": "application/json"} if body else {}))
        refused(site.http.request(method, path, body, sent), 403, "forbidden")
    assert site.events(game_id) == before


def test_a_page_token_is_not_a_player_key(site: Site) -> None:
    _host, _, game_id, game = friendly_game(site)
    page_token = game["page_url"].rsplit("/", 1)[1]
    refused(site.http.get(f"/api/v1/games/{game_id}", token=page_token), 403, "forbidden")


def test_a_token_signed_with_another_key_is_refused(site: Site) -> None:
    token = site.player()
    payload, mac = token.split(".")
    forged = f"{payload}.{'A' * len(mac)}"
    refused(site.http.get("/api/v1/games", token=forged), 403, "forbidden")


# -- opening and joining ------------------------------------------------------------------------


def test_a_game_against_a_friend_waits_with_an_invitation(site: Site) -> None:
    host = site.player()
    answer = site.http.post("/api/v1/games", {"opponent": "friend", "deals": 2}, token=host)
    assert answer.status == 201
    game = answer.json
    assert game["status"] == "open" and game["view"] is None and game["version"] == 1
    assert game["invitation_url"].endswith(f"/join/{game['invitation']}")
    assert game["page_url"].startswith(site.url + "/p/")
    listed = site.http.get("/api/v1/games", token=host).json["games"]
    assert [line["game_id"] for line in listed] == [game["game_id"]]
    assert listed[0]["invitation"] == game["invitation"]


def test_a_game_against_a_bot_starts_at_once_with_the_players_view(site: Site) -> None:
    host = site.player()
    answer = site.http.post("/api/v1/games", {"opponent": "greedy"}, token=host)
    assert answer.status == 201
    game = answer.json
    assert game["status"] == "playing" and game["players"][1] == "bot:greedy"
    view = game["view"]
    assert view["seat"] == 1 and len(view["hand"]) == view["hand_sizes"][0]
    assert game["commitment"]["deal"] == 1 and len(game["commitment"]["sha256"]) == 64
    assert "salt" not in str(game["commitment"])


def test_a_game_with_a_variant_and_terms(site: Site) -> None:
    host = site.player()
    body = {"opponent": "random", "variant": {"forcing": "disabled"}, "deals": 3, "stake": 2}
    answer = site.http.post("/api/v1/games", body, token=host)
    assert answer.status == 201, answer.text
    assert answer.json["view"]["variant"] == {"forcing": "disabled"}


def test_a_request_sent_again_with_its_idempotency_key_opens_no_second_game(site: Site) -> None:
    host, other = site.player(), site.player()
    key = {"Idempotency-Key": "retry-7f3a"}
    first = site.http.post("/api/v1/games", {"opponent": "greedy"}, token=host, headers=key)
    again = site.http.post("/api/v1/games", {"opponent": "friend"}, token=host, headers=key)
    assert first.status == again.status == 201, again.text
    assert again.json["game_id"] == first.json["game_id"]
    assert again.json["players"][1] == "bot:greedy", "the first request's settings hold"
    assert again.json["version"] == first.json["version"], "nothing was appended"
    listed = site.http.get("/api/v1/games", token=host).json["games"]
    assert [line["game_id"] for line in listed] == [first.json["game_id"]]
    theirs = site.http.post("/api/v1/games", {}, token=other, headers=key)
    fresh = site.http.post("/api/v1/games", {}, token=host, headers={"Idempotency-Key": "next"})
    plain = [site.http.post("/api/v1/games", {}, token=host) for _ in range(2)]
    opened = {first.json["game_id"], theirs.json["game_id"], fresh.json["game_id"]}
    opened |= {answer.json["game_id"] for answer in plain}
    assert len(opened) == 5, "another player's key, another key and no key open games of their own"


@pytest.mark.parametrize("key", ["", "x" * 101, "caf\u00e9", "tab\there"])
def test_a_malformed_idempotency_key_is_refused_and_opens_nothing(site: Site, key: str) -> None:
    host = site.player()
    sent = site.http.post("/api/v1/games", {}, token=host, headers={"Idempotency-Key": key})
    refused(sent, 400, "bad_header")
    assert site.http.get("/api/v1/games", token=host).json["games"] == []


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"opponent": "grandma"}, 400, "bad_field"),
        ({"opponent": 3}, 400, "bad_field"),
        ({"deals": "3"}, 400, "bad_field"),
        ({"deals": 0}, 400, "bad_field"),
        ({"deals": True}, 400, "bad_field"),
        ({"stake": 1.5}, 400, "bad_field"),
        ({"variant": "forcing=disabled"}, 400, "bad_field"),
        ({"variant": {"forcing": 1}}, 400, "bad_field"),
        ({"variant": {"forcing": "sometimes"}}, 422, "bad_variant"),
        ({"variant": {"no_such_flag": "x"}}, 422, "bad_variant"),
        ({"move_seconds": 5}, 422, "bad_setting"),
    ],
)
def test_a_game_asked_for_wrongly_is_not_opened(
    site: Site, body: dict[str, Any], status: int, code: str
) -> None:
    host = site.player()
    refused(site.http.post("/api/v1/games", body, token=host), status, code)
    assert site.http.get("/api/v1/games", token=host).json["games"] == []


def test_joining_starts_the_game_for_both(site: Site) -> None:
    _host, guest, game_id, game = friendly_game(site)
    assert game["status"] == "playing"
    seen = site.http.get(f"/api/v1/games/{game_id}", token=guest).json
    assert seen["view"]["seat"] == 2 and seen["version"] == game["version"]


def test_an_invitation_is_used_once_and_never_by_its_host(site: Site) -> None:
    host, other = site.player(), site.player()
    opened = site.http.post("/api/v1/games", {}, token=host).json
    join = f"/api/v1/invitations/{opened['invitation']}/join"
    refused(site.http.post(join, token=host), 409, "own_invitation")
    assert site.http.post(join, token=site.player()).status == 200
    refused(site.http.post(join, token=other), 409, "invitation_used")
    refused(site.http.post("/api/v1/invitations/nope/join", token=other), 404, "unknown_invitation")


# -- viewing -------------------------------------------------------------------------------------


def test_the_host_calls_off_a_game_nobody_joined_and_its_invitation_is_gone(site: Site) -> None:
    host, guest = site.player("Host"), site.player("Guest")
    opened = site.http.post("/api/v1/games", {"opponent": "friend"}, token=host).json
    cancel = f"/api/v1/games/{opened['game_id']}/cancel"

    refused(site.http.post(cancel, token=guest), 403, "not_a_player")
    answer = site.http.post(cancel, token=host)
    again = site.http.post(cancel, token=host)

    assert answer.status == again.status == 200, answer.text
    assert answer.json["status"] == "cancelled" and answer.json["view"] is None
    assert "invitation" not in answer.json and again.json["version"] == answer.json["version"]
    joined = site.http.post(f"/api/v1/invitations/{opened['invitation']}/join", token=guest)
    refused(joined, 410, "invitation_withdrawn")
    moved = {"command": "pass", "expected_version": answer.json["version"]}
    refused(site.http.post(f"{cancel[:-7]}/moves", moved, token=host), 410, "game_called_off")
    assert site.http.get("/api/v1/games", token=host).json["games"] == []
    refused(site.http.post("/api/v1/games/nothing/cancel", token=host), 404, "not_found")


def test_a_game_that_began_is_not_called_off(site: Site) -> None:
    host, guest, game_id, game = friendly_game(site)
    for token in (host, guest):
        refused(site.http.post(f"/api/v1/games/{game_id}/cancel", token=token), 409, "game_started")
    assert site.http.get(f"/api/v1/games/{game_id}", token=host).json["version"] == game["version"]


def test_a_game_is_shown_only_to_its_players(site: Site) -> None:
    host, _guest, game_id, _ = friendly_game(site)
    refused(site.http.get(f"/api/v1/games/{game_id}", token=site.player()), 403, "not_a_player")
    refused(site.http.get("/api/v1/games/0123456789abcdef", token=host), 404, "not_found")


# -- moves ---------------------------------------------------------------------------------------


def test_a_legal_move_on_the_version_seen_is_played(site: Site) -> None:
    host, guest, game_id, game = friendly_game(site)
    token, seen = to_act(site, host, guest, game)
    command = seen["view"]["legal"][0]
    body = {"command": command, "expected_version": seen["version"]}
    answer = site.http.post(f"/api/v1/games/{game_id}/moves", body, token=token)
    assert answer.status == 200, answer.text
    moved = answer.json
    assert moved["version"] > seen["version"]
    assert moved["moved"] == [seen["version"] + 1, moved["version"]]
    assert site.events(game_id) == moved["version"]


def test_a_look_changes_nothing_and_answers_the_view(site: Site) -> None:
    host, _guest, game_id, game = friendly_game(site)
    body = {"command": "hand", "expected_version": game["version"]}
    answer = site.http.post(f"/api/v1/games/{game_id}/moves", body, token=host)
    assert answer.status == 200 and answer.json["query"] == "ShowHand"
    assert answer.json["version"] == game["version"] == site.events(game_id)


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({}, 400, "bad_field"),
        ({"command": "pass"}, 400, "bad_field"),
        ({"expected_version": 5}, 400, "bad_field"),
        ({"command": 5, "expected_version": 5}, 400, "bad_field"),
        ({"command": "pass", "expected_version": "5"}, 400, "bad_field"),
        ({"command": "pass", "expected_version": 5.0}, 400, "bad_field"),
        ({"command": "pass", "expected_version": True}, 400, "bad_field"),
        ({"command": "pass", "expected_version": 0}, 400, "bad_field"),
        ({"command": "pass", "expected_version": -3}, 400, "bad_field"),
        ({"command": "p" * 501, "expected_version": 5}, 400, "bad_field"),
        ({"command": "dance", "expected_version": "current"}, 422, "unknown_command"),
        ({"command": "take 9h discard 8s", "expected_version": "current"}, 422, "no_such_rank"),
        ({"command": "discard", "expected_version": "current"}, 422, "*"),
        ({"command": "pass", "expected_version": "stale"}, 409, "stale_version"),
    ],
)
def test_a_bad_move_is_refused_and_changes_nothing(
    site: Site, body: dict[str, Any], status: int, code: str
) -> None:
    host, guest, game_id, game = friendly_game(site)
    token, seen = to_act(site, host, guest, game)
    if body.get("expected_version") == "current":
        body = dict(body, expected_version=seen["version"])
    elif body.get("expected_version") == "stale":
        body = dict(body, expected_version=seen["version"] - 1)
    before = site.events(game_id)
    answer = site.http.post(f"/api/v1/games/{game_id}/moves", body, token=token)
    assert answer.status == status, answer.text
    if code != "*":
        refused(answer, status, code)
    assert site.events(game_id) == before


def test_moving_out_of_turn_or_in_someone_elses_game_changes_nothing(site: Site) -> None:
    host, guest, game_id, game = friendly_game(site)
    token, seen = to_act(site, host, guest, game)
    waiting = guest if token == host else host
    before = site.events(game_id)
    body = {"command": "pass", "expected_version": seen["version"]}
    answer = site.http.post(f"/api/v1/games/{game_id}/moves", body, token=waiting)
    assert answer.status == 422 and answer.error["code"] == "not_your_turn", answer.text
    refused(
        site.http.post(f"/api/v1/games/{game_id}/moves", body, token=site.player()),
        403,
        "not_a_player",
    )
    refused(
        site.http.post("/api/v1/games/0123456789abcdef/moves", body, token=token), 404, "not_found"
    )
    assert site.events(game_id) == before


def test_malformed_and_oversized_moves_change_nothing(site: Site) -> None:
    host, guest, game_id, game = friendly_game(site)
    token, _seen = to_act(site, host, guest, game)
    before = site.events(game_id)
    path = f"/api/v1/games/{game_id}/moves"
    refused(site.http.post_raw(path, b'{"command": "pass", ', token=token), 400, "malformed_json")
    huge = b'{"command": "pass", "expected_version": 1, "pad": "' + b"x" * 20_000 + b'"}'
    refused(site.http.post_raw(path, huge, token=token), 413, "request_entity_too_large")
    assert site.events(game_id) == before


# -- export --------------------------------------------------------------------------------------


def test_a_running_games_log_is_not_given_out(site: Site) -> None:
    host, _guest, game_id, _game = friendly_game(site)
    refused(site.http.get(f"/api/v1/games/{game_id}/log"), 409, "game_not_over")
    refused(site.http.get(f"/api/v1/games/{game_id}/log", token=host), 409, "game_not_over")
    refused(site.http.get("/api/v1/games/0123456789abcdef/log"), 404, "not_found")


def test_a_finished_games_log_downloads_and_verifies(site: Site) -> None:
    _host, guest, game_id, game = friendly_game(site)
    body = {"command": "resign", "expected_version": game["version"]}
    assert site.http.post(f"/api/v1/games/{game_id}/moves", body, token=guest).status == 200
    answer = site.http.get(f"/api/v1/games/{game_id}/log")
    assert answer.status == 200
    assert answer.headers["content-type"] == "application/x-ndjson"
    assert "attachment" in answer.headers["content-disposition"]
    log = read_log(answer.text.splitlines())
    assert log.header.game_id == game_id and verify(log).ok


# -- the document and the rest -------------------------------------------------------------------


def test_every_route_of_the_api_is_described_and_every_description_is_a_route(site: Site) -> None:
    document = site.http.get("/api/v1/openapi.json").json
    assert document["openapi"].startswith("3.1")
    assert document["servers"] == [{"url": site.url + "/api/v1"}]
    described = {
        (method.upper(), path)
        for path, operations in document["paths"].items()
        for method in operations
    }
    app = site.app
    routes = {
        (method, rule.rule.removeprefix("/api/v1").replace("<", "{").replace(">", "}"))
        for rule in app.url_map.iter_rules()
        if rule.endpoint.startswith("api.")
        for method in rule.methods - {"HEAD", "OPTIONS"}
    }
    assert described == routes


def test_unknown_api_addresses_and_methods_answer_json(site: Site) -> None:
    refused(site.http.get("/api/v1/nothing"), 404, "not_found")
    refused(site.http.request("DELETE", "/api/v1/games"), 405, "method_not_allowed")


def test_api_answers_are_private_and_carry_the_security_headers(site: Site) -> None:
    answer = site.http.get("/api/v1/games", token=site.player())
    assert answer.headers["cache-control"] == "private, no-store"
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["referrer-policy"] == "no-referrer"
    assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]


def random_json(rng: random.Random, depth: int = 0) -> Any:
    """A JSON value of any shape, with the fields the API reads now and then."""
    roll = rng.random()
    if depth > 2 or roll < 0.3:
        return rng.choice(
            [None, True, 0, -1, 7, 2**70, 1.5, "", "pass", "take", "x" * 300, "7H", "ñ", [], {}]
        )
    if roll < 0.45:
        return [random_json(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    names = ["name", "command", "expected_version", "opponent", "deals", "variant", "stake", "zz"]
    return {rng.choice(names): random_json(rng, depth + 1) for _ in range(rng.randint(0, 4))}


def test_random_bodies_never_get_a_server_error_nor_move_a_game(site: Site) -> None:
    rng = random.Random(11)
    host, guest, game_id, _ = friendly_game(site)
    before = site.events(game_id)
    paths = [
        "/api/v1/players",
        "/api/v1/games",
        f"/api/v1/games/{game_id}/moves",
        "/api/v1/invitations/nothing/join",
    ]
    for _ in range(150):
        token = rng.choice([host, guest, None, "garbage"])
        answer = site.http.post(rng.choice(paths), random_json(rng), token=token)
        assert answer.status < 500, answer.text
        assert answer.status in (200, 201) or "error" in answer.json
    assert site.events(game_id) == before


@pytest.mark.parametrize("field", ["deals", "target", "stake", "move_seconds"])
def test_a_number_of_thousands_of_digits_is_refused_in_a_few_plain_words(
    site: Site, field: str
) -> None:
    host = site.player()
    body = f'{{"{field}": {"9" * 5000}}}'.encode()
    answer = site.http.post_raw("/api/v1/games", body, token=host)
    refused(answer, 400, "bad_field")
    assert len(answer.error["message"]) < 200 and "digits" not in answer.error["message"]
    assert site.http.get("/api/v1/games", token=host).json["games"] == []


def test_the_replay_names_the_players_not_their_ids(site: Site) -> None:
    """Issue 17's finding: the replay showed ``pc22cdc9e4ad8d5e8`` and ``bot:greedy``."""
    host, guest, game_id, game = friendly_game(site)
    body = {"command": "resign", "expected_version": game["version"]}
    assert site.http.post(f"/api/v1/games/{game_id}/moves", body, token=guest).status == 200
    players = site.wiring.service.game(game_id).players  # type: ignore[arg-type]
    page = site.http.get(f"/games/{game_id}/replay?step=2", Cookie=f"{PLAYER_COOKIE}={host}").text
    assert "Player 1 · Host" in page and "Player 2 · Guest" in page  # the host played the guest
    assert "Guest joins as player 2" in page
    assert not any(
        player and player in page.replace(f"/players/{player}", "") for player in players
    )
    public = site.http.get(f"/games/{game_id}/replay?step=2").text  # private players (issue 31)
    assert "Host" not in public and "Guest" not in public and "Player 2 joins" in public
    assert not any(player and player in public for player in players)
