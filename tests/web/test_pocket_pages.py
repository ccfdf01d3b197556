"""The player's pages as a browser without scripts sees them: each defect of issue 17 that the
markup alone shows — answers to queries thrown away, resigning without a question, only the
last eight events told, a flat end, a list of bare game ids, an anonymous invitation, a dead pile
drawn in unreadable rows — has its test here."""

from __future__ import annotations

import re

from tests.web.client import Browser, hidden_fields
from tests.web.conftest import Site
from tests.web.test_pages import landing_form, page_path, start_friendly


def test_a_query_typed_in_the_command_box_is_answered_in_place(site: Site) -> None:
    host, _, host_page, _ = start_friendly(site)
    html = host.get(host_page).text
    queries = (
        ("help", "Commands (any case"),
        ("hand", "Your hand:"),
        ("settings", "Time zone:"),
        ("auto", "You have no standing instructions here"),
    )
    for query, answer in queries:
        shown = host.post_form(host_page, {**hidden_fields(html), "command": query})
        assert shown.status == 200, shown.text[:300]
        found = re.search(r'id="answer" role="status"[^>]*>(.*?)</(?:pre|p)>', shown.text, re.S)
        assert found and answer in found.group(1), query
        assert 'id="table"' in shown.text, "the table stays under the answer"


def test_resigning_asks_first_and_a_yes_ends_the_match_from_each_side(site: Site) -> None:
    host, guest, host_page, guest_page = start_friendly(site)
    html = host.get(host_page).text
    asked = host.post_form(host_page, {**hidden_fields(html), "command": "resign"})
    assert asked.status == 200 and 'id="confirm-resign"' in asked.text
    assert "The match is over." not in host.get(host_page).text, "nothing happened yet"
    confirmed = host.post_form(
        host_page, {**hidden_fields(asked.text), "command": "resign", "confirm": "yes"}
    )
    assert confirmed.status == 303
    lost, won = host.get(host_page).text, guest.get(guest_page).text
    assert '<h1 id="headline">Ben wins the match: you resigned.</h1>' in lost
    assert '<h1 id="headline">You win the match: Ana resigned.</h1>' in won
    for page in (lost, won):
        assert 'id="rematch"' in page and 'id="new-game"' in page


def test_the_page_tells_the_whole_history_and_wraps_the_commitment(site: Site) -> None:
    browser = Browser(site.http)
    opened = browser.post_form(
        "/games", {**landing_form(browser), "name": "Ana", "opponent": "easy"}
    )
    page = page_path(opened)
    html = browser.get(page).text
    for _ in range(6):  # pass until the history is longer than the old eight lines
        if "pass" not in re.findall(r'name="command" value="([^"]+)"', html):
            break
        browser.post_form(page, {**hidden_fields(html), "command": "pass"})
        html = browser.get(page).text
    news = re.search(r'<ol id="news"[^>]*>(.*?)</ol>', html, re.S)
    assert news
    lines = re.findall(r"<li>", news.group(1))
    assert len(lines) > 8
    assert "You open the game" in news.group(1), "the history starts at the beginning"


def test_the_game_list_names_the_opponent_and_the_result(site: Site) -> None:
    host, guest, host_page, _ = start_friendly(site)
    html = host.get(host_page).text
    asked = host.post_form(host_page, {**hidden_fields(html), "command": "resign"})
    host.post_form(host_page, {**hidden_fields(asked.text), "command": "resign", "confirm": "yes"})
    listed = guest.get("/").text
    row = re.search(r'<tr id="game-[^"]+">(.*?)</tr>', listed, re.S)
    assert row, listed
    assert ">Ana</th>" in row.group(1)
    assert "You won the match." in row.group(1)
    assert re.search(r"\d{4}-\d\d-\d\d", row.group(1)), "the date"


def test_the_join_page_names_the_inviter_the_rules_and_the_time(site: Site) -> None:
    host, guest = Browser(site.http), Browser(site.http)
    fields = {**landing_form(host), "name": "Ana", "opponent": "friend"}
    opened = host.post_form(
        "/games", {**fields, "deals": "3", "time": "2d", "flag-forcing": "disabled"}
    )
    waiting = host.get(page_path(opened)).text
    assert '<label for="invitation">' in waiting
    link = re.search(r'id="invitation" class="link" readonly value="([^"]+)"', waiting)
    assert link
    offer = guest.get(site.path(link.group(1))).text
    assert "Ana invites you to a game of Conquian" in offer
    assert '<dd id="per-move">2 days</dd>' in offer and "<dd>3</dd>" in offer
    assert "<code>forcing=disabled</code>" in offer


def test_the_dead_pile_is_laid_out_in_one_wrapping_row_of_whole_cards(site: Site) -> None:
    from tests.web.test_browser import finished_game

    game_id = finished_game(site)
    last = site.http.get(f"/games/{game_id}/replay?step=1000").text
    dead = re.search(r'<div class="pile dead" id="dead" data-count="(\d+)">(.*?)</div>', last)
    assert dead, "the dead pile is drawn"
    assert dead.group(2).count('class="rank"') == int(dead.group(1))
    assert "transform" not in dead.group(2), "no cards drawn over each other's ranks"


def test_every_face_up_card_is_named_to_a_screen_reader(site: Site) -> None:
    browser = Browser(site.http)
    opened = browser.post_form(
        "/games", {**landing_form(browser), "name": "Ana", "opponent": "easy"}
    )
    html = browser.get(page_path(opened)).text
    assert 'role="img" aria-label="The card table"' not in html, "no picture hiding the cards"
    cards = re.findall(r"<(?:span|button)[^>]*data-card=\"(\w+)\"[^>]*>", html)
    named = re.findall(r"<(?:span|button)[^>]*data-card=\"\w+\"[^>]*aria-label=\"[^\"]+\"", html)
    assert len(cards) >= 10 and len(named) == len(cards)
    assert '<section class="position" id="words"' in html, "the table in words"


def test_the_replay_names_the_players_not_their_ids(site: Site) -> None:
    from tests.web.test_browser import finished_game

    game_id = finished_game(site)
    page = site.http.get(f"/games/{game_id}/replay?step=3").text
    shown = re.sub(r"<[^>]+>", " ", page)
    assert "the medium bot" in shown  # a bot is named
    # a private player is a seat to the public, never their name (issue 31)
    assert "Replayer" not in shown and "player 1" in shown.lower()
    assert re.findall(r"\bp[0-9a-f]{16}\b", shown) == [], "no player's id on show"


def test_rematch_against_the_bot_opens_the_new_game(site: Site) -> None:
    browser = Browser(site.http)
    opened = browser.post_form(
        "/games", {**landing_form(browser), "name": "Ana", "opponent": "easy"}
    )
    page = page_path(opened)
    html = browser.get(page).text
    asked = browser.post_form(page, {**hidden_fields(html), "command": "resign"})
    browser.post_form(page, {**hidden_fields(asked.text), "command": "resign", "confirm": "yes"})
    ended = browser.get(page).text
    again = browser.post_form(page + "/rematch", hidden_fields(ended))
    assert again.status == 303
    fresh = browser.get(page_path(again)).text
    assert page_path(again) != page and 'id="table"' in fresh and 'id="headline"' not in fresh
