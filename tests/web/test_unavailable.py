"""A database that cannot be reached is answered 503 with a clear "try again" — JSON under
``/api``, a page elsewhere — and a ``Retry-After``; never a 500 or a traceback.

The database is made unreachable the way a stopped server is: the SQLite file's place holds a
directory, so every new connection fails (``unable to open database file``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from flask.testing import FlaskClient

from adapters.bootstrap import build
from adapters.config import Settings, WebSettings
from adapters.web.app import create_app, parts_for
from tests.web.conftest import KEY


class Outage:
    def __init__(self, database: Path) -> None:
        self.database = database
        self.away = database.with_name("away.db")

    def begin(self) -> None:
        self.database.rename(self.away)
        self.database.mkdir()

    def end(self) -> None:
        self.database.rmdir()
        self.away.rename(self.database)


@pytest.fixture
def client_and_outage(tmp_path: Path) -> Iterator[tuple[FlaskClient, Outage, dict[str, str]]]:
    settings = Settings(data_dir=tmp_path, web=WebSettings(keys=(KEY,)))
    wiring = build(settings)
    client = create_app(parts_for(wiring, settings)).test_client()
    token = client.post("/api/v1/players", json={"name": "Ana"}).json["token"]  # type: ignore[index]
    opened = client.post(
        "/api/v1/games", json={"opponent": "greedy"}, headers={"Authorization": f"Bearer {token}"}
    ).json
    assert opened is not None
    wiring.engine.dispose()
    yield client, Outage(tmp_path / "conquian.db"), {"token": token, **opened}
    wiring.close()


def test_the_api_answers_503_try_again_while_the_database_is_away(
    client_and_outage: tuple[FlaskClient, Outage, dict[str, str]],
) -> None:
    client, outage, known = client_and_outage
    bearer = {"Authorization": f"Bearer {known['token']}"}
    move = {"command": "pass", "expected_version": known["version"]}
    outage.begin()

    answers = [
        client.get("/api/v1/games", headers=bearer),
        client.post(f"/api/v1/games/{known['game_id']}/moves", json=move, headers=bearer),
    ]

    for answer in answers:
        assert answer.status_code == 503, answer.text
        assert answer.headers["Retry-After"] == "5"
        error = answer.json["error"]  # type: ignore[index]
        assert error["code"] == "unavailable"
        assert "try again" in error["message"]
    outage.end()
    assert client.get("/api/v1/games", headers=bearer).status_code == 200


def test_a_page_answers_503_try_again_while_the_database_is_away(
    client_and_outage: tuple[FlaskClient, Outage, dict[str, str]],
) -> None:
    client, outage, known = client_and_outage
    page = urlsplit(known["page_url"]).path
    outage.begin()

    answer = client.get(page)

    assert answer.status_code == 503
    assert answer.headers["Retry-After"] == "5"
    assert "try again" in answer.text and "Traceback" not in answer.text
    outage.end()
    assert client.get(page).status_code == 200
