"""The lobby page in Debian's Chromium (issue 36).

On a phone (390 px) and a laptop it fits the screen and passes axe-core, with seeks listed (a
private player's among them, shown as "a player") and while its player waits to be paired; a
seek is accepted with the keyboard alone.  Automatic pairing from end to end: one player waits
from the page, a visitor who gives a name, the other through the API; the worker's lobby step
pairs them; the page goes to the game by itself, the API lists it, and the two play it to the
end, the page's player by tapping its buttons, the other by the API.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.waiting import eventually
from tests.web.conftest import Site, SiteFactory
from tests.web.test_browser import OVER, best_move
from tests.web.test_pocket import SIZES, browser_of, fits, tab_to

expect.set_options(timeout=15_000)
PRIVATE = "Philippa Thorne"


@pytest.mark.parametrize("size", SIZES)
def test_the_lobby_fits_the_screen_and_passes_axe(
    make_site: SiteFactory, browser: Browser, artifacts: Path, size: str
) -> None:
    site = make_site()
    private = site.player(PRIVATE)
    site.http.post("/api/v1/seeks", {"deals": 3, "variant": {"forcing": "disabled"}}, token=private)
    public = site.player("Public Pat")
    site.http.post("/api/v1/players/me/profile", {"public": True}, token=public)
    site.http.post("/api/v1/seeks", {"rated": False, "move_seconds": 1800}, token=public)
    token = site.player("Ana")
    site.http.post("/api/v1/seeks", {"rating_range": [1200, 1800]}, token=token)
    context = browser_of(browser, site, token, size)
    page = context.new_page()
    try:
        page.goto(site.url + "/lobby")
        expect(page.locator("#seeks button.accept")).to_have_count(2)
        expect(page.locator("#seeks button.withdraw")).to_have_count(1)
        assert PRIVATE not in page.content()
        page.locator("#settings").evaluate("d => d.open = true")
        fits(page, "lobby", size, artifacts)
        page.click("#pair")
        expect(page.locator("#unpair")).to_be_visible()
        fits(page, "lobby-waiting", size, artifacts)
        stranger = browser.new_context(viewport={"width": SIZES[size][0], "height": 844})
        try:
            visitor = stranger.new_page()
            visitor.goto(site.url + "/lobby")
            expect(visitor.locator("#accept-name")).to_be_visible()
            fits(visitor, "lobby-visitor", size, artifacts)
        finally:
            stranger.close()
    finally:
        context.close()


def test_a_seek_is_accepted_with_the_keyboard_alone(site: Site, browser: Browser) -> None:
    owner = site.player("Keyed Owner")
    seek_id = site.http.post("/api/v1/seeks", {}, token=owner).json["seek_id"]
    token = site.player("Keyboard Kim")
    context = browser_of(browser, site, token, "laptop")
    page = context.new_page()
    try:
        page.goto(site.url + "/lobby")
        tab_to(page, f'#seeks button.accept[value="{seek_id}"]')
        with page.expect_navigation():
            page.keyboard.press("Enter")
        expect(page.locator("#table")).to_be_visible()
        assert "/p/" in page.url
    finally:
        context.close()


def page_move(page: Page) -> None:
    """Choose the move's hand cards and press its button, as a player does."""
    moves = page.locator("button.move").evaluate_all(
        "bs => bs.map(b => [b.value, b.dataset.cards])"
    )
    command = best_move([value for value, _ in moves])
    for card in next(cards for value, cards in moves if value == command).split():
        page.click(f'#table button.card[data-card="{card}"]')
    with page.expect_navigation():
        page.locator(f'button.move[value="{command}"]').first.click()


def api_may_act(game: dict[str, Any]) -> bool:
    """The API player's turn, or the end of the game."""
    return game["status"] == "over" or bool(game["view"]["your_turn"])


def test_a_page_player_and_an_api_player_are_paired_and_play_to_the_end(
    make_site: SiteFactory, browser: Browser, artifacts: Path
) -> None:
    site = make_site()
    ben = site.player("Api Ben")
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    try:
        page.goto(site.url + "/lobby")
        page.fill("#seek-name", "Page Ana")
        page.click("#pair")
        expect(page.locator("#unpair")).to_be_visible()
        waited = site.http.post("/api/v1/pairing", {}, token=ben)
        assert waited.status == 201, waited.text
        lobby = site.wiring.lobby
        assert lobby is not None
        tended = lobby.tend()  # the worker's rate job
        assert len(tended.paired) == 1
        game_id = tended.paired[0]
        expect(page.locator("#table")).to_be_visible()  # the page went to the game by itself
        assert "/p/" in page.url
        listed = site.http.get("/api/v1/games", token=ben).json["games"]
        assert [one["game_id"] for one in listed] == [game_id]
        page.screenshot(path=artifacts / "lobby-paired.png", full_page=True)

        def game() -> dict[str, Any]:
            answer = site.http.get(f"/api/v1/games/{game_id}", token=ben)
            assert answer.status == 200, answer.text
            found: dict[str, Any] = answer.json
            return found

        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            now = game()
            if now["status"] == "over":
                break
            view = now["view"]
            if view["your_turn"]:
                body = {"command": best_move(view["legal"]), "expected_version": now["version"]}
                moved = site.http.post(f"/api/v1/games/{game_id}/moves", body, token=ben)
                assert moved.status == 200, moved.text
            elif page.locator("#moves").count():
                page_move(page)
            else:  # the page asks for the other's move; the API player's turn shows in the API
                eventually(
                    lambda: bool(page.locator("#moves").count()) or api_may_act(game()),
                    seconds=max(deadline - time.monotonic(), 0.0),
                )
        else:
            raise AssertionError("the game did not end")
        page.reload()
        expect(page.locator("#options")).to_have_text(OVER)
        page.screenshot(path=artifacts / "lobby-paired-over.png", full_page=True)
    finally:
        context.close()
