"""Real browsers (Playwright driving Debian's Chromium) on a real server.

Two browser contexts — two people who know nothing of each other's cookies — open a game from
the landing page by an invitation link and play a whole deal through their private pages,
choosing hand cards and clicking the moves they make, and typing in the command box; each page
changes in place within 3 s when the other player moves, keeping what was typed in its command
box.  The replay viewer of a finished game is stepped forward and back
with the buttons, the arrow keys, the jump box and autoplay, and the cards on screen are the
ones the log says.  Screenshots go to ``test-artifacts/web/``.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from service.game.codec import is_rules_event
from service.language.notation import card_text
from service.log.replays import steps
from service.rules.cards import CardSet
from service.rules.seats import Seat
from tests.waiting import eventually
from tests.web.conftest import Site

OVER = "The match is over."
expect.set_options(timeout=15_000)  # page loads on a busy machine can take seconds


def best_move(buttons: list[str]) -> str:
    """Go out if possible, else put down the most cards, else the first button (pass, force)."""
    out = [one for one in buttons if one.startswith("take") and "discard" not in one]
    if out:
        return out[0]
    takes = [one for one in buttons if one.startswith("take")]
    return max(takes, key=len) if takes else buttons[0]


def over(page: Page) -> bool:
    return OVER in page.locator("#options").inner_text()


def test_two_browsers_play_a_whole_deal_through_their_pages(
    site: Site, browser: Browser, artifacts: Path
) -> None:
    host_context, guest_context = browser.new_context(), browser.new_context()
    host, guest = host_context.new_page(), guest_context.new_page()
    try:
        host.goto(site.url + "/")
        host.fill("input[name=name]", "Ana")
        host.click("#invite-friend")
        invitation = host.locator("#invitation").input_value()
        host.screenshot(path=artifacts / "01-host-waiting.png", full_page=True)

        guest.goto(invitation)
        guest.fill("input[name=name]", "Ben")
        guest.click("#accept")
        expect(guest.locator("#table")).to_be_visible()
        expect(host.locator("#table")).to_be_visible()  # the host's page refreshed by itself
        host.screenshot(path=artifacts / "02-host-first-position.png", full_page=True)
        guest.screenshot(path=artifacts / "02-guest-first-position.png", full_page=True)
        for page in (host, guest):
            expect(page.locator("#hand-2 .card, #hand-1 .card").first).to_be_visible()

        typed = False
        deadline = time.monotonic() + 240  # generous: CI machines are shared
        while time.monotonic() < deadline:
            acting = next((p for p in (host, guest) if p.locator("#moves").count()), None)
            if acting is None:
                if over(host) and over(guest):
                    break
                eventually(  # the pages poll for the opponent's move
                    lambda: (
                        any(p.locator("#moves").count() for p in (host, guest))
                        or (over(host) and over(guest))
                    ),
                    seconds=max(deadline - time.monotonic(), 0.0),
                )
                continue
            if not typed:  # once, the command box: a look at the hand changes nothing
                version = acting.locator("#version").inner_text()
                acting.fill("#command", "hand")
                with acting.expect_navigation():
                    acting.click("#send")
                expect(acting.locator("#version")).to_have_text(version)
                expect(acting.locator("#error")).to_have_count(0)
                typed = True
            other = guest if acting is host else host
            other.fill("#command", "take 7h")  # typed, not sent: kept through the update
            other.evaluate("window.sameDocument = true")
            before = other.locator("#version").inner_text()
            moves = acting.locator("button.move").evaluate_all(
                "bs => bs.map(b => [b.value, b.dataset.cards])"
            )
            command = best_move([value for value, _ in moves])
            for card in next(cards for value, cards in moves if value == command).split():
                acting.click(f'#table button.card[data-card="{card}"]')
            with acting.expect_navigation():
                acting.locator(f'button.move[value="{command}"]').first.click()
            expect(other.locator("#version")).not_to_have_text(before, timeout=3_000)
            assert other.evaluate("window.sameDocument"), "the page changed in place"
            if other.locator("#command").count():
                expect(other.locator("#command")).to_have_value("take 7h")
                expect(other.locator("#command")).to_be_focused()
            expect(other.locator("#announce")).not_to_be_empty()  # read out by screen readers
            if other.locator("#moves").count():
                expect(other).to_have_title(re.compile("^Your turn"))
                expect(other.locator("#favicon")).to_have_attribute("href", re.compile("your-turn"))
        else:
            raise AssertionError("the deal did not end")
        assert typed, "the command box was used"
        expect(host.locator("#options")).to_have_text(OVER)
        host.screenshot(path=artifacts / "03-host-match-over.png", full_page=True)
        guest.screenshot(path=artifacts / "03-guest-match-over.png", full_page=True)
        revealed = host.locator("#hand-2 .card.back").count()
        assert revealed == 0, "once the deal is over the opponent's hand is shown"
        expect(guest.locator("#error")).to_have_count(0)
        host.click("#replay-link")
        expect(host.locator("#position")).to_contain_text("Step 1 of ")
    finally:
        host_context.close()
        guest_context.close()


def finished_game(site: Site) -> str:
    """A one-deal game of a web player against the greedy bot, played to its end by the API."""
    token = site.player("Replayer")
    game = site.http.post("/api/v1/games", {"opponent": "greedy"}, token=token).json
    for _ in range(200):
        if game["status"] == "over":
            return str(game["game_id"])
        body = {"command": best_move(game["view"]["legal"]), "expected_version": game["version"]}
        answer = site.http.post(f"/api/v1/games/{game['game_id']}/moves", body, token=token)
        assert answer.status == 200, answer.text
        game = answer.json
    raise AssertionError("the game did not end")


def shown_cards(page: Page, group: str) -> list[str]:
    return page.locator(f"#{group} [data-card]").evaluate_all(
        "cards => cards.map(card => card.dataset.card)"
    )


def at_step(page: Page, step: int, last: int, timeout: float = 15_000) -> None:
    """The viewer shows ``step`` and its script is ready for keys."""
    expect(page.locator("#position")).to_have_text(f"Step {step} of {last}", timeout=timeout)
    page.wait_for_load_state("load")


def test_the_replay_viewer_steps_to_a_move_with_its_cards_on_screen(
    site: Site, browser: Browser, artifacts: Path
) -> None:
    game_id = finished_game(site)
    log = steps(site.wiring.store.load(game_id))  # type: ignore[arg-type]
    last = len(log)
    # a step in the middle of the deal, after a move of the rules
    target = (
        next(
            i
            for i in range(last // 2, last)
            if is_rules_event(log[i].event) and log[i].game.rules.center
        )
        + 1
    )
    context = browser.new_context(viewport={"width": 900, "height": 1000})
    page = context.new_page()
    try:
        page.goto(f"{site.url}/games/{game_id}/replay")
        at_step(page, 1, last)
        page.click("#next")
        at_step(page, 2, last)
        page.keyboard.press("ArrowRight")
        at_step(page, 3, last)
        page.keyboard.press("ArrowLeft")
        at_step(page, 2, last)
        page.click("#back")
        at_step(page, 1, last)

        page.fill("#jump", str(target + 1))
        page.press("#jump", "Enter")
        at_step(page, target + 1, last)
        page.keyboard.press("ArrowLeft")
        at_step(page, target, last)

        state = log[target - 1].game.rules
        faces = log[target - 1].game.variant.deck_faces
        for seat in Seat:
            expected = [card_text(one, faces) for one in CardSet(state.hands[seat])]
            assert shown_cards(page, f"hand-{seat.number}") == expected
            table = [card_text(one, faces) for combo in state.tables[seat] for one in combo]
            assert shown_cards(page, f"table-{seat.number}") == table
        assert shown_cards(page, "center") == [card_text(state.center, faces)]  # type: ignore[arg-type]
        sentence = page.locator("#sentence").inner_text()
        assert sentence == page.locator("#steps li.current").inner_text()
        page.screenshot(path=artifacts / "04-replay-step.png", full_page=True)

        expect(page.locator("#commitments td.ok")).to_have_count(1)
        expect(page.locator("#verdict")).to_contain_text("checks out")
        assert page.locator("#download").get_attribute("href") == f"/games/{game_id}/log.jsonl"

        page.click("#autoplay")
        at_step(page, target + 2, last, timeout=20_000)
        page.keyboard.press(" ")  # pause
        expect(page.locator("#autoplay")).to_have_text("▶▶ Autoplay")
        expect(page).not_to_have_url(re.compile("play=1"))  # the paused page, not a step ahead
        page.wait_for_load_state("load")  # its script reads the keys: End is not lost
        page.keyboard.press("End")
        at_step(page, last, last)
        page.keyboard.press("Home")
        at_step(page, 1, last)
    finally:
        context.close()
