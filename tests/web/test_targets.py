"""Every target a finger aims at is at least 44×44 CSS px on a phone (390 px wide), on every page
a player meets (WCAG 2.5.5, issue 33 item 10): links, buttons, fields, choices and the summaries
that open a part of the page.  A link inside a sentence is excepted, as WCAG excepts it: one
whose paragraph has words besides its links.  On a laptop the footer lines up with the content.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from adapters.config import EmailSettings
from tests.web.conftest import Site, SiteFactory
from tests.web.test_browser import finished_game
from tests.web.test_pocket import browser_of
from tests.web.test_profiles import page
from tests.web.tournament_site import open_tournament, played_tournament

SMALLEST = 44
EMAIL = EmailSettings(
    domain="conquian.test",
    token_keys="k1:0123456789abcdef0123456789abcdef",
    service_address="reply@conquian.test",
)
expect.set_options(timeout=15_000)

TOO_SMALL = """(smallest) => {
  const targets = document.querySelectorAll(
    'a[href], button, input:not([type=hidden]), select, textarea, summary');
  const blocks = 'P, LI, TD, TH, DD, FIGCAPTION, DIV, SECTION, NAV, FOOTER, MAIN, BODY';
  const inSentence = (link) => {
    if (link.tagName !== 'A') return false;
    const block = link.parentElement.closest(blocks) || link.parentElement;
    const words = [...block.childNodes].filter(n => n.nodeType === Node.TEXT_NODE ||
        (n.nodeType === Node.ELEMENT_NODE && !n.matches('a, button')))
      .map(n => n.textContent).join(' ');
    return /\\p{L}/u.test(words);
  };
  const small = [];
  for (const one of targets) {
    const box = one.getBoundingClientRect();
    const style = getComputedStyle(one);
    if (!box.width || !box.height || style.visibility === 'hidden') continue;
    if (one.closest('.visually-hidden') || inSentence(one)) continue;
    if (box.width < smallest - 0.5 || box.height < smallest - 0.5) {
      const name = one.id ? '#' + one.id : one.tagName.toLowerCase();
      small.push(`${name} "${one.textContent.trim().slice(0, 30)}" ` +
        `${box.width.toFixed(0)}×${box.height.toFixed(0)}`);
    }
  }
  return small;
}"""


def too_small(page: Page) -> list[str]:
    """The page's targets under 44×44 CSS px, every ``details`` opened first."""
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    found: list[str] = page.evaluate(TOO_SMALL, SMALLEST)
    return found


def every_page(site: Site, browser: Browser, size: str) -> dict[str, list[str]]:
    """Each page's targets under the size, by page."""
    token = site.player("Ana")
    game = site.http.post("/api/v1/games", {"opponent": "easy"}, token=token).json
    waiting = site.http.post("/api/v1/games", {"opponent": "friend"}, token=token).json
    replayed = finished_game(site)
    site.http.post("/api/v1/seeks", {}, token=site.player("Seeker"))  # an Accept in the lobby
    site.http.post("/api/v1/seeks", {}, token=token)  # and a Withdraw
    me = site.parts.capabilities.read_player(token)
    played = played_tournament(site, "Target")
    joinable, entered = open_tournament(site, "TargetJoin"), open_tournament(site, "TargetIn")
    assert site.wiring.tournaments is not None
    site.wiring.tournaments.enter(entered.tournament_id, me)  # its page: Withdraw
    context = browser_of(browser, site, token, size)
    found: dict[str, list[str]] = {}
    try:
        page = context.new_page()
        pages = {
            "landing": site.url + "/",
            "game": game["page_url"],
            "waiting": waiting["page_url"],
            "replay": f"{site.url}/games/{replayed}/replay?step=40",
            "rules": site.url + "/rules",
            "privacy": site.url + "/privacy",
            "erase": game["page_url"] + "/erase",
            "profile": f"{site.url}/players/{me}",
            "leaderboard": site.url + "/leaderboard",
            "lobby": site.url + "/lobby",
            "tournaments": site.url + "/tournaments",
            "tournament": f"{site.url}/tournaments/{played.tournament_id}",
            "tournament, join": f"{site.url}/tournaments/{joinable.tournament_id}",
            "tournament, withdraw": f"{site.url}/tournaments/{entered.tournament_id}",
            "watch": f"{site.url}/watch/{played.running[0]}",
            "error": site.url + "/no/such/page",
        }
        for name, url in pages.items():
            page.goto(url)
            found[name] = too_small(page)
        page.goto(game["page_url"])
        page.fill("#command", "help")
        page.click("#send")
        expect(page.locator("#answer")).to_be_visible()
        found["help"] = too_small(page)
        page.goto(site.url + "/")
        page.locator("#recovery").evaluate("d => d.open = true")
        page.click("#make-recovery-code")
        expect(page.locator("#recovery-code")).to_be_visible()
        page.wait_for_load_state("load")  # its stylesheet applied, as ``goto`` waits for it
        found["recovery code"] = too_small(page)
        stranger = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
        try:
            join = stranger.new_page()
            join.goto(waiting["invitation_url"])
            found["join"] = too_small(join)
            join.goto(site.url + "/")  # a browser with no games: "Have a recovery code?"
            found["landing, new browser"] = too_small(join)
            join.goto(site.url + "/lobby")  # a visitor: the name fields
            found["lobby, new browser"] = too_small(join)
            join.goto(f"{site.url}/tournaments/{joinable.tournament_id}")  # the name field
            found["tournament, new browser"] = too_small(join)
        finally:
            stranger.close()
    finally:
        context.close()
    return found


def test_every_target_on_every_page_is_44_px_at_least_on_a_phone(
    make_site: SiteFactory, browser: Browser
) -> None:
    site = make_site(email=EMAIL)
    found = every_page(site, browser, "phone")
    assert len(found) >= 15
    small = {name: targets for name, targets in found.items() if targets}
    assert small == {}, small


def test_the_footer_lines_up_with_the_content_on_a_laptop(
    site: Site, browser: Browser, artifacts: Path
) -> None:
    token = site.player("Ana")
    context = browser_of(browser, site, token, "laptop")
    try:
        page = context.new_page()
        for path in ("/", "/rules", "/privacy"):
            page.goto(site.url + path)
            edges = page.evaluate(
                """() => [document.querySelector('main > *').getBoundingClientRect().left,
                          document.querySelector('footer.bottom > *').getBoundingClientRect().left]"""
            )
            assert abs(edges[0] - edges[1]) <= 1, (path, edges)
    finally:
        context.close()


def test_a_profile_counts_one_game_in_the_singular(site: Site) -> None:
    token, ben_token = site.player("Counter"), site.player("Other")
    me = site.parts.capabilities.read_player(token)
    ben = site.parts.capabilities.read_player(ben_token)
    service = site.wiring.service
    game_id = service.open_game(me)
    service.join(service.game(game_id).invitation, ben)
    service.resign(game_id, ben)
    site.wiring.ratings.catch_up()
    status, text = page(site, f"/players/{me}", token)
    assert status == 200, text[:300]
    record = re.search(r'<p id="record">([^<]*)</p>', text)
    assert record and record.group(1).startswith("1 game:"), record
