"""The lobby page, ``/lobby``, as a browser without scripts uses it (issue 36): a visitor gives a
name and publishes a seek (and is remembered, as on the home page), another accepts it with one
press and lands on their game's page, a third hears it is gone; a seek is withdrawn and a wait
left from the page; a refused form changes nothing; a private player is "a player"."""

from __future__ import annotations

import re

from adapters.web.security import PLAYER_COOKIE
from tests.web.client import Browser, hidden_fields
from tests.web.conftest import Site

PRIVATE = "Ottoline Vance"


def drawn(browser: Browser, path: str = "/lobby") -> tuple[str, dict[str, str]]:
    answer = browser.get(path)
    assert answer.status == 200, answer.text[:300]
    return answer.text, hidden_fields(answer.text)


def seek_ids(html: str) -> list[str]:
    return re.findall(r'<button name="seek" value="([0-9a-f]+)" class="accept"', html)


def own_ids(html: str) -> list[str]:
    return re.findall(r'<button name="seek" value="([0-9a-f]+)" formaction', html)


def test_a_visitor_publishes_a_seek_and_another_accepts_it_with_one_press(site: Site) -> None:
    ana, ben, cy = Browser(site.http), Browser(site.http), Browser(site.http)
    html, fields = drawn(ana)
    assert 'name="name"' in html and 'href="/#recover"' in html  # the way to an identity
    form = {**fields, "name": "Page Ana", "do": "seek", "deals": "2", "time": "2d"}
    published = ana.post_form("/lobby", form | {"lowest": "", "highest": "2400", "days": "3"})
    assert published.status == 200, published.text[:500]
    assert 'id="said"' in published.text and ana.cookies, "remembered as a web player"
    mine = own_ids(published.text)
    assert len(mine) == 1
    seek_id = mine[0]

    html, ben_fields = drawn(ben)
    assert seek_id in seek_ids(html) and "a player" in html and "2 days a move" in html
    assert "Page Ana" not in html, "a new web player is private"
    accepted = ben.post_form("/lobby/accept", {**ben_fields, "name": "Page Ben", "seek": seek_id})
    assert accepted.status == 303, accepted.text[:500]
    game_page = accepted.headers["location"]
    assert "/p/" in game_page and ben.cookies
    table = ben.get(site.path(game_page) if game_page.startswith("http") else game_page)
    assert table.status == 200 and 'id="table"' in table.text

    html, fields = drawn(cy)
    late = cy.post_form("/lobby/accept", {**fields, "name": "Page Cy", "seek": seek_id})
    assert late.status == 409 and "This seek is gone" in late.text
    assert seek_id not in seek_ids(drawn(cy)[0])
    again = ben.post_form("/lobby/accept", {**ben_fields, "seek": seek_id})  # pressed again
    assert again.status == 303 and again.headers["location"] == game_page


def test_a_seek_is_withdrawn_and_a_wait_left_from_the_page(site: Site) -> None:
    ana = Browser(site.http)
    token = site.player("Page Withdrawer")
    ana.cookies[PLAYER_COOKIE] = token
    _, fields = drawn(ana)
    published = ana.post_form("/lobby", {**fields, "do": "seek"})
    seek_id = own_ids(published.text)[0]
    twice = ana.post_form("/lobby", {**fields, "do": "seek"})  # the same form posted again
    assert own_ids(twice.text).count(seek_id) == 1 and len(own_ids(twice.text)) == 1
    _, fields = drawn(ana)
    withdrawn = ana.post_form("/lobby/withdraw", {**fields, "seek": seek_id})
    assert withdrawn.status == 200 and own_ids(withdrawn.text) == []
    _, fields = drawn(ana)
    waiting = ana.post_form("/lobby", {**fields, "do": "pair", "time": "1d"})
    assert waiting.status == 200 and 'id="unpair"' in waiting.text
    assert 'id="wait-poll"' in waiting.text and "lobby.js" in waiting.text
    assert ana.get("/lobby/waiting").json == {"waiting": True, "game": None}
    _, fields = drawn(ana)
    left = ana.post_form("/lobby/unpair", {**fields})
    assert left.status == 200 and 'id="unpair"' not in left.text
    assert ana.get("/lobby/waiting").json["waiting"] is False


def test_a_refused_form_changes_nothing_and_makes_no_player(site: Site) -> None:
    visitor = Browser(site.http)
    _, fields = drawn(visitor)
    for wrong in ({"lowest": "1800", "highest": "1400"}, {"reliable": "120"}, {"days": "99"}):
        answer = visitor.post_form("/lobby", {**fields, "name": "Nobody", "do": "seek", **wrong})
        assert answer.status in (400, 422), (wrong, answer.status)
        assert 'id="error"' in answer.text and PLAYER_COOKIE not in visitor.cookies, wrong
    assert visitor.post_form("/lobby", {**fields, "do": "dance"}).status == 400
    assert visitor.post_form("/lobby/unpair", fields).status == 403
    assert visitor.post_form("/lobby", {"do": "seek"}).status == 400  # no CSRF token


def test_a_private_players_name_is_not_on_the_lobby_page(site: Site) -> None:
    private = site.player(PRIVATE)
    me = site.parts.capabilities.read_player(private)
    seek_id = site.http.post("/api/v1/seeks", {}, token=private).json["seek_id"]
    looker, anonymous = Browser(site.http), Browser(site.http)
    looker.cookies[PLAYER_COOKIE] = site.player("Looker")
    for browser in (looker, anonymous):
        html, _ = drawn(browser)
        assert seek_id in seek_ids(html) and "a player" in html
        assert PRIVATE not in html and me not in html


def test_the_home_page_leads_to_the_lobby(site: Site) -> None:
    browser = Browser(site.http)
    browser.cookies[PLAYER_COOKIE] = site.player("Homebody")
    site.http.post("/api/v1/games", {"opponent": "easy"}, token=browser.cookies[PLAYER_COOKIE])
    home = browser.get("/").text
    assert 'id="lobby-link"' in home and 'id="games-lobby"' in home
