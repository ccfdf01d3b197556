"""A service with turn notices for the tests of ``test_turn_notices.py`` and
``test_notice_pages.py``: a real web server on SQLite with the email side on, sending to the
aiosmtpd server of the test suite, a local push endpoint that decrypts what it is sent
(``push_endpoint.py``, allowed by the test's own ``LOCAL_PUSH``), the worker of the web channel,
and a manual clock.  A worker can be
killed after sending a player's notice but before the outbox records it (``DiesBeforeRecording``)."""

from __future__ import annotations

import random
import re
from collections.abc import Collection, Iterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from adapters.bootstrap import build
from adapters.config import EmailSettings, MailServer, Settings, WebSettings, WorkerSettings
from adapters.mail.smtp import SmtpTransport
from adapters.outbound import Outbound
from adapters.sql.tables import outbox
from adapters.web.app import create_app, parts_for
from adapters.web.notices.push_services import PushServices
from adapters.web.notices.sender import web_sender
from adapters.web.server import web_server
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

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
SERVICE = "reply@conquian.test"
BEN_MAIL = "ben@example.org"
CARD = re.compile(r"(?<![0-9A-Za-z])(?:10|[A2-9TJQK])[CDHS♣♦♥♠](?![0-9A-Za-z])", re.IGNORECASE)
"""A card as any message writes one (``7C``, ``KS``, ``7♥``): a notice holds none."""
LINK = re.compile(r"https?://\S+")
LOCAL_PUSH = PushServices(
    hosts=("127.0.0.1",),
    scheme="http",
    any_port=True,
    outbound=Outbound(allowed=lambda address: address.is_loopback),
)
"""The push services of these tests: their local endpoint, plain http on 127.0.0.1 on a port of
its own, which the production rule refuses.  Composed here, in the test's wiring, only."""


def names_a_card(text: str) -> bool:
    """Whether ``text`` names a card outside its links (a link's random token may hold
    ``-4d_`` as well as anything else)."""
    return CARD.search(LINK.sub(" ", text)) is not None


@dataclass
class World:
    site: Site
    clock: ManualClock
    sink: SmtpSink
    push: PushEndpoint
    transport: SmtpTransport
    services: PushServices

    def worker(self, outbox: Outbox | None = None) -> Worker:
        """A worker process sending through the web channel (``outbox`` in place of the real)."""
        wiring = self.site.wiring
        parts = wiring if outbox is None else _Parts(wiring.service, wiring.directory, outbox)
        senders = {"web": web_sender(wiring, self.site.settings, self.transport, self.services)}
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

    def delivered(self, delivery_id: int, at: datetime, channel: str = "") -> None:
        version = self.world.site.wiring.service.game(self.game_id).version
        if _row(self.world, delivery_id) == (self.player, version):
            raise Killed
        self.real.delivered(delivery_id, at, channel)

    def retry(self, delivery_id: int, at: datetime, error: str) -> None:
        self.real.retry(delivery_id, at, error)

    def failed(self, delivery_id: int, error: str) -> None:
        self.real.failed(delivery_id, error)

    def release(self, delivery_ids: Collection[int], until: datetime) -> None:
        self.real.release(delivery_ids, until)


def _row(world: World, delivery_id: int) -> tuple[str, int]:
    with world.site.wiring.engine.connect() as connection:
        query = select(outbox.c.player, outbox.c.to_seq).where(outbox.c.id == delivery_id)
        player, to_seq = connection.execute(query).one()
        return str(player), int(to_seq)


def running(
    tmp_path: Path,
    smtp_sink: SmtpSink,
    database_url: str | None = None,
    services: PushServices = LOCAL_PUSH,
) -> Iterator[World]:
    """The world of one test (a fixture's body: ``yield from running(...)``), on SQLite in
    ``tmp_path`` or on ``database_url``, with the push services ``services``."""
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
        data_dir=tmp_path / "data",
        database_url=database_url,
        web=web,
        email=email,
        worker=WorkerSettings(batch_size=20),
    )
    wiring = build(settings, clock, SeededChance(5))
    transport = SmtpTransport(smtp)
    parts = parts_for(wiring, settings, mail=transport)
    assert parts.notices is not None
    parts = replace(parts, notices=replace(parts.notices, push=services))
    app = create_app(parts)
    server = web_server(app, web)
    site = Site(web.base_url, Http(web.base_url), wiring, settings, parts, server, app)
    push = PushEndpoint()
    try:
        yield World(site, clock, smtp_sink, push, transport, services)
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
