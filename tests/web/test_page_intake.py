"""A player's page goes through the one intake (issue 32): a form posted twice — a double click,
a reload that posts again, a replayed POST — is applied once and answered as the first time, on
SQLite and PostgreSQL.  Before, a move posted twice was answered "Your opponent moved first"
(409) the second time."""

from __future__ import annotations

import re

import pytest

from tests.web.client import Browser, hidden_fields
from tests.web.conftest import Site, SiteFactory
from tests.web.test_no_leaks import read_page
from tests.web.test_pages import landing_form, page_path, start_friendly


@pytest.fixture(params=["sqlite", "postgresql"])
def any_site(request: pytest.FixtureRequest, make_site: SiteFactory) -> Site:
    if request.param == "sqlite":
        return make_site()
    return make_site(database_url=request.getfixturevalue("postgres_url"))


def _opened(site: Site, opponent: str) -> tuple[Browser, str]:
    """A browser and the page of the game it opened against ``opponent``."""
    browser = Browser(site.http)
    fields = {**landing_form(browser), "name": "Ana", "opponent": opponent}
    return browser, page_path(browser.post_form("/games", fields))


def _bot_game(site: Site) -> tuple[Browser, str, str]:
    """A browser, its page and its game's id, against the greedy bot."""
    browser, path = _opened(site, "greedy")
    game_id = re.search(r"Game ([0-9a-f]+) ·", browser.get(path).text)
    assert game_id
    return browser, path, game_id.group(1)


def test_a_move_form_posted_twice_moves_once_and_is_answered_the_same(any_site: Site) -> None:
    browser, path, game_id = _bot_game(any_site)
    page = browser.get(path)
    shown = read_page(page.text)
    assert shown.buttons, page.text
    form = {**hidden_fields(page.text), "command": shown.buttons[0]}
    first = browser.post_form(path, form)
    moved = any_site.events(game_id)
    again = browser.post_form(path, form)
    assert (first.status, again.status) == (303, 303), again.text
    assert again.headers["location"] == first.headers["location"]
    assert any_site.events(game_id) == moved, "the second post moved nothing"


def test_a_look_posted_twice_is_answered_twice_and_changes_nothing(any_site: Site) -> None:
    browser, path, game_id = _bot_game(any_site)
    form = {**hidden_fields(browser.get(path).text), "command": "hand"}
    before = any_site.events(game_id)
    first, again = browser.post_form(path, form), browser.post_form(path, form)
    assert first.status == again.status == 200
    answer = re.search(r'<pre id="answer" role="status">(.*?)</pre>', again.text, re.S)
    assert answer and answer.group(0) in first.text
    assert any_site.events(game_id) == before


def test_settings_changed_back_and_forth_on_one_version_are_each_applied(site: Site) -> None:
    browser, path, _ = _bot_game(site)
    form = hidden_fields(browser.get(path).text)
    for language in ("es", "en", "es"):
        answer = browser.post_form(path, {**form, "command": f"lang {language}"})
        assert answer.status == 200, answer.text
    assert 'lang="es"' in browser.get(path).text, "the third change was applied, not replayed"


def test_a_rematch_posted_twice_starts_one_game(any_site: Site) -> None:
    browser, path, _ = _bot_game(any_site)
    form = hidden_fields(browser.get(path).text)
    resigned = browser.post_form(path, {**form, "command": "resign", "confirm": "yes"})
    assert resigned.status == 303, resigned.text
    ending = browser.get(path)
    assert 'id="rematch"' in ending.text
    rematch = hidden_fields(ending.text.split('action="' + path + '/rematch"', 1)[1])
    first = browser.post_form(path + "/rematch", rematch)
    again = browser.post_form(path + "/rematch", rematch)
    assert (first.status, again.status) == (303, 303), again.text
    assert again.headers["location"] == first.headers["location"], "the same new game"


def test_a_rematch_offered_twice_to_a_person_is_one_offer(site: Site) -> None:
    host, _, host_page, _ = start_friendly(site)
    form = hidden_fields(host.get(host_page).text)
    assert host.post_form(host_page, {**form, "command": "resign", "confirm": "yes"}).status == 303
    ending = host.get(host_page).text
    rematch = hidden_fields(ending.split('action="' + host_page + '/rematch"', 1)[1])
    first = host.post_form(host_page + "/rematch", rematch)
    again = host.post_form(host_page + "/rematch", rematch)
    assert first.status == again.status == 200, again.text
    offered = "Rematch offered: it begins when your opponent accepts."
    assert offered in first.text and offered in again.text


def test_calling_off_twice_is_answered_the_same(any_site: Site) -> None:
    browser, path = _opened(any_site, "friend")
    waiting = browser.get(path).text
    form = hidden_fields(waiting.split('action="' + path + '/cancel"', 1)[1])
    first = browser.post_form(path + "/cancel", form)
    again = browser.post_form(path + "/cancel", form)
    assert (first.status, again.status) == (303, 303)
    assert 'id="called-off"' in browser.get(path).text
