"""The end of a deal is a moment of its own on the player's page (issue 33, item 9), in Debian's
Chromium on a phone and a laptop.

The next deal starts in the same append as the last one ends, so the page went straight from
deal 1 to deal 2 and only the history said deal 1 had ended.  Now the page stops there: who went
out (or that the deal was a draw), the score and how each deal moved the stake, and the table as
the deal left it with the opponent's hand face up (RULES R20.1: hidden until the deal is over);
"Go on to deal 2" leads to the new deal, and the moment does not come back once the player moved
in it.  The screenshots are docs/screenshots/deal-end-*.png (``CONQUIAN_WRITE_SCREENSHOTS=1``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from service.game.state import fold
from service.rules.events import DealDrawn, DealWon
from tests.web.conftest import Site
from tests.web.test_browser import best_move
from tests.web.test_page_trips import move, page_of
from tests.web.test_pocket import DOCS, SIZES, WRITE, fits, tap_move
from tests.web.test_targets import too_small

ENDING = re.compile(
    r"^(You go out and win \d+ from the medium bot\.|The medium bot goes out and "
    r"wins \d+ from you\.|The stock is exhausted: deal 1 is a draw\.)$"
)


def second_deal(site: Site) -> tuple[str, dict[str, Any]]:
    """A three-deal match against the medium bot played by the API until deal 2 has begun; for
    the screenshots, one whose first deal ended with cards still in a hand, to show them."""
    for _ in range(12 if WRITE else 1):
        token = site.player("Dealer")
        body = {"opponent": "greedy", "deals": 3}
        game = site.http.post("/api/v1/games", body, token=token).json
        while game["view"]["deal"] == 1:
            game = move(site, game, token, best_move(game["view"]["legal"]))
        if not WRITE or held_at_the_end(site, game["game_id"]):
            return token, game
    raise AssertionError("no deal ended with cards in a hand")


def held_at_the_end(site: Site, game_id: str) -> bool:
    stored = site.wiring.store.load(game_id)  # type: ignore[arg-type]
    ended = next(i for i, one in enumerate(stored) if isinstance(one.event, DealWon | DealDrawn))
    return any(fold(stored[: ended + 1]).rules.hands)


@pytest.mark.parametrize("size", SIZES)
def test_the_end_of_a_deal_is_shown_until_the_player_goes_on(
    site: Site, browser: Browser, artifacts: Path, size: str
) -> None:
    token, game = second_deal(site)
    with page_of(browser, site, token, game["page_url"], size) as page:
        moment = page.locator("#deal-end")
        expect(moment).to_be_visible()
        expect(page.locator("#deal-end-title")).to_have_text("Deal 1 is over")
        expect(page.locator("#deal-ending")).to_have_text(ENDING)
        ending = page.locator("#deal-ending").inner_text()
        results = page.locator("#deal-results li").all_inner_texts()
        assert len(results) == 1 and results[0].startswith("Deal 1: "), results
        won = re.search(r"(?<=win )\d+|(?<=wins )\d+", ending)
        if won and ending.startswith("You go out"):  # the results and the score agree with it
            assert results == [f"Deal 1: you won {won[0]}."], results
            expect(page.locator("#deal-score")).to_have_text(
                f"Score: you {won[0]}, the medium bot \N{MINUS SIGN}{won[0]}"
            )
        elif won:
            assert results == [f"Deal 1: the medium bot won {won[0]}."], results
            expect(page.locator("#deal-score")).to_have_text(
                f"Score: you \N{MINUS SIGN}{won[0]}, the medium bot {won[0]}"
            )
        assert page.locator("#hand-2 .card.back").count() == 0, "the bot's hand is face up"
        assert page.locator("#hand-2 .card").count() == int(
            page.locator("#hand-2").get_attribute("data-count") or 0
        )
        expect(page.locator("#moves")).to_have_count(0)  # the new deal waits for "Go on"
        expect(page.locator("#command-form")).to_have_count(0)
        fits(page, "deal-end", size, artifacts)
        if size == "phone":  # a finger reaches "Go on" and every link of the moment (item 10)
            assert too_small(page) == [], too_small(page)
        if WRITE:
            DOCS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=DOCS / f"deal-end-{size}.png", full_page=size == "phone")

        with page.expect_navigation():
            page.click("#go-on")
        expect(moment).to_have_count(0)
        assert page.url.endswith("?seen=1"), page.url
        expect(page.locator("#facts")).to_contain_text("deal 2")
        assert page.locator("#hand-2 .card.back").count() > 0, "deal 2's hand is hidden again"
        if size == "phone":
            page.wait_for_selector("#moves", timeout=15_000)
            tap_move(page)  # a move in deal 2: the moment is behind the player
            expect(page.locator("#table")).to_be_visible()
            assert "seen=" not in page.url
            expect(moment).to_have_count(0)
