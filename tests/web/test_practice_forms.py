"""The landing page's Practice deal and No thanks forms as a stranger would use them (issue 38):
each acts for the browser's own player only (its cookie; a page link alone is no player), needs
the form's CSRF token as every page form does, and a browser without a player becomes one
within the new players' limit per client, as the new-game form does."""

from __future__ import annotations

from adapters.web.security import PLAYER_COOKIE
from tests.web.client import Browser, hidden_fields
from tests.web.conftest import SiteFactory


def landing_fields(browser: Browser) -> dict[str, str]:
    page = browser.get("/")
    assert 'id="practice"' in page.text
    return hidden_fields(page.text)


def test_no_thanks_from_new_browsers_beyond_the_rate_registers_nobody(
    make_site: SiteFactory,
) -> None:
    site = make_site(invitations_per_hour=2)
    for _ in range(2):
        browser = Browser(site.http)
        answer = browser.post_form("/practice/skip", landing_fields(browser))
        assert answer.status == 303 and PLAYER_COOKIE in browser.cookies
    browser = Browser(site.http)
    answer = browser.post_form("/practice/skip", landing_fields(browser))
    assert answer.status == 429
    assert PLAYER_COOKIE not in browser.cookies
    assert 'id="practice"' in browser.get("/").text  # still offered: nothing was declined


def test_the_forms_need_their_csrf_token(make_site: SiteFactory) -> None:
    site = make_site()
    browser = Browser(site.http)
    fields = landing_fields(browser)
    for path in ("/practice", "/practice/skip"):
        forged = {**fields, "csrf_token": "forged"}
        assert browser.post_form(path, forged).status == 400
        without = {name: value for name, value in fields.items() if name != "csrf_token"}
        assert browser.post_form(path, without).status == 400
    assert PLAYER_COOKIE not in browser.cookies


def test_a_leaked_page_link_does_not_decline_for_its_owner(make_site: SiteFactory) -> None:
    site = make_site()
    owner = Browser(site.http)
    started = owner.post_form("/practice", {**landing_fields(owner), "name": "Owner"})
    assert started.status == 303
    link = started.headers["location"]
    player = site.parts.capabilities.read_player(owner.cookies[PLAYER_COOKIE])
    stranger = Browser(site.http)
    assert stranger.get(site.path(link) if link.startswith("http") else link).status == 200
    assert stranger.post_form("/practice/skip", landing_fields(stranger)).status == 303
    assert stranger.cookies[PLAYER_COOKIE] != owner.cookies[PLAYER_COOKIE]
    assert not site.wiring.directory.profile(player).practice_skipped
