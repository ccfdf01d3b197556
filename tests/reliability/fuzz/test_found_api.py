"""What fuzzing the JSON API: tests/web/test_api.py style, through the real app found, each as the smallest input that showed it."""

from __future__ import annotations

from pathlib import Path

import pytest

# -- JSON API: tests/web/test_api.py style, through the real app ------------------------------------


def test_wrong_types_and_lone_surrogates_are_400(tmp_path: Path) -> None:
    from tests.reliability.fuzz.web_api import Api

    api = Api(tmp_path)
    try:
        bearer = {"Authorization": f"Bearer {api.tokens['<ana>']}"}
        listed = api.client.post("/api/v1/games", json={"opponent": ["greedy"]}, headers=bearer)
        assert listed.status_code == 400, listed.text
        lone = api.client.post(
            "/api/v1/players", data=b'{"name": "\\ud800"}', content_type="application/json"
        )
        assert lone.status_code == 400 and lone.json["error"]["code"] == "malformed_json"  # type: ignore[index]
    finally:
        api.close()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_nul_in_an_address_is_404_and_in_a_body_400(
    backend: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    from tests.reliability.fuzz.web_api import Api

    url = request.getfixturevalue("postgres_url") if backend == "postgresql" else None
    api = Api(tmp_path, url)  # on PostgreSQL, a NUL in a lookup was a DataError (500)
    try:
        bearer = {"Authorization": f"Bearer {api.tokens['<ana>']}"}
        for path in ("/api/v1/games/a%00b", "/api/v1/games/a%00b/log", "/p/a%00b"):
            assert api.client.get(path, headers=bearer).status_code == 404, path
        named = api.client.post("/api/v1/players", json={"name": "A\u0000na"})
        assert named.status_code == 400, named.text
    finally:
        api.close()
