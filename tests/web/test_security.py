"""Rate limits, revocation and key rotation, request size limits and the readiness checks.

Each check runs against a real server; the ones that need other settings start their own
(``make_site``), over the same database file where they must see the same players.
"""

from __future__ import annotations

import os
import time

from alembic import command

from adapters.sql.engine import create, writer
from adapters.sql.migrate import config
from adapters.sql.pulse import FilePulse
from adapters.web.readiness import Readiness
from tests.web.client import Browser, hidden_fields
from tests.web.conftest import Site, SiteFactory
from tests.web.test_api import friendly_game, refused, to_act


def test_moves_beyond_the_rate_are_refused_with_retry_after_and_change_nothing(
    make_site: SiteFactory,
) -> None:
    site = make_site(moves_per_minute=2)
    host, guest, game_id, game = friendly_game(site)
    token, seen = to_act(site, host, guest, game)
    body = {"command": "hand", "expected_version": seen["version"]}
    path = f"/api/v1/games/{game_id}/moves"
    assert site.http.post(path, body, token=token).status == 200
    assert site.http.post(path, body, token=token).status == 200
    before = site.events(game_id)
    answer = site.http.post(path, {**body, "command": seen["view"]["legal"][0]}, token=token)
    refused(answer, 429, "rate_limited")
    assert int(answer.headers["retry-after"]) >= 1
    assert site.events(game_id) == before
    other = guest if token == host else host
    assert site.http.post(path, body, token=other).status == 200, "the limit is per player"


def test_new_players_and_games_beyond_the_rate_are_refused(make_site: SiteFactory) -> None:
    site = make_site(invitations_per_hour=3)
    token = site.player()
    assert site.http.post("/api/v1/games", {}, token=token).status == 201
    assert site.http.post("/api/v1/players", {"name": "Zed"}).status == 201
    refused(site.http.post("/api/v1/games", {}, token=token), 429, "rate_limited")
    refused(site.http.post("/api/v1/players", {"name": "Zoe"}), 429, "rate_limited")
    assert site.http.get("/api/v1/games", token=token).json["games"].__len__() == 1
    browser = Browser(site.http)
    fields = hidden_fields(browser.get("/").text)
    assert browser.post_form("/games", {**fields, "opponent": "greedy"}).status == 429


def test_a_revoked_player_key_is_refused_in_every_process(make_site: SiteFactory) -> None:
    first = make_site()
    second = make_site(database_url=first.settings.effective_database_url)
    later = second.parts.capabilities
    passed = [0.0]  # the other process's clock, moved by hand
    later.monotonic = lambda: passed[0]
    token = first.player()
    player = first.parts.capabilities.read_player(token)
    assert second.http.get("/api/v1/games", token=token).status == 200
    first.parts.capabilities.revoke(player)
    refused(first.http.get("/api/v1/games", token=token), 403, "forbidden")
    renewed = first.parts.capabilities.player_token(player)
    assert first.http.get("/api/v1/games", token=renewed).status == 200
    passed[0] += later.ttl  # how long the other process trusts what it read
    refused(second.http.get("/api/v1/games", token=token), 403, "forbidden")
    assert second.http.get("/api/v1/games", token=renewed).status == 200


def test_rotating_the_keys_keeps_old_links_until_the_old_key_is_dropped(
    make_site: SiteFactory,
) -> None:
    old = make_site(keys=("the-old-key-0123456789",))
    url = old.settings.effective_database_url
    rotated = make_site(database_url=url, keys=("the-new-key-0123456789", "the-old-key-0123456789"))
    dropped = make_site(database_url=url, keys=("the-new-key-0123456789",))
    token = old.player()
    assert rotated.http.get("/api/v1/games", token=token).status == 200
    refused(dropped.http.get("/api/v1/games", token=token), 403, "forbidden")
    new = rotated.parts.capabilities.player_token(old.parts.capabilities.read_player(token))
    assert dropped.http.get("/api/v1/games", token=new).status == 200, "new links use the new key"


def test_a_form_larger_than_the_limit_is_refused(site: Site) -> None:
    browser = Browser(site.http)
    fields = hidden_fields(browser.get("/").text)
    answer = browser.post_form("/games", {**fields, "name": "x" * 20_000, "opponent": "greedy"})
    assert answer.status == 413 and 'id="message"' in answer.text


def test_readyz_wants_a_recent_worker_heartbeat(make_site: SiteFactory) -> None:
    site = make_site(heartbeat_seconds=30.0)
    assert site.http.get("/healthz").json == {"ok": True}
    answer = site.http.get("/readyz")
    assert answer.status == 503
    assert answer.json["checks"] == {"database": "ok", "migrations": "ok", "worker": "no heartbeat"}
    pulse = site.parts.readiness.pulse
    assert isinstance(pulse, FilePulse)
    pulse.beat()
    assert site.http.get("/readyz").json == {
        "ready": True,
        "checks": {"database": "ok", "migrations": "ok", "worker": "ok"},
    }
    long_ago = time.time() - 120
    os.utime(pulse.path, (long_ago, long_ago))
    late = site.http.get("/readyz")
    assert late.status == 503 and late.json["checks"]["worker"].startswith("last heartbeat 1")


def test_readyz_names_missing_migrations_and_an_unreachable_database(
    make_site: SiteFactory,
) -> None:
    site = make_site()
    site.parts.readiness.pulse.beat()
    alembic = config()
    with writer(site.wiring.engine).begin() as connection:
        alembic.attributes["connection"] = connection
        command.downgrade(alembic, "0001")
    answer = site.http.get("/readyz")
    assert answer.status == 503
    assert answer.json["checks"]["migrations"].startswith("at 0001, code expects")
    nowhere = create(
        "postgresql+psycopg://nobody@127.0.0.1:1/nothing", connect_args={"connect_timeout": 2}
    )
    try:
        checks = Readiness(
            nowhere, site.parts.readiness.pulse, site.parts.readiness.heartbeat
        ).checks()
    finally:
        nowhere.dispose()
    assert checks == {"database": "unreachable: OperationalError"}
