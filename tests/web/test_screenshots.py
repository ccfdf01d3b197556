"""The player's page in each of the six languages, in Debian's Chromium with Debian's fonts
(``deploy/ensure-fonts.sh``): every character on it is drawn with a real glyph, never the empty
box a browser draws for a character no font has; the screenshots are the ones ``docs/languages.md``
shows (rewritten there with ``CONQUIAN_WRITE_SCREENSHOTS=1``, kept in ``test-artifacts/web``
otherwise).

A character is a box when the browser draws it exactly as it draws code points no font has
(U+0378, unassigned; U+E000 and U+F8FF, private use).  Without Devanagari fonts every Hindi letter
is one; the last test starts a second Chromium that sees only DejaVu to show the check finds them.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from playwright.sync_api import Browser, BrowserType, Page

from service.language.translation import LANGUAGES
from tests.web.conftest import CHROMIUM_ARGS, ROOT, Site

DOCS = ROOT / "docs" / "languages"
WRITE = os.environ.get("CONQUIAN_WRITE_SCREENSHOTS") == "1"
NAMES = {
    "en": "Ana",
    "es": "Lupe",
    "fil": "Ligaya",
    "uk": "Оксана",
    "ms": "Aisyah",
    "hi": "अनन्या",
}
VIEWPORT = {"width": 820, "height": 1180}
_BOXES = """() => {
  const font = getComputedStyle(document.body).fontFamily;
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 48;
  const pen = canvas.getContext("2d");
  pen.font = "32px " + font;
  const drawn = (text) => {
    pen.clearRect(0, 0, 48, 48);
    pen.fillText(text, 4, 36);
    return pen.getImageData(0, 0, 48, 48).data.join();
  };
  const missing = new Set(["\\u0378", "\\uE000", "\\uF8FF"].map(drawn));
  const text = document.body.innerText + [...document.querySelectorAll("#table .card")]
    .map((node) => node.textContent).join("");
  const chars = [...new Set(text)].filter((c) => c.codePointAt(0) > 127 && c.trim());
  return {chars: chars.length, boxes: chars.filter((c) => missing.has(drawn(c)))};
}"""


def player_page(site: Site, language: str) -> str:
    """A new player in ``language`` (made through the API), in a game against the bot."""
    made = site.http.post("/api/v1/players", {"name": NAMES[language], "language": language})
    game = site.http.post("/api/v1/games", {"opponent": "easy"}, token=made.json["token"])
    url: str = game.json["page_url"]
    return url


def boxes(page: Page) -> tuple[int, list[str]]:
    """How many characters beyond ASCII the page shows, and those drawn as empty boxes."""
    found = page.evaluate(_BOXES)
    return found["chars"], found["boxes"]


def test_the_players_page_in_every_language_is_drawn_with_real_glyphs(
    site: Site, browser: Browser, artifacts: Path
) -> None:
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    try:
        for language in LANGUAGES:
            page.goto(player_page(site, language))
            assert page.locator("html").get_attribute("lang") == language
            page.locator("#table").wait_for()
            shown, drawn_as_boxes = boxes(page)
            assert drawn_as_boxes == [], f"{language}: {drawn_as_boxes}"
            assert shown > (40 if language in ("uk", "hi") else 2), language
            shot = artifacts / f"language-{language}.png"
            page.screenshot(path=shot)
            if WRITE:
                DOCS.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(shot, DOCS / f"{language}.png")
    finally:
        context.close()


def test_the_docs_show_the_players_page_in_every_language() -> None:
    index = (ROOT / "docs" / "languages.md").read_text(encoding="utf-8")
    for language in LANGUAGES:
        shot = DOCS / f"{language}.png"
        assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", shot
        assert f"languages/{language}.png" in index


def test_a_browser_without_devanagari_fonts_draws_hindi_as_boxes_and_the_check_sees_them(
    site: Site, browser_type: BrowserType, tmp_path: Path
) -> None:
    config = tmp_path / "fonts.conf"
    config.write_text(
        '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
        f"<dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>{tmp_path}/cache</cachedir>"
        "</fontconfig>"
    )
    latin_only = browser_type.launch(
        executable_path=shutil.which("chromium"),
        args=CHROMIUM_ARGS,
        env={**os.environ, "FONTCONFIG_FILE": str(config)},
    )
    try:
        page = latin_only.new_page(viewport=VIEWPORT)
        page.goto(player_page(site, "hi"))
        shown, drawn_as_boxes = boxes(page)
        assert (
            shown > 40
            and len(drawn_as_boxes) > 20
            and all("\u0900" <= c <= "\u097f" for c in drawn_as_boxes)
        )
        page.goto(player_page(site, "uk"))
        assert boxes(page)[1] == [], "DejaVu has Cyrillic"
    finally:
        latin_only.close()
