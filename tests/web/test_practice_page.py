"""The guided first deal on the web (issue 38): offered on the landing page to a newcomer, started
with a tap, played to the end by tapping cards and moves on a phone, each prompt shown once at
the first decision of its kind (``tests/practice_deal.py``) in a box a screen reader hears, which
fits 390 px and passes axe-core; "No thanks" stops the offer."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from service.game.events import GameId
from service.game.lessons import Lesson
from service.words.prompts import action_text
from tests.practice_deal import DECISIONS, PracticeChance, choose, expected_at
from tests.web.conftest import SiteFactory
from tests.web.test_browser import OVER
from tests.web.test_pocket import SIZES, fits

expect.set_options(timeout=15_000)

SAID = {
    Lesson.OUT: "You can go out now",
    Lesson.TAKE: "You can take ",
    Lesson.DISCARD: "A take ends with a discard",
    Lesson.PASS: "You can pass ",
    Lesson.FORCE: "you can force them",
    Lesson.FORCED: "You are forced",
}
"""What each prompt says in English, to tell which are shown."""


def shown(page: Page) -> tuple[Lesson, ...]:
    """The prompts the page shows now."""
    if not page.locator("#lesson").count():
        return ()
    text = page.locator("#lesson-text").inner_text()
    return tuple(kind for kind, said in SAID.items() if said in text)


def test_a_newcomer_plays_the_guided_deal_to_the_end_by_tapping(
    make_site: SiteFactory, browser: Browser, artifacts: Path
) -> None:
    site = make_site(chance=PracticeChance())
    width, height = SIZES["phone"]
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True)
    page = context.new_page()
    try:
        page.goto(site.url + "/")
        expect(page.locator("#practice")).to_be_visible()
        fits(page, "landing-practice", "phone", artifacts)
        page.fill("input[name=name]", "Newcomer")
        with page.expect_navigation():
            page.locator("#practice-deal").tap()
        expect(page.locator("#table")).to_be_visible()
        found = re.search(r"Game ([0-9a-f]+) ·", page.locator("#facts").inner_text())
        assert found
        service, game_id = site.wiring.service, GameId(found.group(1))
        game = service.game(game_id)
        player = game.players[0]
        assert player is not None and game.practice and game.players[1] == "bot:random"
        assert service.name_of(player) == "Newcomer"
        seen: list[tuple[Lesson, ...]] = []
        for decision in range(DECISIONS):
            expect(page.locator("#moves")).to_be_visible()
            seen.append(shown(page))
            assert seen[-1] == expected_at(decision), f"decision {decision}: {seen[-1]}"
            if seen[-1]:
                expect(page.locator("#lesson")).to_be_visible()
                expect(page.locator("#announce")).to_contain_text(
                    page.locator("#lesson-text").inner_text()
                )
            if decision == 0:
                fits(page, "practice-prompt", "phone", artifacts)
            command = action_text(choose(service.view(game_id, player)[1]))
            button = page.locator(f'button.move[value="{command}"]').first
            for card in (button.get_attribute("data-cards") or "").split():
                page.locator(f'#table button.card[data-card="{card}"]').tap()
            with page.expect_navigation():
                button.tap()
        expect(page.locator("#options")).to_have_text(OVER)
        expect(page.locator("#lesson")).to_have_count(0)
        assert [kind for kinds in seen for kind in kinds] == sorted(
            Lesson, key=[k for d in range(DECISIONS) for k in expected_at(d)].index
        )
    finally:
        context.close()


def test_no_thanks_stops_the_offer(make_site: SiteFactory, browser: Browser) -> None:
    site = make_site()
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(site.url + "/")
        page.fill("input[name=name]", "Declines")
        with page.expect_navigation():
            page.click("#practice-skip")
        expect(page.locator("#new-game")).to_be_visible()
        expect(page.locator("#practice")).to_have_count(0)
        page.reload()
        expect(page.locator("#practice")).to_have_count(0)
    finally:
        context.close()
