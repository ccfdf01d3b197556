"""Issue 36's must-show: twenty players accept one seek at the same moment, ten through the API
and ten through the lobby page, against a real served app on SQLite and on PostgreSQL.  One game
begins; the nineteen others are told the seek is gone (409 ``seek_gone``; the page's message)."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from adapters.web.security import PLAYER_COOKIE
from tests.web.client import Answer, Browser, hidden_fields
from tests.web.conftest import Site, SiteFactory

TAKERS = 20
GONE = "This seek is gone"


@pytest.fixture(params=["sqlite", "postgresql"])
def race_site(request: pytest.FixtureRequest, make_site: SiteFactory) -> Site:
    if request.param == "postgresql":
        return make_site(database_url=request.getfixturevalue("postgres_url"))
    return make_site()


def test_twenty_players_accepting_one_seek_at_once_through_api_and_pages_start_one_game(
    race_site: Site,
) -> None:
    site = race_site
    owner = site.player("Race Owner")
    seek_id = site.http.post("/api/v1/seeks", {}, token=owner).json["seek_id"]
    api_takers = [site.player(f"Api {n}") for n in range(TAKERS // 2)]
    page_takers = []
    for n in range(TAKERS // 2):
        browser = Browser(site.http)
        browser.cookies[PLAYER_COOKIE] = site.player(f"Page {n}")
        drawn = browser.get("/lobby")
        assert seek_id in drawn.text, "every taker sees the seek"
        page_takers.append((browser, hidden_fields(drawn.text)))
    start = threading.Barrier(TAKERS)

    def by_api(token: str) -> Answer:
        start.wait()
        return site.http.post(f"/api/v1/seeks/{seek_id}/accept", token=token)

    def by_page(taker: tuple[Browser, dict[str, str]]) -> Answer:
        browser, fields = taker
        start.wait()
        return browser.post_form("/lobby/accept", {**fields, "seek": seek_id})

    with ThreadPoolExecutor(TAKERS) as pool:
        api = [pool.submit(by_api, token) for token in api_takers]
        pages = [pool.submit(by_page, taker) for taker in page_takers]
        api_answers = [one.result() for one in api]
        page_answers = [one.result() for one in pages]

    won = [one for one in api_answers if one.status == 201]
    won += [one for one in page_answers if one.status == 303]
    assert len(won) == 1, [one.status for one in api_answers + page_answers]
    api_gone = [one for one in api_answers if one.status == 409]
    page_gone = [one for one in page_answers if one.status == 409]
    assert len(api_gone) + len(page_gone) == TAKERS - 1
    assert all(one.error["code"] == "seek_gone" for one in api_gone)
    assert all(GONE in one.text for one in page_gone)
    games = site.http.get("/api/v1/games", token=owner).json["games"]
    assert len(games) == 1 and games[0]["status"] == "playing", games
    listed = site.http.get("/api/v1/seeks", token=api_takers[0]).json["seeks"]
    assert seek_id not in {one["seek_id"] for one in listed}
