"""Turn notices for web players (issue 17, item 7), end to end: a real web server, the worker
sending the outbox, the aiosmtpd SMTP server of the test suite and a local push endpoint that
decrypts what it is sent (RFC 8291).  A subscription is posted over HTTP as the page's script
posts it; an address is confirmed by the link of the mail sent to it before any notice goes
there.  A worker killed after sending but before the outbox recorded it, and started again,
tells each player once.  Quiet hours hold a notice; a browser the push service says is gone is
forgotten; each kind of notice can be switched off."""

from __future__ import annotations

import base64
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser as PlaywrightBrowser
from sqlalchemy import select

from adapters.bootstrap import build
from adapters.config import EmailSettings, MailServer, Settings, WebSettings, WorkerSettings
from adapters.email.smtp import SmtpTransport
from adapters.sql.consent import SqlConsent
from adapters.sql.notices import SqlNotices
from adapters.sql.tables import outbox
from adapters.web.app import create_app, parts_for
from adapters.web.server import web_server
from adapters.web.turn_notices import web_sender
from adapters.web.vapid import application_server_key, vapid_key
from adapters.worker import Worker
from service.bots.policies import greedy_bot
from service.game.events import GameId, PlayerId
from service.ports.memory_directory import ManualClock, SeededChance
from service.ports.protocols import Outbox
from service.words.prompts import action_text
from tests.email.smtp_sink import Received, SmtpSink
from tests.web.client import Browser, Http, hidden_fields
from tests.web.conftest import KEY, Site, free_port
from tests.web.push_endpoint import PushEndpoint
from tests.web.test_pages import start_friendly

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
SERVICE = "reply@conquian.test"
BEN_MAIL = "ben@example.org"
CARD = re.compile(r"\b(?:10|[A2-9TJQK])[CDHS♣♦♥♠]\b", re.IGNORECASE)
"""A card as any message writes one (``7C``, ``KS``): a notice holds none."""


@dataclass
class World:
    site: Site
    clock: ManualClock
    sink: SmtpSink
    push: PushEndpoint
    transport: SmtpTransport

    def worker(self, outbox: Outbox | None = None) -> Worker:
        """A worker process sending through the web channel (``outbox`` in place of the real)."""
        wiring = self.site.wiring
        parts = wiring if outbox is None else _Parts(wiring.service, wiring.directory, outbox)
        senders = {"web": web_sender(wiring, self.site.settings, self.transport)}
        return Worker(parts, self.site.settings, clock=self.clock, senders=senders)  # type: ignore[arg-type]


@dataclass(frozen=True)
class _Parts:
    service: Any
    directory: Any
    outbox: Outbox


class Killed(BaseException):
    """The worker process dies here (not an error the dispatcher records)."""


class DiesBeforeRecording:
    """The outbox of a worker that is killed after sending ``player``'s notice of the game as
    it stands (``game_id``), before the outbox records it delivered."""

    def __init__(self, real: Outbox, player: PlayerId, game_id: GameId, world: World) -> None:
        self.real, self.player, self.game_id, self.world = real, player, game_id, world

    def claim(self, now: datetime, limit: int, lease: timedelta) -> Any:
        return self.real.claim(now, limit, lease)

    def delivered(self, delivery_id: int, at: datetime) -> None:
        version = self.world.site.wiring.service.game(self.game_id).version
        if _row(self.world, delivery_id) == (self.player, version):
            raise Killed
        self.real.delivered(delivery_id, at)

    def retry(self, delivery_id: int, at: datetime, error: str) -> None:
        self.real.retry(delivery_id, at, error)

    def failed(self, delivery_id: int, error: str) -> None:
        self.real.failed(delivery_id, error)


def _row(world: World, delivery_id: int) -> tuple[str, int]:
    with world.site.wiring.engine.connect() as connection:
        query = select(outbox.c.player, outbox.c.to_seq).where(outbox.c.id == delivery_id)
        player, to_seq = connection.execute(query).one()
        return str(player), int(to_seq)


@pytest.fixture
def world(tmp_path: Path, smtp_sink: SmtpSink) -> Iterator[World]:
    clock = ManualClock(START)
    smtp = MailServer("127.0.0.1", smtp_sink.port, "none", timeout=5)
    email = EmailSettings(
        domain="conquian.test",
        token_keys="k1:0123456789abcdef0123456789abcdef",
        service_address=SERVICE,
        smtp=smtp,
        unsubscribe_url="https://conquian.test/unsubscribe",
    )
    port = free_port()
    web = WebSettings(port=port, keys=(KEY,), moves_per_minute=10**6, invitations_per_hour=10**6)
    settings = Settings(
        data_dir=tmp_path / "data", web=web, email=email, worker=WorkerSettings(batch_size=20)
    )
    wiring = build(settings, clock, SeededChance(5))
    transport = SmtpTransport(smtp)
    parts = parts_for(wiring, settings, mail=transport)
    assert parts.notices is not None
    # The test's push endpoint is plain http on this machine; a real one must be https.
    notices = replace(parts.notices, endpoint_ok=lambda url: url.startswith("http://127.0.0.1:"))
    parts = replace(parts, notices=notices)
    app = create_app(parts)
    server = web_server(app, web)
    site = Site(web.base_url, Http(web.base_url), wiring, settings, parts, server, app)
    push = PushEndpoint()
    try:
        yield World(site, clock, smtp_sink, push, transport)
    finally:
        push.close()
        server.stop()
        wiring.close()


def game_of(world: World, page: str) -> tuple[GameId, PlayerId]:
    grant = world.site.parts.capabilities.read_page(page.rsplit("/", 1)[1])
    return grant.game_id, grant.player


def move(world: World, game_id: GameId) -> PlayerId:
    """The player to act makes the greedy bot's move; who moved."""
    service = world.site.wiring.service
    game = service.game(game_id)
    player = game.to_act
    assert player is not None
    _, view = service.view(game_id, player)
    command = action_text(greedy_bot(view, random.Random(0)), view.variant.deck_faces)
    service.act(game_id, player, command, game.version)
    return player


def play_until_turn_of(world: World, game_id: GameId, player: PlayerId) -> None:
    service = world.site.wiring.service
    for _ in range(20):
        if service.game(game_id).to_act == player:
            return
        move(world, game_id)
    raise AssertionError("never the player's turn")


def subscribe(world: World, browser: Browser, page: str, path: str = "/push/browser-1") -> None:
    fields = hidden_fields(browser.get(page).text)
    answer = browser.post_form(
        f"{page}/notices/push",
        {"csrf_token": fields["csrf_token"], **world.push.subscription(path)},
    )
    assert answer.status == 204, answer.text


def ask_mail(browser: Browser, page: str, address: str) -> int:
    fields = hidden_fields(browser.get(page).text)
    answer = browser.post_form(
        f"{page}/notices/mail", {"csrf_token": fields["csrf_token"], "address": address}
    )
    return answer.status


def confirm(world: World, mail: Received) -> None:
    link = re.search(r"https?://\S+/notices/confirm/\S+", mail.text())
    assert link, mail.text()
    path = world.site.path(link.group(0))
    clicker = Browser(world.site.http)  # the mail is opened anywhere, not on the page's browser
    shown = clicker.get(path)
    assert shown.status == 200 and 'id="confirm"' in shown.text
    done = clicker.post_form(path, hidden_fields(shown.text))
    assert done.status == 200 and 'id="message"' in done.text, done.text


def notice_mails(world: World) -> list[Received]:
    return [mail for mail in world.sink.to(BEN_MAIL) if "/notices/confirm/" not in mail.text()]


def drained_through_a_restart(world: World, game_id: GameId, player: PlayerId) -> None:
    """A worker sends and is killed before recording ``player``'s notice; another is started
    after the claim's lease ran out, and sends what is left."""
    outbox = DiesBeforeRecording(world.site.wiring.outbox, player, game_id, world)
    dying = world.worker(outbox)
    with pytest.raises(Killed):
        dying.drain()
    world.clock.advance(seconds=world.site.settings.worker.lease.total_seconds() + 1)
    world.worker().run_once()


def test_web_players_are_told_by_push_and_mail_once_each_across_a_worker_restart(
    world: World,
) -> None:
    ana, ben, ana_page, ben_page = start_friendly(world.site)
    game_id, ana_id = game_of(world, ana_page)
    _, ben_id = game_of(world, ben_page)
    subscribe(world, ana, ana_page)
    assert ask_mail(ben, ben_page, BEN_MAIL) == 303
    (confirmation,) = world.sink.wait_for(1)
    assert "Ben" in confirmation.text()  # it says whose page asked
    world.worker().run_once()
    assert notice_mails(world) == [] or world.site.wiring.service.game(game_id).to_act == ben_id
    confirm(world, confirmation)
    world.worker().run_once()  # whatever the start told is sent; the counts start here
    pushes, mails = len(world.push.received), len(notice_mails(world))

    first = world.site.wiring.service.game(game_id).to_act
    second = ana_id if first == ben_id else ben_id
    for player in (second, first, second, first):
        play_until_turn_of(world, game_id, player)
        drained_through_a_restart(world, game_id, player)
        if player == ana_id:
            pushes += 1
        else:
            mails += 1
        assert len(world.push.wait_for(pushes)) == pushes
        assert len(notice_mails(world)) == mails

    payload = world.push.decrypt(world.push.received[-1])
    assert payload["game"] == game_id
    assert payload["title"] == "Your turn in the game with Ben."
    assert world.site.path(payload["url"]).startswith("/p/")
    assert game_of(world, world.site.path(payload["url"])) == (game_id, ana_id)
    assert not CARD.search(str(payload)), payload
    mail = notice_mails(world)[-1]
    assert mail.message["Subject"] == "Conquian: Your turn in the game with Ana."
    assert world.site.url + "/p/" in mail.text() and not CARD.search(mail.text()), mail.text()
    assert mail.message["List-Unsubscribe"]
    with world.site.wiring.engine.connect() as connection:
        statuses = {row.status for row in connection.execute(select(outbox.c.status))}
    assert statuses <= {"delivered", "superseded"}


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
    SqlConsent(world.site.wiring.engine).stop(BEN_MAIL, START)
    assert ask_mail(ben, ben_page, BEN_MAIL) == 403
    assert ask_mail(ben, ben_page, "not an address") == 400
    assert world.sink.to(BEN_MAIL) == []


def test_confirmation_mails_are_limited(world: World) -> None:
    _, ben, _, ben_page = start_friendly(world.site)
    statuses = [ask_mail(ben, ben_page, f"ben{i}@example.org") for i in range(4)]
    assert statuses == [303, 303, 303, 429]


def test_quiet_hours_hold_a_push_until_they_end(world: World) -> None:
    ana, _, ana_page, _ = start_friendly(world.site)
    game_id, ana_id = game_of(world, ana_page)
    subscribe(world, ana, ana_page)
    world.worker().run_once()
    directory = world.site.wiring.directory
    directory.update(replace(directory.profile(ana_id), quiet_hours="09:00-11:00"))
    world.clock.advance(minutes=2)  # the settings are read again
    before = len(world.push.received)
    play_until_turn_of(world, game_id, ana_id)
    move(world, game_id)
    play_until_turn_of(world, game_id, ana_id)
    world.worker().run_once()
    assert len(world.push.received) == before
    world.clock.current = START.replace(hour=11, minute=1)
    world.worker().run_once()
    assert len(world.push.wait_for(before + 1)) == before + 1


def test_a_browser_the_push_service_calls_gone_is_forgotten(world: World) -> None:
    ana, _, ana_page, _ = start_friendly(world.site)
    game_id, ana_id = game_of(world, ana_page)
    subscribe(world, ana, ana_page, "/push/gone")
    world.push.gone.add("/push/gone")
    play_until_turn_of(world, game_id, ana_id)
    world.worker().run_once()
    assert len(world.push.wait_for(1)) == 1
    assert SqlNotices(world.site.wiring.engine).subscriptions(ana_id) == []


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
    world: World, browser: PlaywrightBrowser, size: tuple[int, int]
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


def test_a_reminder_comes_by_push_in_the_players_language(world: World) -> None:
    ana, _, ana_page, _ = start_friendly(world.site)
    game_id, ana_id = game_of(world, ana_page)
    directory = world.site.wiring.directory
    directory.update(replace(directory.profile(ana_id), language="es"))
    world.clock.advance(minutes=2)  # the settings are read again
    subscribe(world, ana, ana_page)
    play_until_turn_of(world, game_id, ana_id)
    move(world, game_id)
    play_until_turn_of(world, game_id, ana_id)
    world.worker().run_once()
    turn = world.push.decrypt(world.push.wait_for(1)[-1])
    assert turn["title"] == "Te toca en la partida con Ben."
    service = world.site.wiring.service
    due = service.deadline(service.game(game_id))
    assert due is not None and due.player == ana_id and due.reminders
    world.clock.current = due.reminders[0] + timedelta(seconds=1)
    world.worker().run_once()
    reminder = world.push.decrypt(world.push.wait_for(2)[-1])
    assert reminder["title"].startswith("Recordatorio"), reminder
    assert reminder["game"] == game_id and not CARD.search(str(reminder))
    assert len(world.push.received) == 2


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
