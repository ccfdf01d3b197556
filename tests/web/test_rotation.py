"""Making new links ("Someone else has this link?") is a way out a player can trust (issue 15),
shown over real HTTP:

* it needs the browser the player plays in (its player key): whoever holds only a leaked page
  link cannot lock the owner out — the owner's links and browser keep working;
* it never orphans the player's other games: the browser that rotates gets the new key, and its
  home page lists every game with a fresh link;
* a phone without that browser's key first brings the games over with a recovery code (made
  on the home page, shown once, good once), then rotates, and keeps every game.
"""

from __future__ import annotations

import re

from tests.web.client import Answer, Browser, hidden_fields
from tests.web.conftest import Site
from tests.web.test_pages import landing_form, page_path


def two_games(site: Site) -> tuple[Browser, str, str]:
    """A browser that plays two games against the bot, and their pages."""
    desktop = Browser(site.http)
    fields = landing_form(desktop)
    first = page_path(desktop.post_form("/games", {**fields, "name": "Ana", "opponent": "greedy"}))
    fields = landing_form(desktop)
    second = page_path(desktop.post_form("/games", {**fields, "opponent": "greedy"}))
    return desktop, first, second


def revoke(browser: Browser, page: str) -> Answer:
    fields = hidden_fields(browser.get(page).text)
    return browser.post_form(f"{page}/revoke", {"csrf_token": fields["csrf_token"]})


def listed_links(browser: Browser) -> list[str]:
    return re.findall(r'href="https?://[^/"]+(/p/[^"]+)"', browser.get("/").text)


def recovery_code(browser: Browser) -> str:
    fields = landing_form(browser)
    made = browser.post_form("/recovery", {"csrf_token": fields["csrf_token"]})
    assert made.status == 200, made.text
    assert made.headers["cache-control"] == "private, no-store"
    code = re.search(r'id="recovery-code">([^<]+)<', made.text)
    assert code, made.text
    return code.group(1)


def recover(browser: Browser, code: str) -> Answer:
    fields = landing_form(browser)
    return browser.post_form("/recover", {"csrf_token": fields["csrf_token"], "code": code})


def test_a_leaked_page_link_cannot_lock_its_owner_out(site: Site) -> None:
    desktop, first, second = two_games(site)
    stranger = Browser(site.http)
    seen = stranger.get(first)
    assert seen.status == 200
    assert "/revoke" not in seen.text, "no rotation offered to a browser that is not the player"
    refused = revoke(stranger, first)
    assert refused.status == 403 and 'role="alert"' in refused.text
    for page in (first, second):
        assert desktop.get(page).status == 200
    assert sorted(listed_links(desktop)) == sorted([first, second])


def test_the_owner_rotating_keeps_every_other_game(site: Site) -> None:
    desktop, first, second = two_games(site)
    assert "/revoke" in desktop.get(first).text
    rotated = revoke(desktop, first)
    assert rotated.status == 303
    new_first = page_path(rotated)
    assert new_first != first and desktop.get(new_first).status == 200
    assert site.http.get(first).status == 404 and site.http.get(second).status == 404
    links = listed_links(desktop)
    assert len(links) == 2 and new_first in links
    assert all(desktop.get(link).status == 200 for link in links)


def test_a_phone_brings_the_games_over_with_a_recovery_code_then_rotates(site: Site) -> None:
    desktop, first, second = two_games(site)
    code = recovery_code(desktop)
    phone = Browser(site.http)
    assert revoke(phone, first).status == 403, "without the key or the code: no rotation"
    assert recover(phone, code).status == 303
    assert sorted(listed_links(phone)) == sorted([first, second])
    rotated = revoke(phone, first)
    assert rotated.status == 303
    links = listed_links(phone)
    assert len(links) == 2 and all(phone.get(link).status == 200 for link in links)
    assert site.http.get(second).status == 404, "the leaked links are dead"


def test_a_recovery_code_works_once_and_a_wrong_one_not_at_all(site: Site) -> None:
    desktop, _first, _second = two_games(site)
    code = recovery_code(desktop)
    assert recover(Browser(site.http), code).status == 303
    for attempt in (code, "nonsense", "", code.lower() + "x"):
        refused = recover(Browser(site.http), attempt)
        assert refused.status == 403 and 'role="alert"' in refused.text
    newer = recovery_code(desktop)
    assert newer != code and recover(Browser(site.http), newer).status == 303


def test_only_the_players_browser_makes_a_recovery_code(site: Site) -> None:
    stranger = Browser(site.http)
    fields = landing_form(stranger)
    assert stranger.post_form("/recovery", {"csrf_token": fields["csrf_token"]}).status == 403


def test_an_api_player_rotates_with_their_token_and_keeps_every_game(site: Site) -> None:
    """An API client's key is its token: with it (and only with it) it gets a new one, every
    older token and page link stops working, and its games are listed with new links."""
    token = site.player()
    opened = [
        site.http.post("/api/v1/games", {"opponent": "greedy"}, token=token).json for _ in range(2)
    ]
    assert site.http.post("/api/v1/players/me/token").status == 403
    rotated = site.http.post("/api/v1/players/me/token", token=token)
    assert rotated.status == 201, rotated.text
    fresh = rotated.json["token"]
    assert fresh != token
    assert site.http.get("/api/v1/games", token=token).status == 403
    assert all(site.http.get(site.path(game["page_url"])).status == 404 for game in opened)
    games = site.http.get("/api/v1/games", token=fresh).json["games"]
    assert len(games) == 2
    for game in games:
        answer = site.http.get(f"/api/v1/games/{game['game_id']}", token=fresh).json
        assert site.http.get(site.path(answer["page_url"])).status == 200
