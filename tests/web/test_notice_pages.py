"""Asking for turn notices from the page (issue 17, item 7): a subscription posted as the page's
script posts it, an address confirmed by the link of the mail sent to it before anything else
goes there, the never-mail list and the daily limits, switching each off; the page in Debian's
Chromium (service worker, CSP, axe); the VAPID key kept private."""

from __future__ import annotations

import base64
from collections.abc import Iterator
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser as PlaywrightBrowser

from adapters.sql.consent import SqlConsent
from adapters.sql.notices import SqlNotices
from adapters.web.notices.push_services import PushServices
from adapters.web.notices.vapid import application_server_key, vapid_key
from tests.email.smtp_sink import SmtpSink
from tests.web.client import Browser, hidden_fields
from tests.web.notices_world import (
    BEN_MAIL,
    START,
    World,
    ask_mail,
    confirm,
    game_of,
    move,
    notice_mails,
    play_until_turn_of,
    running,
    subscribe,
)
from tests.web.test_pages import start_friendly


@pytest.fixture
def world(tmp_path: Path, smtp_sink: SmtpSink) -> Iterator[World]:
    yield from running(tmp_path, smtp_sink)


def test_no_mail_goes_to_an_address_before_its_link_is_used(world: World) -> None:
    _, ben, ana_page, ben_page = start_friendly(world.site)
    game_id, _ = game_of(world, ana_page)
    _, ben_id = game_of(world, ben_page)
    assert ask_mail(ben, ben_page, BEN_MAIL) == 303
    for _ in range(2):
        play_until_turn_of(world, game_id, ben_id)
        world.worker().run_once()
        move(world, game_id)
    assert [mail.text() for mail in world.sink.to(BEN_MAIL)][1:] == []  # the confirmation only
    assert 'id="mail-state"' in ben.get(ben_page).text


def test_an_address_on_the_never_mail_list_gets_no_confirmation(world: World) -> None:
    _, ben, _, ben_page = start_friendly(world.site)
    SqlConsent(world.site.wiring.engine, world.site.wiring.secret).stop(BEN_MAIL, START)
    assert ask_mail(ben, ben_page, BEN_MAIL) == 403
    assert ask_mail(ben, ben_page, "not an address") == 400
    assert world.sink.to(BEN_MAIL) == []


def test_confirmation_mails_are_limited(world: World) -> None:
    _, ben, _, ben_page = start_friendly(world.site)
    statuses = [ask_mail(ben, ben_page, f"ben{i}@example.org") for i in range(4)]
    assert statuses == [303, 303, 303, 429]


def test_each_notice_can_be_switched_off(world: World) -> None:
    ana, ben, ana_page, ben_page = start_friendly(world.site)
    game_id, ana_id = game_of(world, ana_page)
    _, ben_id = game_of(world, ben_page)
    subscribe(world, ana, ana_page)
    assert ask_mail(ben, ben_page, BEN_MAIL) == 303
    confirm(world, world.sink.wait_for(1)[0])
    assert "Turn notices go by mail to ben@example.org" in ben.get(ben_page).text
    for browser, page in ((ana, ana_page), (ben, ben_page)):
        fields = hidden_fields(browser.get(page).text)
        off = "push/off" if browser is ana else "mail/off"
        assert browser.post_form(f"{page}/notices/{off}", fields).status == 303
    for player in (ana_id, ben_id):
        play_until_turn_of(world, game_id, player)
        world.worker().run_once()
    assert world.push.received == [] and notice_mails(world) == []


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_the_page_registers_its_service_worker_and_asks_for_mail_in_chromium(
    world: World, browser: PlaywrightBrowser, artifacts: Path, size: tuple[int, int]
) -> None:
    """Debian's Chromium: the service worker registers with the whole site as its scope under
    the strict CSP, the notices section fits the phone and passes axe, and the mail form sends
    the confirmation.  (Subscribing needs the browser's own push service, which a headless
    Chromium without network has not: the server side of that is the HTTP tests above.)"""
    _, _, ana_page, _ = start_friendly(world.site)
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    refused: list[str] = []
    page.on("console", lambda message: refused.append(message.text))
    try:
        page.goto(world.site.url + ana_page)
        page.locator("#notices").evaluate("d => d.open = true")
        scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
        assert scope == world.site.url + "/"
        assert page.locator("#push-subscribe").is_visible()
        # The section itself never overflows (the page's own width is item 1's layout work).
        page.locator("#notices").screenshot(path=artifacts / f"notices-{width}.png")
        overflow = page.locator("#notices").evaluate("d => d.scrollWidth - d.clientWidth")
        assert overflow <= 0
        violations = Axe().run(page).response["violations"]
        assert [v["id"] for v in violations if v.get("impact") in ("serious", "critical")] == []
        page.fill("#mail-address", "ana@example.org")
        with page.expect_navigation():
            page.click("#mail-on")
        assert "ana@example.org" in page.locator("#mail-state").inner_text()
        assert len(world.sink.wait_for(1)) == 1
        assert not [text for text in refused if "Content Security Policy" in text], refused
    finally:
        context.close()


def test_the_vapid_key_is_made_once_private_or_read_from_its_file(tmp_path: Path) -> None:
    data = tmp_path / "data"
    made = application_server_key(vapid_key(data))
    assert (data / "vapid.pem").stat().st_mode & 0o777 == 0o600
    assert application_server_key(vapid_key(data)) == made  # kept across restarts
    assert len(base64.urlsafe_b64decode(made + "=")) == 65  # an uncompressed P-256 point
    elsewhere = tmp_path / "shared.pem"
    elsewhere.write_bytes((data / "vapid.pem").read_bytes())
    assert application_server_key(vapid_key(tmp_path / "other", elsewhere)) == made
    assert not (tmp_path / "other").exists()


def test_a_subscription_must_be_one_the_worker_may_post_to_and_encrypt_for(world: World) -> None:
    ana, _, ana_page, _ = start_friendly(world.site)
    _, ana_id = game_of(world, ana_page)
    csrf = hidden_fields(ana.get(ana_page).text)["csrf_token"]
    good = world.push.subscription()
    bad = (
        {**good, "p256dh": good["auth"]},  # not a public key
        {**good, "auth": "c2hvcnQ"},  # not 16 bytes
        {**good, "endpoint": "http://10.0.0.1/inside"},  # not a push service's address
    )
    for fields in bad:
        answer = ana.post_form(f"{ana_page}/notices/push", {"csrf_token": csrf, **fields})
        assert answer.status == 400, fields
    assert ana.post_form(f"{ana_page}/notices/push", good).status == 400  # no CSRF token
    assert Browser(world.site.http).post_form("/p/forged/notices/push", good).status == 404
    assert SqlNotices(world.site.wiring.engine).subscriptions(ana_id) == []
    production = PushServices()
    assert production.accepts("https://fcm.googleapis.com/fcm/send/x")
    assert not production.accepts("http://fcm.googleapis.com/fcm/send/x")


def test_a_mail_server_that_is_away_is_said_so(world: World) -> None:
    _, ben, _, ben_page = start_friendly(world.site)
    sink = world.sink
    sink.stop()
    try:
        assert ask_mail(ben, ben_page, BEN_MAIL) == 503
    finally:  # a stopped controller cannot start again: a new one, for the fixture to stop
        sink.controller = Controller(sink.controller.handler, hostname="127.0.0.1", port=sink.port)
        sink.start()
    assert sink.to(BEN_MAIL) == []
