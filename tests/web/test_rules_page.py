"""Issue 33 in Debian's Chromium: the rules page a newcomer reads (item 12), the new-game form's
choices in words (item 4), ``help`` on a phone (item 5) and cards named as their faces show them
on the page (item 11).

The rules page, in each of the six languages, fits a phone and a laptop, passes axe-core, draws
melds and a forced turn with the table's own cards, and is linked from the landing page and a
game's page; its screenshots go to ``docs/screenshots/`` with ``CONQUIAN_WRITE_SCREENSHOTS=1``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from adapters.web.security import PLAYER_COOKIE
from service.language.translation import LANGUAGES, translator
from tests.english_left import cards_as_codes, english_left
from tests.web.conftest import Site
from tests.web.test_api_languages import patch
from tests.web.test_pocket import DOCS, SIZES, WRITE, browser_of, fits

expect.set_options(timeout=15_000)
OPTION_CODE = re.compile(r"\w_\w|^(?:true|false|\d+[mhd]|rated|casual)$")


def in_language(
    browser: Browser, site: Site, token: str | None, size: str, language: str
) -> BrowserContext:
    """A browser asking for ``language``, remembering the player of ``token`` if any (whose own
    language then comes first)."""
    width, height = SIZES[size]
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=True, locale=language
    )
    host = site.url.split("//")[1].split(":")[0]
    if token is not None:
        cookie = {"name": PLAYER_COOKIE, "value": token, "domain": host, "path": "/"}
        context.add_cookies([cookie])
    return context


@contextmanager
def game_page(site: Site, browser: Browser, token: str) -> Iterator[Page]:
    """A phone showing the page of a new game of ``token``'s player against the easy bot."""
    game = site.http.post("/api/v1/games", {"opponent": "easy"}, token=token).json
    context = browser_of(browser, site, token, "phone")
    try:
        page = context.new_page()
        page.goto(game["page_url"])
        yield page
    finally:
        context.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_rules_page_fits_passes_axe_and_draws_melds_and_a_forced_turn(
    site: Site, browser: Browser, artifacts: Path, size: str
) -> None:
    token = site.player("Newcomer")
    game = site.http.post("/api/v1/games", {"opponent": "easy"}, token=token).json
    context = browser_of(browser, site, token, size)
    page = context.new_page()
    try:
        page.goto(site.url + "/")
        page.click("#how-to-play")
        expect(page).to_have_url(site.url + "/rules")
        expect(page.locator("h1")).to_have_text("How to play Conquian")
        fits(page, "rules", size, artifacts)
        if WRITE:
            DOCS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=DOCS / f"rules-{size}.png", full_page=True)
        examples = page.locator("#rules figure.example")
        assert examples.count() >= 5
        labels = examples.locator(".card").evaluate_all("cs => cs.map(c => c.ariaLabel)")
        assert {"5♣", "6♥", "7♥", "J♥", "7♠"} <= set(labels), labels
        forced = examples.filter(has_text="Forced").locator(".combo .card")
        expect(forced).to_have_count(4)
        page.goto(game["page_url"])
        page.click("#rules-link")
        expect(page).to_have_url(site.url + "/rules")
    finally:
        context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rules_page_is_in_each_language_with_no_english_left(
    site: Site, browser: Browser, artifacts: Path, language: str
) -> None:
    context = in_language(browser, site, None, "phone", language)
    page = context.new_page()
    try:
        page.goto(site.url + "/rules")
        tr = translator(language)
        expect(page.locator("h1")).to_have_text(tr.gettext("How to play Conquian"))
        assert page.locator("html").get_attribute("lang") == language
        text = page.locator("main").inner_text()
        if language != "en":
            assert english_left(text, language) == [], text
        assert cards_as_codes(text, language) == [], text
        fits(page, f"rules-{language}", "phone", artifacts)
    finally:
        context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_new_game_choices_are_words_in_each_language(
    site: Site, browser: Browser, language: str
) -> None:
    context = in_language(browser, site, None, "phone", language)
    page = context.new_page()
    try:
        page.goto(site.url + "/")
        page.locator("#settings").evaluate("d => d.open = true")
        choices = page.locator("#new-game select option").evaluate_all(
            "os => os.map(o => [o.value, o.textContent.trim()])"
        )
        assert len(choices) > 30
        codes = [words for value, words in choices if value and OPTION_CODE.search(words)]
        assert codes == [], codes
        placeholders = page.locator("#new-game [placeholder]").evaluate_all(
            "es => es.map(e => e.placeholder)"
        )
        assert not any("=" in one for one in placeholders), placeholders
        if language != "en":
            shown = " ".join(words for _, words in choices)
            assert english_left(shown, language) == [], shown
    finally:
        context.close()


def test_help_on_a_phone_shows_each_command_over_what_it_does(
    site: Site, browser: Browser, artifacts: Path
) -> None:
    with game_page(site, browser, site.player("Helped")) as page:
        page.fill("#command", "help")
        page.click("#send")
        rows = page.locator("#answer .row")
        expect(rows.first).to_be_visible()
        assert rows.count() >= 15
        boxes = rows.evaluate_all(
            """rs => rs.map(r => {
                const code = r.querySelector('code').getBoundingClientRect();
                const meaning = r.querySelector('span').getBoundingClientRect();
                return [code.bottom, meaning.top, code.right];
            })"""
        )
        assert all(meaning >= bottom - 1 and right <= 390 for bottom, meaning, right in boxes)
        fits(page, "help", "phone", artifacts)


def test_a_spanish_game_page_names_cards_by_their_faces(site: Site, browser: Browser) -> None:
    token = site.player("Lupe")
    assert patch(site, token, {"language": "es"}).status == 200
    with game_page(site, browser, token) as page:
        expect(page.locator("html")).to_have_attribute("lang", "es")
        for part in ("#center .note", "#options", "#position", "#news"):
            text = page.locator(part).inner_text()
            assert cards_as_codes(text, "es") == [], (part, text)
        center = page.locator("#center .card").get_attribute("aria-label")
        assert center and center in page.locator("#center .note").inner_text()
