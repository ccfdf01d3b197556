"""The pages people open, as a browser without scripts uses them, over real HTTP.

The landing page opens games (against a bot, or a friend by an invitation link), a player's page
shows their table and takes their moves from buttons and the command box, and a page that shows a
hand is never cached.  A bad form, a stale one or an illegal command changes nothing.
"""

from __future__ import annotations

import re

import pytest

from tests.web.client import Answer, Browser, hidden_fields
from tests.web.conftest import Site, SiteFactory
from tests.web.test_no_leaks import read_page


def landing_form(browser: Browser) -> dict[str, str]:
    landing = browser.get("/")
    assert landing.status == 200
    return hidden_fields(landing.text)


def page_path(answer: Answer) -> str:
    location = answer.headers["location"]
    return "/" + location.split("//", 1)[1].split("/", 1)[1]


def start_friendly(site: Site) -> tuple[Browser, Browser, str, str]:
    """Two browsers, the host's page and the guest's, of a game that has begun."""
    host, guest, host_page, guest_page, _ = start_friendly_by(site)
    return host, guest, host_page, guest_page


def start_friendly_by(site: Site) -> tuple[Browser, Browser, str, str, str]:
    """The same, and the path of the invitation that was used."""
    host, guest = Browser(site.http), Browser(site.http)
    fields = landing_form(host)
    opened = host.post_form("/games", {**fields, "name": "Ana", "opponent": "friend"})
    host_page = page_path(opened)
    waiting = host.get(host_page)
    invitation = re.search(r'id="invitation" class="link" readonly value="([^"]+)"', waiting.text)
    assert invitation, waiting.text
    join_path = site.path(invitation.group(1))
    offer = guest.get(join_path)
    assert offer.status == 200 and "Ana invites you to a game" in offer.text
    joined = guest.post_form(join_path, {**hidden_fields(offer.text), "name": "Ben"})
    assert joined.status == 303, joined.text
    return host, guest, host_page, page_path(joined), join_path


def test_the_landing_page_answers_with_a_form_and_a_csrf_cookie(site: Site) -> None:
    answer = site.http.get("/")
    assert answer.status == 200
    assert "conquian_csrf" in answer.cookies
    assert hidden_fields(answer.text)["csrf_token"]
    assert answer.headers["content-security-policy"].startswith("default-src 'none'")


def test_a_game_against_the_bot_opens_on_the_players_page(site: Site) -> None:
    browser = Browser(site.http)
    fields = landing_form(browser)
    answer = browser.post_form("/games", {**fields, "name": "Ana", "opponent": "greedy"})
    assert answer.status == 303
    page = browser.get(page_path(answer))
    assert page.status == 200
    assert page.headers["cache-control"] == "private, no-store"
    shown = read_page(page.text)
    assert len(shown.drawn) >= 10, "my hand is drawn face up"
    bots_hand = page.text.split('id="hand-2"', 1)[1].split('id="table-2"', 1)[0]
    count = re.match(r' data-count="(\d+)"', bots_hand)
    assert count and int(count.group(1)) > 0  # fewer than ten if the bot has already laid down
    assert bots_hand.count('class="card back"') == int(count.group(1)), "face down"
    assert "data-card" not in bots_hand
    assert "conquian_player" in browser.cookies, "the browser is remembered as this player"
    listed = browser.get("/")
    assert 'id="games"' in listed.text and "open</a>" in listed.text


def test_a_form_without_its_csrf_token_is_refused(site: Site) -> None:
    browser = Browser(site.http)
    landing_form(browser)
    answer = browser.post_form("/games", {"name": "Mallory", "opponent": "greedy"})
    assert answer.status == 400
    forged = browser.post_form("/games", {"csrf_token": "x" * 22, "opponent": "greedy"})
    assert forged.status == 400
    other = Browser(site.http)  # a token of another browser's cookie does not do either
    fields = landing_form(other)
    assert browser.post_form("/games", {**fields, "opponent": "greedy"}).status == 400


def test_two_browsers_play_through_their_pages(site: Site) -> None:
    host, guest, host_page, guest_page = start_friendly(site)
    for _ in range(3):
        for browser, path in ((host, host_page), (guest, guest_page)):
            page = browser.get(path)
            shown = read_page(page.text)
            if not shown.buttons or 'id="moves"' not in page.text:
                continue
            fields = hidden_fields(page.text)
            version = int(fields["version"])
            moved = browser.post_form(path, {**fields, "command": shown.buttons[0]})
            assert moved.status == 303, moved.text
            after = hidden_fields(browser.get(path).text)
            assert int(after["version"]) > version


def test_a_stale_or_illegal_command_from_a_page_changes_nothing(site: Site) -> None:
    host, guest, host_page, guest_page = start_friendly(site)
    for browser, path in ((host, host_page), (guest, guest_page)):
        page = browser.get(path)
        if 'id="moves"' in page.text:
            break
    fields = hidden_fields(page.text)
    game_id = re.search(r"Game ([0-9a-f]+) ·", page.text)
    assert game_id
    before = site.events(game_id.group(1))
    illegal = browser.post_form(path, {**fields, "command": "take 9h discard 8s"})
    assert illegal.status == 422 and 'role="alert"' in illegal.text
    stale = browser.post_form(path, {**fields, "command": "pass", "version": "1"})
    assert stale.status == 409 and "moved first" in stale.text
    no_version = browser.post_form(path, {**fields, "command": "pass", "version": ""})
    assert no_version.status == 400
    assert site.events(game_id.group(1)) == before


def test_the_page_polls_only_the_version(site: Site) -> None:
    _, guest, _, guest_page = start_friendly(site)
    answer = guest.get(guest_page + "/version")
    assert answer.status == 200 and set(answer.json) == {"version", "status"}
    assert answer.headers["cache-control"] == "private, no-store"


def test_a_bad_or_foreign_link_shows_nothing(site: Site) -> None:
    _, _, host_page, _ = start_friendly(site)
    token = host_page.removeprefix("/p/")
    payload, mac = token.split(".")
    for path in (f"/p/{payload}.{mac[::-1]}", "/p/nothing", f"/p/{payload}", f"/p/{token}x"):
        answer = site.http.get(path)
        assert answer.status == 404, path
        assert "card" not in answer.text


def test_revoking_makes_old_links_useless_and_gives_a_new_one(site: Site) -> None:
    host, _, host_page, _ = start_friendly(site)
    page = host.get(host_page)
    revoked = host.post_form(host_page + "/revoke", hidden_fields(page.text))
    assert revoked.status == 303
    new_page = page_path(revoked)
    assert new_page != host_page
    assert site.http.get(host_page).status == 404
    assert host.get(new_page).status == 200
    assert 'id="games"' in host.get("/").text, "the browser's own key was renewed too"


def test_a_used_invitation_says_so_and_sends_its_players_to_their_table(site: Site) -> None:
    host, guest, host_page, guest_page, join_path = start_friendly_by(site)
    assert site.http.get("/join/nothing-like-it").status == 404
    used = Browser(site.http).get(join_path)
    assert used.status == 409 and "has been used" in used.text
    back = guest.get(join_path)
    assert (
        back.status == 200
        and site.path(
            re.search(r'id="your-page" href="([^"]+)"', back.text).group(1)  # type: ignore[union-attr]
        )
        == guest_page
    )
    assert "/join/" not in host.get(host_page).text, "a started game shows no invitation"


def test_the_host_calls_off_from_the_waiting_page_and_the_invitation_says_so(site: Site) -> None:
    host, guest = Browser(site.http), Browser(site.http)
    opened = host.post_form("/games", {**landing_form(host), "name": "Ana", "opponent": "friend"})
    host_page = page_path(opened)
    waiting = host.get(host_page)
    invitation = re.search(r'id="invitation" class="link" readonly value="([^"]+)"', waiting.text)
    assert invitation and 'id="cancel"' in waiting.text, waiting.text
    assert 'id="games"' in host.get("/").text
    join_path = site.path(invitation.group(1))

    called_off = host.post_form(f"{host_page}/cancel", hidden_fields(waiting.text))

    assert called_off.status == 303 and called_off.headers["location"].endswith(host_page)
    shown = host.get(host_page)
    assert 'id="called-off"' in shown.text and "/join/" not in shown.text
    offer = guest.get(join_path)
    assert offer.status == 410 and "withdrawn" in offer.text
    assert 'id="games"' not in host.get("/").text, "the landing page no longer lists the game"


def test_calling_off_a_game_that_began_shows_the_table_and_why(site: Site) -> None:
    host, _, host_page, _ = start_friendly(site)
    page = host.get(host_page)

    answer = host.post_form(f"{host_page}/cancel", hidden_fields(page.text))

    assert answer.status == 409 and "can no longer be called off" in answer.text
    assert 'id="moves"' in answer.text or 'id="options"' in answer.text


def test_a_channel_makes_a_working_page_link_for_its_own_player(site: Site) -> None:
    """What the Telegram and email channels do: a link for a player the web has never seen."""
    from adapters.web.capabilities import Capabilities
    from service.game.events import PlayerId
    from service.ports.directory import Address

    directory = site.wiring.directory
    player = directory.register("Tomás", Address("telegram", "4242"))
    game_id = site.wiring.service.open_game(player, opponent=PlayerId("bot:greedy"))
    links = Capabilities.from_settings(site.settings, directory)
    url = links.page_url(game_id, player)
    assert url.startswith(site.url + "/p/")
    page = site.http.get(site.path(url))
    assert page.status == 200 and "You · player 1" in page.text
    assert [a.channel for a in directory.addresses(player)] == ["telegram", "web"]
    assert links.page_url(game_id, player) == url, "the same link until it is revoked"


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_a_name_with_control_characters_is_shown_without_them(
    database: str, make_site: SiteFactory, request: pytest.FixtureRequest
) -> None:
    """PostgreSQL stores no NUL in text: a form's name with one was a 500 there."""
    url = request.getfixturevalue("postgres_url") if database == "postgresql" else None
    site = make_site(database_url=url) if url else make_site()
    browser = Browser(site.http)
    fields = landing_form(browser)
    answer = browser.post_form("/games", {**fields, "name": "An\x00a\x1b ", "opponent": "greedy"})
    assert answer.status == 303, answer.text
    page = browser.get(page_path(answer))
    assert page.status == 200 and "Ana" in page.text and "\x00" not in page.text
