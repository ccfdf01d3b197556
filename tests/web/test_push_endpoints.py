"""Web Push endpoints are not a way into the network (issue 31, item 1), over the real server.

A page registers only a push service's endpoint: every form of an inside address is refused
with a 400 that says why, and nothing is stored.  And the worker, which posts to the endpoints,
connects to none that leads inside, whatever was stored (a row written directly, as if DNS had
changed after registration): a listener on 127.0.0.1 counts zero connections.  On SQLite and
PostgreSQL."""

from __future__ import annotations

import ipaddress
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import select

from adapters.outbound import IpAddress, Outbound
from adapters.sql.notices import SqlNotices
from adapters.sql.tables import outbox
from adapters.web.push_services import PushServices
from tests.email.smtp_sink import SmtpSink
from tests.web.client import hidden_fields
from tests.web.listener import Listener
from tests.web.notices_world import START, World, game_of, play_until_turn_of, running
from tests.web.test_pages import start_friendly

BAD = (
    *("https://127.0.0.1:{port}/push", "https://localhost:{port}/push", "https://localhost/push"),
    *("https://169.254.169.254/latest/meta-data", "https://[::1]:{port}/push"),
    *("https://0x7f000001:{port}/push", "https://2130706433/push", "https://017700000001/push"),
    *("https://127.1/push", "https://10.0.0.1/push", "https://192.168.1.1/push"),
    *("https://[::ffff:127.0.0.1]/push", "https://[fe80::1]/push", "https://0.0.0.0/push"),
    *("https://fcm.googleapis.com@127.0.0.1:{port}/push", "https://fcm.googleapis.com:{port}/x"),
    *("https://127.0.0.1:{port}#@fcm.googleapis.com/x", "http://fcm.googleapis.com/fcm/send/x"),
    *("https://fcm.googleapis.com.127.0.0.1.nip.io/x", "https://evilnotify.windows.com/x"),
)
"""Loopback, link-local, private and unspecified addresses in their usual and odd spellings, a
name for this machine, and the tricks that put a push service's name beside another host."""


@pytest.fixture
def listener() -> Iterator[Listener]:
    one = Listener()
    yield one
    one.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def production(
    request: pytest.FixtureRequest, tmp_path: Path, smtp_sink: SmtpSink
) -> Iterator[World]:
    """The world with the push services as production composes them."""
    url = None if request.param == "sqlite" else request.getfixturevalue("postgres_databases")()
    yield from running(tmp_path, smtp_sink, url, PushServices())


def test_every_inside_endpoint_is_refused_with_a_400_and_nothing_stored(
    production: World, listener: Listener
) -> None:
    ana, _, ana_page, _ = start_friendly(production.site)
    _, ana_id = game_of(production, ana_page)
    csrf = hidden_fields(ana.get(ana_page).text)["csrf_token"]
    keys = production.push.subscription()
    for bad in BAD:
        endpoint = bad.format(port=listener.port)
        fields = {"csrf_token": csrf, **keys, "endpoint": endpoint}
        answer = ana.post_form(f"{ana_page}/notices/push", fields)
        assert answer.status == 400, endpoint
        assert "push services of the usual browsers" in answer.text, answer.text
    assert SqlNotices(production.site.wiring.engine).subscriptions(ana_id) == []
    assert listener.connections() == 0
    good = {"csrf_token": csrf, **keys, "endpoint": "https://fcm.googleapis.com/fcm/send/abc"}
    assert ana.post_form(f"{ana_page}/notices/push", good).status == 204  # the check can pass


def resolving_to_loopback(_host: str, _port: int) -> list[IpAddress]:
    return [ipaddress.ip_address("127.0.0.1")]


WAYS_INSIDE = {
    "dns_changed": PushServices(
        ("push.example",), any_port=True, outbound=Outbound(resolve=resolving_to_loopback)
    ),
    "localhost_allowed": PushServices(("localhost",), any_port=True),
}
"""The production rule for addresses, with a push service whose name now resolves to 127.0.0.1
(through the guard's injected resolver), or with ``localhost`` on the list of push services
(through the system's real resolver); the listener's port is allowed."""


@pytest.fixture(
    params=[(way, database) for way in WAYS_INSIDE for database in ("sqlite", "postgresql")],
    ids="-".join,
)
def inside(request: pytest.FixtureRequest, tmp_path: Path, smtp_sink: SmtpSink) -> Iterator[World]:
    way, database = request.param
    url = None if database == "sqlite" else request.getfixturevalue("postgres_databases")()
    yield from running(tmp_path, smtp_sink, url, WAYS_INSIDE[way])


def test_the_worker_connects_to_no_stored_endpoint_that_resolves_inside(
    inside: World, listener: Listener
) -> None:
    world = inside  # the world of one of WAYS_INSIDE
    _, _, ana_page, _ = start_friendly(world.site)
    game_id, ana_id = game_of(world, ana_page)
    notices = SqlNotices(world.site.wiring.engine)
    keys = world.push.subscription()
    host = world.services.hosts[0]
    endpoint = f"https://{host}:{listener.port}/push/ana"
    notices.subscribe(ana_id, endpoint, keys["p256dh"], keys["auth"], START)  # as if registered
    play_until_turn_of(world, game_id, ana_id)
    world.worker().run_once()
    world.clock.advance(minutes=30)
    world.worker().run_once()  # nothing to try again: no retry every 12-25 s
    assert listener.connections() == 0
    assert notices.subscriptions(ana_id) == []  # an endpoint that leads inside is forgotten
    with world.site.wiring.engine.connect() as connection:
        mine = select(outbox.c.status).where(outbox.c.game_id == game_id)
        assert {row.status for row in connection.execute(mine)} <= {"delivered", "superseded"}
