"""What web players tripped over (issue 33, items 1, 2, 3, 6, 7 and 8), each played in Debian's
Chromium on a phone (390×844): a profile link that opens "There is nothing here.", an ending
that reads "You lost the match. Score: you 0, the easy bot 0", a forced turn with no move to
press and "No move uses exactly these cards" before any tap, Resign's question off-screen after
talking, a replay whose dead pile sticks out of the table and whose clocks read "0:00:00" and
"—", and talk offered against a bot and on a finished game.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import Site
from tests.web.test_browser import best_move, finished_game
from tests.web.test_pocket import browser_of

Json = dict[str, Any]


def friendly(site: Site) -> tuple[str, Json, str, Json]:
    """A game between two people, begun: the host's token and game, the guest's."""
    host, guest = site.player("Ana"), site.player("Ben")
    opened = site.http.post("/api/v1/games", {"opponent": "friend"}, token=host).json
    joined = site.http.post(f"/api/v1/invitations/{opened['invitation']}/join", token=guest)
    assert joined.status == 200, joined.text
    shown = site.http.get(f"/api/v1/games/{opened['game_id']}", token=host).json
    return host, shown, guest, joined.json


@contextmanager
def page_of(
    browser: Browser, site: Site, token: str, url: str, size: str = "phone"
) -> Iterator[Page]:
    """A page at ``url`` in a browser of its own that remembers the player of ``token``."""
    context = browser_of(browser, site, token, size)
    page = context.new_page()
    try:
        page.goto(url)
        yield page
    finally:
        context.close()


def move(site: Site, game: Json, token: str, command: str) -> Json:
    body = {"command": command, "expected_version": game["version"]}
    answer = site.http.post(f"/api/v1/games/{game['game_id']}/moves", body, token=token)
    assert answer.status == 200, answer.text
    shown: Json = answer.json
    return shown


def forced_turn(site: Site) -> tuple[str, Json]:
    """A game against the greedy bot played up to a turn where the bot forces a card on us: we
    meld once, then refuse everything, and the bot forces what fits our table."""
    for _ in range(20):
        token = site.player("Forced")
        game = site.http.post("/api/v1/games", {"opponent": "greedy"}, token=token).json
        for _ in range(300):
            legal = game["view"]["legal"]
            if game["status"] == "over":
                break
            if legal and all(one.startswith("discard") for one in legal):
                return token, game
            melded = any(game["view"]["tables"])
            game = move(
                site, game, token, "pass" if melded and "pass" in legal else best_move(legal)
            )
    raise AssertionError("the bot never forced a card")


def test_1_the_page_links_only_the_profiles_its_reader_may_open(
    site: Site, browser: Browser
) -> None:
    host, game, _, _ = friendly(site)  # both profiles private, as they are by default
    with page_of(browser, site, host, game["page_url"]) as page:
        links = page.locator("#profiles a").evaluate_all("links => links.map(a => a.href)")
        assert links, "the reader's own profile is linked"
        for link in links:
            assert page.request.get(link).status == 200, f"{link} opens nothing"


def test_2_a_resigned_match_says_who_resigned_and_not_a_lost_score_of_nothing(
    site: Site, browser: Browser
) -> None:
    token = site.player("Quitter")
    game = site.http.post("/api/v1/games", {"opponent": "easy"}, token=token).json
    with page_of(browser, site, token, game["page_url"]) as page:
        page.click("#resign")
        page.click("#resign-yes")
        expect(page.locator("#headline")).to_have_text("The easy bot wins the match: you resigned.")
        expect(page.locator("#news")).to_contain_text("The easy bot wins the match: you resigned.")
        expect(page.locator("#news")).not_to_contain_text("0 to 0")
        replay = site.path(game["page_url"]) + "/replay?step="
        told = [
            site.http.get(f"{replay}{step}").text
            for step in range(1, site.events(game["game_id"]) + 1)
        ]
        assert any("The easy bot wins the match: you resigned." in one for one in told)
        assert not any("0 to 0" in one for one in told), "the replay says why too"


def test_3_a_forced_turn_offers_its_moves_before_a_tap_and_no_complaint(
    site: Site, browser: Browser
) -> None:
    token, game = forced_turn(site)
    with page_of(browser, site, token, game["page_url"]) as page:
        expect(page.locator("#tap-hint")).to_be_visible()
        expect(page.locator("#none-fits")).to_be_hidden()
        offered = page.locator("button.move:visible")
        assert offered.count() == len(game["view"]["legal"]), "every discard is offered"
        card = page.locator("#table button.card").first
        name = card.get_attribute("data-card")
        card.tap()
        expect(offered).to_have_count(1)
        expect(offered).to_have_attribute("data-cards", str(name))
        expect(page.locator("#none-fits")).to_be_hidden()


def test_6_after_talking_resign_s_question_is_on_screen(site: Site, browser: Browser) -> None:
    host, game, _, _ = friendly(site)
    with page_of(browser, site, host, game["page_url"]) as page:
        page.fill("#message", "good luck")
        with page.expect_navigation():
            page.click("#say")
        expect(page.locator("#conversation")).to_contain_text("good luck")
        with page.expect_navigation():
            page.click("#resign")
        expect(page.locator("#confirm-question")).to_be_in_viewport()


def test_7_the_replay_on_a_phone_keeps_the_dead_pile_inside_and_says_what_the_clocks_mean(
    site: Site, browser: Browser
) -> None:
    token = site.player("Watcher")
    with page_of(browser, site, token, f"{site.url}/") as page:
        for _ in range(6):  # a game whose dead pile wraps onto a second row on a phone
            page.goto(f"{site.url}/games/{finished_game(site)}/replay?step=1000")
            tops = page.locator("#dead .dead-cards .card").evaluate_all(
                "cards => cards.map(c => c.getBoundingClientRect().top)"
            )
            if len(set(tops)) > 1:
                break
        else:
            raise AssertionError("no dead pile wrapped")
        table = page.locator("#table").bounding_box()
        assert table is not None
        lefts = page.locator("#dead .dead-cards .card").evaluate_all(
            "cards => cards.map(c => c.getBoundingClientRect().left)"
        )
        assert min(lefts) >= table["x"], (min(lefts), table["x"])
        clocks = page.locator("#clocks").inner_text()
        assert "Reserve left" not in clocks and "0:00:00" not in clocks, clocks
        assert "—" not in clocks and "not running" in clocks, clocks


def test_8_no_talk_with_a_bot_and_none_on_a_finished_game(site: Site, browser: Browser) -> None:
    token = site.player("Solo")
    against_bot = site.http.post("/api/v1/games", {"opponent": "easy"}, token=token).json
    host, game, _, _ = friendly(site)
    move(site, game, host, "resign")
    with page_of(browser, site, token, against_bot["page_url"]) as page:
        expect(page.locator("#table")).to_be_visible()
        for part in ("#talk", "#message", "#mute", "#report"):
            expect(page.locator(part)).to_have_count(0)
        page.goto(game["page_url"])
        expect(page.locator("#headline")).to_be_visible()
        for part in ("#message", "#presets", "#notices"):
            expect(page.locator(part)).to_have_count(0)
