"""The pages a player meets besides the table (issue 17: "axe-core on every page"), on a phone
and a laptop in Debian's Chromium: privacy, erasing your data, a recovery code, the one-click
unsubscribe link, and an error page.  Each fits the screen (nothing scrolls sideways) and has
no serious or critical axe-core violation.  ``test_pocket`` covers the table's pages,
``test_profile_pages`` the profile and the leaderboard, ``test_notice_pages`` the notices."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from adapters.config import EmailSettings
from service.players.unsubscribe import Unsubscribe
from tests.web.conftest import SiteFactory
from tests.web.test_pocket import SIZES, browser_of, fits

EMAIL = EmailSettings(
    domain="conquian.test",
    token_keys="k1:0123456789abcdef0123456789abcdef",
    service_address="reply@conquian.test",
)
expect.set_options(timeout=15_000)


@pytest.mark.parametrize("size", SIZES)
def test_the_other_pages_fit_the_screen_and_pass_axe(
    make_site: SiteFactory, browser: Browser, artifacts: Path, size: str
) -> None:
    site = make_site(email=EMAIL)
    token = site.player("Ana")
    game = site.http.post("/api/v1/games", {"opponent": "easy"}, token=token).json
    context = browser_of(browser, site, token, size)
    page = context.new_page()
    try:
        page.goto(site.url + "/privacy")
        fits(page, "privacy", size, artifacts)
        page.goto(game["page_url"] + "/erase")
        fits(page, "erase", size, artifacts)
        page.goto(site.url + "/")
        page.locator("#recovery").evaluate("d => d.open = true")
        page.click("#make-recovery-code")
        fits(page, "recovery", size, artifacts)
        link = Unsubscribe.from_keys(EMAIL.token_keys).link_token("carol@example.net")
        page.goto(f"{site.url}/unsubscribe/{link}")
        fits(page, "unsubscribe", size, artifacts)
        answer = page.goto(site.url + "/games/no-such-game/replay")
        assert answer is not None and answer.status == 404
        fits(page, "error", size, artifacts)
    finally:
        context.close()
