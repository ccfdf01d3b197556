"""The page's Hint button (issue 38): shown on a casual game against the bot at the player's
decision, answered in place with the hard bot's move; never on a game between people."""

from __future__ import annotations

import re

from tests.web.client import Browser, hidden_fields
from tests.web.conftest import Site
from tests.web.test_pages import landing_form, page_path, start_friendly


def hint_form(page: str) -> dict[str, str]:
    found = re.search(r'<form method="post" action="[^"]+" class="hint">(.*?)</form>', page, re.S)
    assert found, "no Hint button"
    return {**hidden_fields(found.group(1)), "command": "hint"}


def test_the_hint_button_answers_in_place_in_a_casual_bot_game(site: Site) -> None:
    browser = Browser(site.http)
    opened = browser.post_form(
        "/games", {**landing_form(browser), "name": "Ana", "opponent": "greedy"}
    )
    path = page_path(opened)
    page = browser.get(path).text
    assert 'id="hint"' in page

    answered = browser.post_form(path, hint_form(page))

    assert answered.status == 200, answered.text
    assert "The hard bot would play: " in answered.text


def test_no_hint_button_in_a_game_between_people(site: Site) -> None:
    host, guest, host_page, guest_page = start_friendly(site)
    for browser, path in ((host, host_page), (guest, guest_page)):
        assert 'id="hint"' not in browser.get(path).text
