"""The replay page shows the time control at each step: what the decision the step ended took and
both players' clocks, from a real log of a timed game (played through the service on a
``ManualClock``: an extension, then a claim on time).  On a 390 px phone the page does not scroll
sideways and the clocks are a table whose rows and columns are named."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser

from adapters.cli.logs import append_log
from service.game.events import DeadlineExtended
from service.game.stored import StoredEvent
from service.log.replays import steps
from tests.service.test_clock_checks import claimed_game
from tests.web.conftest import Site, SiteFactory


@pytest.fixture(scope="module")
def site(make_site: SiteFactory) -> Site:
    """A site of this module's own: the log's game id is drawn from a seed, and the shared site
    may hold a game of that id from another module's seeded play."""
    return make_site()


@pytest.fixture(scope="module")
def timed(site: Site) -> list[StoredEvent]:
    log = claimed_game()
    append_log(site.wiring.store, log)
    return log


def page_of(site: Site, game_id: str, step: int) -> str:
    answer = site.http.get(f"/games/{game_id}/replay?step={step}")
    assert answer.status == 200, answer.text
    return answer.text


def test_each_step_shows_both_clocks_and_the_deadline_that_runs(
    site: Site, timed: list[StoredEvent]
) -> None:
    game_id = timed[0].game_id
    shown = steps(timed)
    dealt = next(i for i, s in enumerate(shown) if s.clock.to_act is not None)
    text = page_of(site, game_id, dealt + 1)
    runs = shown[dealt].clock.to_act
    assert runs is not None
    # an hour a move, no reserve (and no column of zeros for it): the player to act has the
    # whole hour, until 10:00
    assert re.search(
        rf"<th scope=\"row\">{runs.number} · [^<]*</th><td>1:00:00 <span class=\"small\">"
        rf"\(deadline 2026-03-02T10:00:00Z\)</span></td></tr>",
        text,
    ), text
    extended = next(i for i, s in enumerate(shown) if isinstance(s.event, DeadlineExtended))
    assert '0:30:00 <span class="small">(deadline 2026-03-02T10:35:00Z)' in page_of(
        site, game_id, extended + 1
    )


def test_the_step_that_ends_a_decision_says_how_long_it_took(
    site: Site, timed: list[StoredEvent]
) -> None:
    shown = steps(timed)
    ended = next(i for i, s in enumerate(shown) if s.clock.took is not None)
    seat, _ = shown[ended].clock.took  # type: ignore[misc]
    text = page_of(site, timed[0].game_id, ended + 1)
    assert f"Player {seat.number} took 1:45:00 for the decision this step ended." in text
    assert 'id="took"' not in page_of(site, timed[0].game_id, 1)


def test_the_clocks_fit_a_phone_and_are_a_named_table(
    site: Site, timed: list[StoredEvent], browser: Browser
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        shown = steps(timed)
        dealt = next(i for i, s in enumerate(shown) if s.clock.to_act is not None)
        page.goto(f"{site.url}/games/{timed[0].game_id}/replay?step={dealt + 1}")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        clocks = page.get_by_role("region", name="Clocks")
        table = clocks.get_by_role("table")
        assert table.get_by_role("columnheader").all_inner_texts() == [
            "Player",
            "Time left",
        ], "no column of zeros for a reserve this game does not have (issue 33)"
        assert len(table.get_by_role("rowheader").all()) == 2
        box = table.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    finally:
        context.close()
