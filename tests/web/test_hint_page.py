"""The page's Hint button (issue 38): shown on a casual game against the bot at the player's
decision, answered in place with the hard bot's move; never on a game between people."""

from __future__ import annotations

import re

from service.game.events import GameId
from service.ports.reviews import ReviewStep
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


def test_the_replay_shows_the_readers_own_marks_beside_their_steps(site: Site) -> None:
    browser = Browser(site.http)
    opened = browser.post_form(
        "/games", {**landing_form(browser), "name": "Ana", "opponent": "greedy"}
    )
    path = page_path(opened)
    found = re.search(r"Game ([0-9a-f]+) ·", browser.get(path).text)
    assert found
    service, game_id = site.wiring.service, GameId(found.group(1))
    player = service.game(game_id).players[0]
    assert player is not None
    service.resign(game_id, player)
    seq = service.game(game_id).version - 2
    step = ReviewStep(seq, "pass", "take KH KD discard 4H", 40, True)
    service.reviewing.reviews.record(10**9, game_id, {player: (step,)})  # as the worker keeps it

    own = browser.get(f"{path}/replay?step={seq}").text
    public = Browser(site.http).get(f"/games/{game_id}/replay?step={seq}").text

    assert 'id="review-mark"' in own and "better was take K♥ K♦ discard 4♥" not in own
    assert "better was take KH KD discard 4H" in own
    assert 'id="review-mark"' not in public and "better was" not in public
