"""A push subscription made with a leaked page link ends when the owner makes new links (issue
31, item 2), over the real server on SQLite and PostgreSQL.

Whoever holds the link (another browser, without the owner's key) can ask for notices, and
they then hear of the owner's turns until the owner makes new links: that forgets every
browser and the notice address, and no push message carries a page link — it leads to
``/games/<game>``, which opens the page only in the browser holding the key.  A link holder
cannot stop the owner's Web Push either: only that browser stops it in every browser."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from adapters.sql.notices import SqlNotices
from adapters.web.security import PLAYER_COOKIE
from tests.email.smtp_sink import SmtpSink
from tests.web.client import Browser, hidden_fields
from tests.web.notices_world import (
    LINK,
    World,
    ask_mail,
    confirm,
    game_of,
    play_until_turn_of,
    running,
    subscribe,
)
from tests.web.test_pages import start_friendly
from tests.web.test_rotation import revoke

THIEF_MAIL = "thief@example.org"


@pytest.fixture(params=["sqlite", "postgresql"])
def world(request: pytest.FixtureRequest, tmp_path: Path, smtp_sink: SmtpSink) -> Iterator[World]:
    """The world on SQLite, or on a new PostgreSQL database of its own (its games' ids are the
    seeded ones of every world: they cannot share one)."""
    fresh = request.getfixturevalue("postgres_databases") if request.param == "postgresql" else None
    yield from running(tmp_path, smtp_sink, fresh() if fresh else None)


def test_a_leaked_links_subscription_ends_when_the_owner_makes_new_links(world: World) -> None:
    ana, _, ana_page, _ = start_friendly(world.site)
    game_id, ana_id = game_of(world, ana_page)
    thief = Browser(world.site.http)  # the link, not Ana's key
    subscribe(world, thief, ana_page, "/push/thief")
    assert ask_mail(thief, ana_page, THIEF_MAIL) == 303
    confirm(world, world.sink.wait_for(1)[0])
    subscribe(world, ana, ana_page, "/push/ana")
    notices = SqlNotices(world.site.wiring.engine)
    assert len(notices.subscriptions(ana_id)) == 2 and notices.mail_of(ana_id) is not None

    rotated = revoke(ana, ana_page)
    assert rotated.status == 303
    new_page = world.site.path(rotated.headers["location"])
    assert notices.subscriptions(ana_id) == [] and notices.mail_of(ana_id) is None
    fields = {"csrf_token": hidden_fields(thief.get("/").text)["csrf_token"]}
    again = thief.post_form(f"{ana_page}/notices/push", {**fields, **world.push.subscription()})
    assert again.status == 404  # the old link is dead
    subscribe(world, ana, new_page, "/push/ana")  # her browser, as notices.js does at each visit

    play_until_turn_of(world, game_id, ana_id)
    world.worker().run_once()
    pushed = world.push.wait_for(1)
    assert [one.path for one in pushed] == ["/push/ana"]
    assert len(world.sink.to(THIEF_MAIL)) == 1  # the confirmation, nothing after
    payload = world.push.decrypt(pushed[-1])
    assert "/p/" not in str(payload) and new_page.rsplit("/", 1)[1] not in str(payload)
    for url in LINK.findall(str(payload)):  # every link in it: nothing without the key
        assert thief.get(world.site.path(url.rstrip("',}"))).headers["location"] == "/"
    opened = ana.get(world.site.path(payload["url"]))
    assert opened.status == 303 and world.site.path(opened.headers["location"]) == new_page


def test_a_new_api_token_forgets_the_browsers_too(world: World) -> None:
    ana, _, ana_page, _ = start_friendly(world.site)
    _, ana_id = game_of(world, ana_page)
    subscribe(world, Browser(world.site.http), ana_page, "/push/thief")
    answer = world.site.http.post("/api/v1/players/me/token", token=ana.cookies[PLAYER_COOKIE])
    assert answer.status == 201
    assert SqlNotices(world.site.wiring.engine).subscriptions(ana_id) == []


def test_a_link_holder_cannot_stop_the_owners_push(world: World) -> None:
    ana, _, ana_page, _ = start_friendly(world.site)
    _, ana_id = game_of(world, ana_page)
    subscribe(world, ana, ana_page, "/push/ana")
    notices = SqlNotices(world.site.wiring.engine)
    thief = Browser(world.site.http)
    shown = thief.get(ana_page).text
    assert 'id="push-off-all"' not in shown and "data-yours" not in shown
    off = f"{ana_page}/notices/push/off"
    csrf = hidden_fields(shown)["csrf_token"]
    refused = thief.post_form(off, {"csrf_token": csrf})
    assert refused.status == 403 and "Only the browser you play in" in refused.text
    guessed = world.push.url + "/push/thief"
    assert thief.post_form(off, {"csrf_token": csrf, "endpoint": guessed}).status == 303
    assert [one.endpoint for one in notices.subscriptions(ana_id)] == [world.push.url + "/push/ana"]

    mine = ana.get(ana_page).text
    assert 'id="push-off-all"' in mine and 'data-yours="1"' in mine
    assert ana.post_form(off, {"csrf_token": hidden_fields(mine)["csrf_token"]}).status == 303
    assert notices.subscriptions(ana_id) == []
