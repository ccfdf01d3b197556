"""The tournaments' pages and the spectator's page in Chromium (issue 37), on a tournament made
and played through the core (``tournament_site``): at a phone's width and a laptop's nothing
scrolls sideways and axe-core finds no serious or critical violation; private players are "a
player" and no id is written; the standings, the crosstable and the rounds link each game to
its watch page or its replay, reachable by keyboard alone; a visitor joins an open tournament
and withdraws from it by keyboard alone, the page with its Join and Withdraw forms fitting the
screen and passing axe-core; the watch page keeps up with the game by itself, and shows no hand
while the deal is played."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from service.bots.levels import BOTS
from service.bots.policies import recall
from tests.web.client import Browser as Reader
from tests.web.client import hidden_fields
from tests.web.conftest import Site
from tests.web.test_no_english_pages import LANGUAGES, Pages
from tests.web.test_pocket import SIZES, browser_of, fits
from tests.web.tournament_site import open_tournament, played_tournament

expect.set_options(timeout=15_000)


@pytest.mark.parametrize("size", SIZES)
def test_the_tournament_pages_fit_the_screen_and_pass_axe(
    site: Site, browser: Browser, artifacts: Path, size: str
) -> None:
    played = played_tournament(site, f"Axe{size}")
    context = browser_of(browser, site, site.player("Visitor"), size)
    try:
        page = context.new_page()
        page.goto(f"{site.url}/tournaments")
        fits(page, "tournaments", size, artifacts)
        page.goto(f"{site.url}/tournaments/{played.tournament_id}")
        fits(page, "tournament", size, artifacts)
        page.goto(f"{site.url}/watch/{played.running[0]}")
        fits(page, "watch", size, artifacts)
    finally:
        context.close()


def test_the_tournament_page_shows_standings_crosstable_and_rounds(
    site: Site, browser: Browser
) -> None:
    played = played_tournament(site, "Shown")
    context = browser_of(browser, site, site.player("Onlooker"), "phone")
    try:
        page = context.new_page()
        page.goto(f"{site.url}/tournaments/{played.tournament_id}")
        html = page.content()
        assert not any(player in html for player in played.players)  # no id written
        assert "Shown1" not in html  # private players are not named to a visitor
        expect(page.locator("#standings tr")).to_have_count(5)
        expect(page.locator("#standings th[scope=row]").first).to_have_text("a player")
        expect(page.locator("#crosstable tr")).to_have_count(5)
        expect(page.locator("#tiebreak-order")).to_contain_text("Buchholz")
        expect(page.locator("#round-1 a.game-link")).to_have_count(2)
        expect(page.locator("#round-2 a.game-link")).to_have_count(2)
        assert page.locator("#round-1 a.game-link").first.get_attribute("href") == (
            f"/games/{played.finished[0]}/replay"
        )
        watch = page.locator("#round-2 a.game-link").first
        assert watch.get_attribute("href") == f"/watch/{played.running[0]}"
        page.keyboard.press("Tab")
        for _ in range(40):  # keyboard alone: Tab to the first watch link, then Enter
            if page.evaluate("document.activeElement.getAttribute('href')") == (
                f"/watch/{played.running[0]}"
            ):
                break
            page.keyboard.press("Tab")
        page.keyboard.press("Enter")
        expect(page).to_have_url(f"{site.url}/watch/{played.running[0]}")
    finally:
        context.close()


@pytest.mark.parametrize("size", SIZES)
def test_a_visitor_joins_and_withdraws_by_keyboard_alone(
    site: Site, browser: Browser, artifacts: Path, size: str
) -> None:
    opened = open_tournament(site, f"Keys{size}")
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True)
    try:
        page = context.new_page()
        page.goto(f"{site.url}/tournaments/{opened.tournament_id}")
        fits(page, "tournament-join", size, artifacts)
        tab_to(page, "join-name")
        page.keyboard.type(f"Keyboard {size}")
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.id") == "join"
        page.keyboard.press("Enter")
        expect(page.locator("#said")).to_contain_text("You are in tournament")
        expect(page.locator("#withdraw")).to_be_visible()
        fits(page, "tournament-withdraw", size, artifacts)
        tab_to(page, "withdraw")
        page.keyboard.press("Enter")
        expect(page.locator("#said")).to_contain_text("You withdrew from tournament")
        expect(page.locator("#entry")).to_have_count(0)
    finally:
        context.close()
    tournaments = site.wiring.tournaments
    assert tournaments is not None
    tournament = tournaments.tournament(opened.tournament_id)
    assert len(tournament.players) == 2 and len(tournament.withdrawn) == 1


def tab_to(page: Page, element: str) -> None:
    """Tab until the element of id ``element`` has the focus."""
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == element:
            return
    raise AssertionError(f"#{element} is not reached by Tab")


def test_the_watch_page_keeps_up_with_the_game_and_shows_no_hand(
    site: Site, browser: Browser
) -> None:
    played = played_tournament(site, "Live")
    game_id = played.running[0]
    service = site.wiring.service
    context = browser_of(browser, site, site.player("Watcher"), "phone")
    try:
        page = context.new_page()
        page.goto(f"{site.url}/watch/{game_id}")
        game = service.game(game_id)
        for seat in (1, 2):  # each hand is its count of backs, no face
            hand = page.locator(f"#hand-{seat}")
            assert hand.get_attribute("data-count") == str(game.rules.hands[seat - 1].bit_count())
            expect(hand.locator(".card:not(.back)")).to_have_count(0)
        seat = game.rules.to_act
        assert seat is not None
        player = game.players[seat]
        assert player is not None
        before = page.locator("#board").inner_html()
        action = BOTS["bot:greedy"](recall(game.rules, seat), random.Random(1))
        service.act(game_id, player, action, game.version)
        expect(page.locator("#board")).not_to_have_js_property("innerHTML", before)
        service.resign(game_id, player)  # the end, seen where it is watched, with both hands
        expect(page.locator("#replay-link")).to_have_attribute("href", f"/games/{game_id}/replay")
        for seat in (1, 2):
            count = page.locator(f"#hand-{seat}").get_attribute("data-count")
            expect(page.locator(f"#hand-{seat} .card:not(.back)")).to_have_count(int(count or 0))
    finally:
        context.close()


def test_what_cannot_be_watched(site: Site) -> None:
    played = played_tournament(site, "Not")
    service = site.wiring.service
    ana = site.parts.capabilities.read_player(site.player("Plain"))
    ordinary = service.open_game(ana)
    service.join(service.game(ordinary).invitation, played.players[0])
    answer = site.http.get(f"/watch/{ordinary}")
    assert answer.status == 404 and "running tournament" in answer.text
    assert site.http.get(f"/watch/{ordinary}/view").status == 404
    assert site.http.get("/watch/nonesuch").status == 404
    assert site.http.get("/tournaments/nonesuch").status == 404
    service.resign(ordinary, ana)
    finished = site.http.get(f"/watch/{ordinary}")  # an ordinary game: its replay
    assert finished.status in (302, 303), finished.status
    assert finished.headers["location"].endswith(f"/games/{ordinary}/replay")
    ended = site.http.get(f"/watch/{played.finished[0]}")  # its last table, and its replay
    assert ended.status == 200 and f'href="/games/{played.finished[0]}/replay"' in ended.text
    view = site.http.get(f"/watch/{played.running[0]}/view").json
    assert view["view"]["shown"] is None and "hand" not in view["view"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_tournament_pages_speak_each_language(site: Site, language: str) -> None:
    """No English interface word, and no card written as a code, on the tournaments' pages (with
    their Join and Withdraw forms, and the answer to Join) and the watch page in each language (the words looked for come from the English catalog)."""
    played = played_tournament(site, f"Words{language}")
    pages, reader = Pages(language), Reader(site.http, language)
    pages.check(reader.get("/tournaments"), "the tournaments")
    pages.check(reader.get(f"/tournaments/{played.tournament_id}"), "the tournament")
    pages.check(reader.get(f"/watch/{played.running[0]}"), "the watch page")
    pages.check(reader.get(f"/watch/{played.finished[0]}"), "the watch page of a finished game")
    pages.check(reader.get("/tournaments/nonesuch"), "an unknown tournament", 404)
    opened = f"/tournaments/{open_tournament(site, f'Open{language}').tournament_id}"
    drawn = reader.get(opened)
    pages.check(drawn, "a tournament taking entries")
    fields = {**hidden_fields(drawn.text), "name": f"Reader {language}"}
    pages.check(reader.post_form(f"{opened}/join", fields), "the answer to Join")
    pages.check(reader.get(opened), "a tournament's page for one of its players")
