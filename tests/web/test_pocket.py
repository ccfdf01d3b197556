"""The player's pages on a phone (390×844) and a laptop (1280×800), in Debian's Chromium.

Every page a player meets — the landing page with its list of games, the waiting page with its
invitation, the join page, a game in play, a finished game and its replay — fits the screen
(nothing scrolls sideways), shows card ranks no smaller than 14 CSS px on the phone, and passes
axe-core with no serious or critical violation.  A whole deal against the bot is played by
tapping cards only, and another with the keyboard alone.  Screenshots go to
``test-artifacts/web/`` (and to ``docs/screenshots/`` with ``CONQUIAN_WRITE_SCREENSHOTS=1``).
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, BrowserContext, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from adapters.web.security import PLAYER_COOKIE
from tests.web.conftest import ROOT, Site
from tests.web.test_browser import best_move, finished_game

SIZES = {"phone": (390, 844), "laptop": (1280, 800)}
SERIOUS = {"serious", "critical"}
DOCS = ROOT / "docs" / "screenshots"
WRITE = os.environ.get("CONQUIAN_WRITE_SCREENSHOTS") == "1"
expect.set_options(timeout=15_000)


def browser_of(browser: Browser, site: Site, token: str, size: str) -> BrowserContext:
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True)
    host = site.url.split("//")[1].split(":")[0]
    context.add_cookies([{"name": PLAYER_COOKIE, "value": token, "domain": host, "path": "/"}])
    return context


def fits(page: Page, name: str, size: str, artifacts: Path) -> None:
    """No sideways scrolling, no serious axe violation; a screenshot of the whole page."""
    page.screenshot(path=artifacts / f"pocket-{name}-{size}.png", full_page=True)
    if WRITE and name in ("game", "replay"):
        DOCS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=DOCS / f"{name}-{size}.png", full_page=size == "phone")
    wide = page.evaluate("document.scrollingElement.scrollWidth")
    assert wide == SIZES[size][0], f"{name} is {wide} px wide at {size}"
    violations = Axe().run(page).response["violations"]
    serious = [(v["id"], v["nodes"][0]["target"]) for v in violations if v.get("impact") in SERIOUS]
    assert serious == [], f"{name} at {size}: {serious}"


def smallest_rank(page: Page) -> float:
    sizes: list[float] = page.locator(".card .rank").evaluate_all(
        "ranks => ranks.map(r => parseFloat(getComputedStyle(r).fontSize))"
    )
    assert sizes, "the page shows cards"
    return min(sizes)


@pytest.mark.parametrize("size", SIZES)
def test_every_page_fits_the_screen_and_passes_axe(
    site: Site, browser: Browser, artifacts: Path, size: str
) -> None:
    token = site.player("Ana")
    game = site.http.post("/api/v1/games", {"opponent": "easy"}, token=token).json
    waiting = site.http.post("/api/v1/games", {"opponent": "friend"}, token=token).json
    replayed = finished_game(site)
    context = browser_of(browser, site, token, size)
    page = context.new_page()
    try:
        page.goto(site.url + "/")
        page.locator("#settings").evaluate("d => d.open = true")  # the match settings too
        fits(page, "landing", size, artifacts)
        page.goto(game["page_url"])
        expect(page.locator("#table")).to_be_visible()
        fits(page, "game", size, artifacts)
        if size == "phone":
            assert smallest_rank(page) >= 14
        page.goto(waiting["page_url"])
        fits(page, "waiting", size, artifacts)
        stranger = browser.new_context(viewport={"width": SIZES[size][0], "height": SIZES[size][1]})
        try:
            join = stranger.new_page()
            join.goto(waiting["invitation_url"])
            fits(join, "join", size, artifacts)
        finally:
            stranger.close()
        page.goto(f"{site.url}/games/{replayed}/replay?step=40")
        fits(page, "replay", size, artifacts)
        if size == "phone":
            assert smallest_rank(page) >= 14
    finally:
        context.close()


def version(page: Page) -> str:
    return page.locator("#version").inner_text()


def chosen_move(page: Page) -> tuple[str, list[str]]:
    """The move to make and the hand cards it names (read from the buttons' data)."""
    moves = page.locator("button.move").evaluate_all(
        "bs => bs.map(b => [b.value, b.dataset.cards])"
    )
    command = best_move([value for value, _ in moves])
    cards = next(cards for value, cards in moves if value == command)
    return command, cards.split() if cards else []


def play_by(page: Page, make_move: object, limit: float = 120) -> None:
    """Play the page's side until the match is over; ``make_move(page)`` makes one move."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if page.locator("#headline").count():
            return
        if page.locator("#moves").count():
            make_move(page)  # type: ignore[operator]
        else:  # the page polls for the bot's move: wait for it, or for the match's end
            left = max(deadline - time.monotonic(), 0.001)  # 0 would mean no limit
            with contextlib.suppress(PlaywrightTimeout):  # then the loop ends: not ended
                page.locator("#moves, #headline").first.wait_for(timeout=left * 1000)
    raise AssertionError("the deal did not end")


def tap_move(page: Page) -> None:
    """Tap the cards of the chosen move, then the one button they leave for it."""
    command, cards = chosen_move(page)
    for card in cards:
        page.locator(f'#table button.card[data-card="{card}"]').tap()
    button = page.locator(f'button.move[value="{command}"]')
    expect(button).to_be_visible()
    offered = page.locator("button.move:visible").evaluate_all("bs => bs.map(b => b.dataset.cards)")
    assert all(set(one.split()) == set(cards) for one in offered), (cards, offered)
    with page.expect_navigation():
        button.tap()


def test_a_whole_deal_against_the_bot_played_by_tapping_cards(
    site: Site, browser: Browser, artifacts: Path
) -> None:
    token = site.player("Tapper")
    game = site.http.post("/api/v1/games", {"opponent": "easy"}, token=token).json
    context = browser_of(browser, site, token, "phone")
    page = context.new_page()
    try:
        page.goto(game["page_url"])
        hand = page.locator("#table button.card:enabled")
        if hand.count():  # only the moves the chosen cards make are offered
            card = hand.first.get_attribute("data-card")
            moves = page.locator("button.move").evaluate_all("bs => bs.map(b => b.dataset.cards)")
            hand.first.tap()
            offered = page.locator("button.move:visible").evaluate_all(
                "bs => bs.map(b => b.dataset.cards)"
            )
            assert offered == [cards for cards in moves if cards == card], (card, moves)
            page.locator("#clear").tap()
        play_by(page, tap_move)
        page.screenshot(path=artifacts / "pocket-tapped-to-the-end.png", full_page=True)
        expect(page.locator("#rematch")).to_be_visible()
    finally:
        context.close()


def key_move(page: Page) -> None:
    """Tab to each card of the move and press space, then tab to its button and press Enter."""
    command, cards = chosen_move(page)
    targets = [f'button.card[data-card="{card}"]' for card in cards]
    for target in targets:
        tab_to(page, target)
        page.keyboard.press("Space")
    tab_to(page, f'button.move[value="{command}"]')
    with page.expect_navigation():
        page.keyboard.press("Enter")


def tab_to(page: Page, selector: str) -> None:
    for _ in range(400):
        if page.evaluate("s => document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def test_a_whole_deal_against_the_bot_played_with_the_keyboard_alone(
    site: Site, browser: Browser
) -> None:
    token = site.player("Keys")
    game = site.http.post("/api/v1/games", {"opponent": "easy"}, token=token).json
    context = browser_of(browser, site, token, "laptop")
    page = context.new_page()
    try:
        page.goto(game["page_url"])
        play_by(page, key_move)
        tab_to(page, "#rematch")
    finally:
        context.close()


def test_the_replay_steps_by_swiping_on_a_phone(site: Site, browser: Browser) -> None:
    game_id = finished_game(site)
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    try:
        page.goto(f"{site.url}/games/{game_id}/replay?step=5")
        expect(page.locator(".keys")).to_be_hidden()  # no keyboard hints on a touch screen
        box = page.locator("#board").bounding_box()
        assert box
        y = box["y"] + 40
        for to, (start, end) in ((6, (300, 60)), (5, (60, 300))):  # left: next; right: back
            page.mouse.move(box["x"] + start, y)
            page.mouse.down()
            page.mouse.move(box["x"] + end, y, steps=5)
            with page.expect_navigation():
                page.mouse.up()
            expect(page.locator("#position")).to_contain_text(f"Step {to} of ")
    finally:
        context.close()


def test_a_page_stops_asking_once_the_game_is_over(site: Site, browser: Browser) -> None:
    """The page's clock is Playwright's: ten seconds pass at once, with no real waiting."""
    token = site.player("Quitter")
    playing = site.http.post("/api/v1/games", {"opponent": "easy"}, token=token).json
    over = site.http.post("/api/v1/games", {"opponent": "easy"}, token=token).json
    body = {"command": "resign", "expected_version": over["version"]}
    moves = f"/api/v1/games/{over['game_id']}/moves"
    assert site.http.post(moves, body, token=token).status == 200
    context = browser_of(browser, site, token, "phone")
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    try:
        page.clock.install()
        page.goto(playing["page_url"])
        with page.expect_request(lambda request: request.url.endswith("/version")):
            page.clock.run_for(10_000)  # a game being played is asked about
        page.goto(over["page_url"])
        asked.clear()
        page.clock.run_for(10_000)
        with page.expect_request(lambda request: request.url.endswith("/healthz")):
            page.evaluate("fetch('/healthz')")  # seen after anything the ten seconds sent
        assert [url for url in asked if url.endswith("/version")] == []
    finally:
        context.close()


def test_the_invitation_link_is_copied_with_one_press(site: Site, browser: Browser) -> None:
    token = site.player("Inviter")
    waiting = site.http.post("/api/v1/games", {"opponent": "friend"}, token=token).json
    context = browser_of(browser, site, token, "phone")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.url)
    page = context.new_page()
    try:
        page.goto(waiting["page_url"])
        expect(page.get_by_label("Invitation link")).to_have_value(waiting["invitation_url"])
        page.click("#copy")
        expect(page.locator("#copied")).to_have_text("Copied.")
        assert page.evaluate("navigator.clipboard.readText()") == waiting["invitation_url"]
        sharing = page.evaluate("typeof navigator.share === 'function'")
        expect(page.locator("#share")).to_be_visible(visible=sharing)
    finally:
        context.close()
