"""The profile and leaderboard pages in Chromium at a phone's size (390×844) and a laptop's
(1280×800): nothing scrolls sideways, and axe-core (4.12) finds no serious or critical
violation; the profile shows the player's reliability.  Screenshots go to ``test-artifacts/web/``."""

from __future__ import annotations

from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser

from adapters.web.security import PLAYER_COOKIE
from tests.web.conftest import Site
from tests.web.test_profiles import ANA_RELIABLE, played

SIZES = {"phone": (390, 844), "laptop": (1280, 800)}
SERIOUS = {"serious", "critical"}


@pytest.mark.parametrize("size", SIZES)
def test_profile_and_leaderboard_fit_the_screen_and_pass_axe(
    site: Site, browser: Browser, artifacts: Path, size: str
) -> None:
    ana_token, ana, _, _ = played(site)
    site.http.post("/api/v1/players/me/profile", {"public": True}, token=ana_token)
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    host = site.url.split("//")[1].split(":")[0]
    context.add_cookies([{"name": PLAYER_COOKIE, "value": ana_token, "domain": host, "path": "/"}])
    page = context.new_page()
    try:
        for name, path in (("profile", f"/players/{ana}"), ("leaderboard", "/leaderboard")):
            page.goto(site.url + path)
            if name == "profile":  # the plot's table too
                page.locator("details").first.evaluate("d => d.open = true")
                assert page.locator("#reliability").inner_text() == ANA_RELIABLE
            page.screenshot(path=artifacts / f"ratings-{name}-{size}.png", full_page=True)
            overflow = page.evaluate(
                "document.documentElement.scrollWidth - document.documentElement.clientWidth"
            )
            assert overflow <= 0, f"{name} scrolls sideways by {overflow} px at {size}"
            violations = Axe().run(page).response["violations"]
            serious = [v["id"] for v in violations if v.get("impact") in SERIOUS]
            assert serious == [], f"{name} at {size}: {serious}"
        assert page.locator("#leaderboard").inner_text().count("Ana") >= 1
    finally:
        context.close()
