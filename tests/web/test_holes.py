"""The holes issue 15 found when the web side was tried as a user and an attacker would, each
shown shut over real HTTP: names through the API, numbers no ``int`` reads, cacheable pages with
links, bodies past the server's limit, limits on a match's terms and on a command."""

from __future__ import annotations

import json
import logging
import re
import socket
from pathlib import Path

import pytest

from tests.web.client import Browser, hidden_fields
from tests.web.conftest import Site
from tests.web.test_api import friendly_game, refused
from tests.web.test_pages import landing_form, page_path, start_friendly_by

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
DIRTY = "Mal\r\nlory\u202e\u2066 a.example me@b.example\x07"


def test_a_name_sent_to_the_api_is_cleaned_like_the_forms(site: Site) -> None:
    host = site.player("Host")
    created = site.http.post("/api/v1/players", {"name": DIRTY})
    assert created.status == 201, created.text
    guest = created.json["token"]
    opened = site.http.post("/api/v1/games", {"opponent": "friend"}, token=host)
    joined = site.http.post(f"/api/v1/invitations/{opened.json['invitation']}/join", token=guest)
    assert joined.status == 200, joined.text
    assert site.wiring.directory.profile(created.json["player"]).name == "Mal lory"
    page = site.http.get(site.path(opened.json["page_url"]))
    assert page.status == 200 and "Mal lory" in page.text
    for raw in ("\u202e", "\u2066", "\r", "\x07", "a.example", "b.example"):
        assert raw not in page.text


def test_a_name_with_nothing_to_show_is_refused_by_the_api(site: Site) -> None:
    refused(
        site.http.post("/api/v1/players", {"name": "\u202e\u200b www.x.example"}), 400, "bad_field"
    )


def bot_page(site: Site) -> tuple[Browser, str, dict[str, str]]:
    browser = Browser(site.http)
    fields = landing_form(browser)
    opened = browser.post_form("/games", {**fields, "name": "Ana", "opponent": "greedy"})
    path = page_path(opened)
    return browser, path, hidden_fields(browser.get(path).text)


@pytest.mark.parametrize("version", ["²", "٣", "1" * 5000, "-1", "0", "1e3", " ", "99999999999"])
def test_a_version_no_int_reads_is_refused_and_the_log_keeps_no_link(
    site: Site, caplog: pytest.LogCaptureFixture, version: str
) -> None:
    browser, path, fields = bot_page(site)
    game_id = re.search(r"Game ([0-9a-f]+) ·", browser.get(path).text)
    assert game_id
    before = site.events(game_id.group(1))
    with caplog.at_level(logging.DEBUG):
        answer = browser.post_form(path, {**fields, "version": version, "command": "pass"})
    assert answer.status in (400, 409), answer.text
    assert 'role="alert"' in answer.text
    assert site.events(game_id.group(1)) == before
    token = path.removeprefix("/p/")
    assert not [r for r in caplog.records if token in r.getMessage()]


def test_an_error_on_a_page_is_logged_without_its_link(
    site: Site, caplog: pytest.LogCaptureFixture
) -> None:
    """Whatever fails behind a private page, its log record names the page, not its link."""
    _browser, path, _fields = bot_page(site)
    token = path.removeprefix("/p/")
    with caplog.at_level(logging.DEBUG):
        logging.getLogger("adapters.web").error("failed on %s", f"{site.url}{path}")
        logging.getLogger("waitress").exception("on %s", path, exc_info=ValueError(path))
    assert caplog.records
    for record in caplog.records:
        assert token not in record.getMessage() and token not in caplog.text
    assert "/p/[link]" in caplog.text


def test_pages_that_carry_links_are_never_cached(site: Site) -> None:
    host, guest, host_page, _guest_page, join_path = start_friendly_by(site)
    landing = host.get("/")
    assert host_page.removeprefix("/p/") in landing.text
    for answer in (landing, guest.get(join_path), host.get(join_path)):
        assert answer.status == 200, answer.text
        assert answer.headers["cache-control"] == "private, no-store"
        assert "Cookie" in answer.headers["vary"]


def test_a_body_past_the_servers_own_limit_gets_the_apis_json_413(site: Site) -> None:
    """The server refuses a body this large from its headers alone, before the app is called
    (so the request is written by hand: the answer comes while the body is still being sent)."""
    with socket.create_connection(("127.0.0.1", site.server.port), timeout=30) as client:
        head = (
            "POST /api/v1/players HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"Content-Length: {2 << 20}\r\n\r\n"
        )
        client.sendall(head.encode() + b'{"name": "' + b"x" * 1000)
        answer = b""
        while chunk := client.recv(65536):
            answer += chunk
    headers, _, body = answer.partition(b"\r\n\r\n")
    assert headers.startswith(b"HTTP/1.1 413"), answer
    assert b"content-type: application/json" in headers.lower()
    error = json.loads(body)["error"]
    assert error["code"] == "request_entity_too_large" and "too large" in error["message"]


@pytest.mark.parametrize("field", ["deals", "target", "stake", "move_seconds"])
@pytest.mark.parametrize("value", [str(10**19), "9" * 5000])
def test_a_match_that_would_never_end_is_refused(site: Site, field: str, value: str) -> None:
    host = site.player()
    body = f'{{"opponent": "greedy", "{field}": {value}}}'.encode()
    error = refused(site.http.post_raw("/api/v1/games", body, token=host), 400, "bad_field")
    assert field in error["message"] and "at most" in error["message"]
    for internal in ("int", "digit", "limit", "Exceeds", "sys."):
        assert internal not in error["message"].replace(field, "")
    assert site.http.get("/api/v1/games", token=host).json == {"games": []}


def test_the_largest_terms_allowed_open_a_game(site: Site) -> None:
    host = site.player()
    body = {"opponent": "greedy", "deals": 99, "target": 10_000, "stake": 1_000_000}
    assert site.http.post("/api/v1/games", body, token=host).status == 201


def test_an_expected_version_past_any_game_is_refused_by_name(site: Site) -> None:
    host, _guest, game_id, _game = friendly_game(site)
    before = site.events(game_id)
    body = {"command": "pass", "expected_version": 10**30}
    refused(site.http.post(f"/api/v1/games/{game_id}/moves", body, token=host), 400, "bad_field")
    assert site.events(game_id) == before


def test_a_command_longer_than_the_grammar_takes_is_refused_by_its_limit_not_cut(
    site: Site,
) -> None:
    """One limit for every channel, the one the README gives: the page refuses past it (and
    says so) instead of cutting; the API takes up to it and no more."""
    browser, path, fields = bot_page(site)
    game_id = re.search(r"Game ([0-9a-f]+) ·", browser.get(path).text)
    assert game_id
    before = site.events(game_id.group(1))
    answer = browser.post_form(path, {**fields, "command": "pass " + "x" * 600})
    assert answer.status == 422 and 'role="alert"' in answer.text
    assert "at most 500 characters" in answer.text
    assert 'maxlength="500"' in answer.text
    assert site.events(game_id.group(1)) == before
    host, _guest, api_game, _game = friendly_game(site)
    moves = f"/api/v1/games/{api_game}/moves"
    within = site.http.post(moves, {"command": "p" * 500, "expected_version": 1}, token=host)
    assert within.status != 400, within.text
    past = site.http.post(moves, {"command": "p" * 501, "expected_version": 1}, token=host)
    refused(past, 400, "bad_field")
    assert "A command is at most 500 characters." in README


@pytest.mark.parametrize("forged", ["é" * 22, "\u202e", "ü"])
def test_a_csrf_token_of_any_characters_is_refused_not_a_500(site: Site, forged: str) -> None:
    """Found by the move form's fuzzing: a token that is not ASCII made the comparison raise."""
    browser, path, fields = bot_page(site)
    answer = browser.post_form(path, {**fields, "csrf_token": forged, "command": "pass"})
    assert answer.status == 400, answer.text
    landing = browser.post_form("/games", {"csrf_token": forged, "opponent": "greedy"})
    assert landing.status == 400
