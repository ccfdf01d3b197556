"""A player's data on the web side (issue 25): the privacy page linked from every page, the
download and the confirmed erasure from the player's page, and the same through the JSON API —
after which the opponent still sees and replays the game, and its log still verifies."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Browser as PlaywrightBrowser

from service.log.file import read_log
from service.log.verify import verify
from tests.web.client import Browser, hidden_fields
from tests.web.conftest import Site
from tests.web.test_api import friendly_game, refused
from tests.web.test_pages import start_friendly


def test_every_page_links_the_privacy_page_which_says_how_long_things_are_kept(
    site: Site,
) -> None:
    host, _, host_page, _ = start_friendly(site)
    for path in ("/", host_page, "/privacy"):
        assert 'href="/privacy"' in host.get(path).text, path
    privacy = site.http.get("/privacy")
    assert privacy.status == 200
    assert "14 days after it was handled" in privacy.text and "30 days" in privacy.text
    assert "/mydata" in privacy.text and "DELETE /api/v1/players/{id}" in privacy.text


def test_a_player_downloads_their_data_and_erases_it_from_their_page(site: Site) -> None:
    host, guest, host_page, guest_page = start_friendly(site)
    page = guest.get(guest_page)
    assert f'href="{guest_page}/data"' in page.text

    data = json.loads(guest.get(f"{guest_page}/data").text)
    assert data["format"] == "conquian-player-data"
    assert data["profile"]["name"] == "Ben"
    [game] = data["games"]

    stranger = Browser(site.http)  # the page link alone: a leaked one, perhaps
    assert stranger.get(f"{guest_page}/data").status == 403
    assert stranger.get(f"{guest_page}/erase").status == 403
    assert 'id="your-data"' not in stranger.get(guest_page).text

    form = guest.get(f"{guest_page}/erase")
    assert form.status == 200
    fields = hidden_fields(form.text)
    wrong = guest.post_form(f"{guest_page}/erase", {**fields, "code": "nope"})
    assert wrong.status == 409 and 'role="alert"' in wrong.text
    code = _code(wrong.text)  # the form shows a new code: the old one counted a wrong try
    assert code != _code(form.text)
    erased = guest.post_form(f"{guest_page}/erase", {**fields, "code": _code(form.text)})
    assert erased.status == 409, "a code asked for again replaces the one before"
    erased = guest.post_form(f"{guest_page}/erase", {**fields, "code": _code(erased.text)})
    assert erased.status == 200, erased.text

    assert guest.get(guest_page).status == 404, "the erased player's links open nothing"
    seen = host.get(host_page)
    assert seen.status == 200 and "a former player" in seen.text and "Ben" not in seen.text
    replay = host.get(f"/games/{game['game_id']}/replay")
    assert replay.status == 200 and "Ben" not in replay.text
    log = site.http.get(f"/api/v1/games/{game['game_id']}/log")
    assert verify(read_log(log.text.splitlines())).ok


def test_the_api_exports_a_player_and_erases_them_once_confirmed(site: Site) -> None:
    host, guest, game_id, _ = friendly_game(site)
    me = site.http.get("/api/v1/players/me/data", token=guest)
    assert me.status == 200 and me.json["profile"]["name"] == "Guest"
    player = me.json["player"]
    assert site.http.get(f"/api/v1/players/{player}/data", token=guest).json == me.json
    refused(site.http.get(f"/api/v1/players/{player}/data", token=host), 403, "forbidden")

    asked = site.http.request("DELETE", f"/api/v1/players/{player}", token=guest)
    error = refused(asked, 409, "erase_not_confirmed")
    code = error["params"]["code"]
    assert re.fullmatch(r"\d{6}", code)
    erased = site.http.request("DELETE", f"/api/v1/players/{player}?confirm={code}", token=guest)
    assert erased.status == 204, erased.text

    refused(site.http.get("/api/v1/games", token=guest), 403, "forbidden")
    game = site.http.get(f"/api/v1/games/{game_id}", token=host).json
    assert game["status"] == "over" and game["view"] is not None
    log = site.http.get(f"/api/v1/games/{game_id}/log")
    assert log.status == 200 and verify(read_log(log.text.splitlines())).ok
    assert "Guest" not in json.dumps(site.http.get("/api/v1/games", token=host).json)


def test_a_bad_page_link_erases_nothing(site: Site) -> None:
    browser = Browser(site.http)
    assert browser.get("/p/not-a-token/erase").status == 404
    assert browser.get("/p/not-a-token/data").status == 404


def test_the_pages_fit_a_phone_and_erasing_works_from_the_keyboard(
    site: Site, browser: PlaywrightBrowser
) -> None:
    _, guest, _, guest_page = start_friendly(site)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    cookies = [
        {"name": name, "value": value, "url": site.url} for name, value in guest.cookies.items()
    ]
    context.add_cookies(cookies)  # type: ignore[arg-type]
    page = context.new_page()
    try:
        page.goto(f"{site.url}/privacy")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert page.get_by_role("heading", name="For how long").is_visible()
        page.goto(f"{site.url}{guest_page}")
        page.get_by_role("link", name="Erase your data").click()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        code = page.get_by_label(re.compile("To confirm, type the code"))
        code.focus()
        page.keyboard.type(_code(page.content()))
        page.keyboard.press("Enter")
        page.wait_for_url(re.compile("/erase$"))
        assert page.get_by_role("alert").inner_text().startswith("Everything held about you")
    finally:
        context.close()


def _code(form: str) -> str:
    """The code the erasure form asks to type."""
    found = re.search(r"To confirm, type the code (\d{6})", form)
    assert found is not None, form
    return found.group(1)
