"""A real web server for the web tests: the app on waitress over a socket, on a real database.

``site`` is one server for the whole session on a SQLite file (tests make their own players and
games, so they do not see each other's).  ``make_site`` starts another one with other settings
(rate limits, keys, PostgreSQL).  Both are stopped and their databases closed at the end.
"""

from __future__ import annotations

import shutil
import socket
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from flask import Flask

from adapters.bootstrap import Wiring, build
from adapters.config import EmailSettings, Settings, WebSettings
from adapters.web.app import create_app, parts_for
from adapters.web.context import Web
from adapters.web.server import WebServer, web_server
from service.ports.protocols import Chance
from tests.conftest import unavailable
from tests.web.client import Http

KEY = "web-tests-key-0123456789"
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "web"
"""Screenshots of the browser tests (ignored by git)."""
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class Site:
    """A running web server and what it was built from."""

    url: str
    http: Http
    wiring: Wiring
    settings: Settings
    parts: Web
    server: WebServer
    app: Flask

    def player(self, name: str = "Ana") -> str:
        """A new web player's token."""
        answer = self.http.post("/api/v1/players", {"name": name})
        assert answer.status == 201, answer.text
        token: str = answer.json["token"]
        return token

    def events(self, game_id: str) -> int:
        """How many events the game's log holds (to show a refusal changed nothing)."""
        return len(self.wiring.store.load(game_id))  # type: ignore[arg-type]

    def path(self, url: str) -> str:
        """The path of one of this site's absolute links."""
        assert url.startswith(self.url), url
        return url[len(self.url) :]


SiteFactory = Callable[..., Site]


@pytest.fixture(scope="session")
def make_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SiteFactory]:
    started: list[Site] = []

    def start(
        database_url: str | None = None,
        email: EmailSettings | None = None,
        chance: Chance | None = None,
        **web: object,
    ) -> Site:
        port = free_port()
        data = tmp_path_factory.mktemp("site")
        config = replace(
            WebSettings(
                port=port,
                keys=(KEY,),
                moves_per_minute=1_000_000,
                invitations_per_hour=1_000_000,
                poll_seconds=0.25,
                threads=4,
            ),
            **web,
        )
        settings = Settings(data_dir=data, database_url=database_url, web=config, email=email)
        wiring = build(settings, chance=chance)
        parts = parts_for(wiring, settings)
        app = create_app(parts)
        server = web_server(app, config)
        url = config.base_url
        site = Site(url, Http(url), wiring, settings, parts, server, app)
        started.append(site)
        return site

    yield start
    for site in started:
        site.server.stop()
        site.parts.readiness.pulse.close()
        site.wiring.close()


@pytest.fixture(scope="session")
def site(make_site: SiteFactory) -> Site:
    return make_site()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, object]) -> dict[str, object]:
    """pytest-playwright launches Debian's Chromium (deploy/ensure-chromium.sh installs it); it
    never downloads a browser of its own."""
    executable = shutil.which("chromium")
    if executable is None:
        unavailable("not installed", "Debian's chromium")
    return {**browser_type_launch_args, "executable_path": executable, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A scratch PostgreSQL database for this session (never the shared ``test`` database)."""
    from tests.bench.databases import Unreachable, postgresql_database

    try:
        with postgresql_database() as url:
            yield url
    except Unreachable as error:
        unavailable(str(error))
