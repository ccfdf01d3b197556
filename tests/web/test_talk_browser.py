"""The talk section of the player's page in Chromium at a phone's size (390×844) and a
laptop's: a message typed and sent with the keyboard reaches the opponent's page, an offer
is answered with its button, the talk section fits the screen, the strict CSP holds (no
violation reported), and axe-core finds no serious or critical violation.  (The play page as
a whole scrolled sideways at 390 px before the talk section came: that is its layout's.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser

from tests.web.conftest import Site
from tests.web.test_pages import start_friendly

SIZES = {"phone": (390, 844), "laptop": (1280, 800)}
SERIOUS = {"serious", "critical"}


@pytest.mark.parametrize("size", SIZES)
def test_talk_on_the_page_with_the_keyboard_fits_and_passes_axe(
    site: Site, browser: Browser, artifacts: Path, size: str
) -> None:
    _, _, host_page, guest_page = start_friendly(site)
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security" in m.text else None)
    try:
        page.goto(site.url + host_page)
        page.locator("#message").focus()
        page.keyboard.type("Hello from the keyboard")
        page.keyboard.press("Enter")
        page.wait_for_url("**#talk")
        page.locator("#offer-draw").click()
        page.wait_for_selector("#withdraw")
        page.goto(site.url + guest_page)
        assert "Ana says: “Hello from the keyboard”" in page.locator("#conversation").inner_text()
        page.screenshot(path=artifacts / f"talk-{size}.png", full_page=True)
        talk = page.locator("#talk")
        inside = talk.evaluate("t => t.scrollWidth - t.clientWidth")
        box = talk.bounding_box()
        assert box is not None and inside <= 0, f"the talk section scrolls by {inside} px"
        assert box["x"] + box["width"] <= width, f"the talk section is wider than {width} px"
        violations = Axe().run(page).response["violations"]
        serious = [v["id"] for v in violations if v.get("impact") in SERIOUS]
        assert serious == [], serious
        page.locator("#decline").click()
        page.wait_for_selector("#offer-draw")
        assert "You decline the offer." in page.locator("#conversation").inner_text()
        assert refused == []
    finally:
        context.close()
